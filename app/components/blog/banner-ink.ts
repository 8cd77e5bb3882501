/**
 * The text colour for a post's banner: navy on light backgrounds, white on dark ones,
 * whichever contrasts more with the post's `bg` (#rgb, #rgba, #rrggbb or #rrggbbaa).
 */
export function bannerInk(hex: string): "#021d4a" | "#ffffff" {
  const value = hex.replace("#", "");
  const full =
    value.length <= 4 ? [...value.slice(0, 3)].map((c) => c + c).join("") : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  if ([r, g, b].some((channel) => channel === undefined || Number.isNaN(channel))) return "#021d4a";
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  // Navy #021d4a has a luminance of about 0.013: above 0.18 it contrasts more than white.
  return luminance > 0.18 ? "#021d4a" : "#ffffff";
}
