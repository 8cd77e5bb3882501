/**
 * The brand colours' shades, as CSS custom properties (app/styles/app.css declares them in
 * `@theme`; Tailwind's `brand`, `navy`, `accent…` classes read them). The two colours an owner
 * picks (Site identity) make the rest: a colour that fails WCAG AA for text (4.5:1 on white)
 * is kept for fills and large display text, and text gets a darker shade of it, as the ruling
 * on #DD8D15 does (spec decisions: "accent-ink"). The site's own colours keep the shades
 * chosen by hand in app.css: with them nothing is written into the page.
 */
import { site } from "./site-config.ts";

/** A colour as "#rrggbb" (lower case). */
export type Hex = `#${string}`;

/** The WCAG AA contrast that text of body size needs. */
export const AA_TEXT = 4.5;

const channels = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: readonly number[]): Hex =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Relative luminance (WCAG 2.2). */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` moved `amount` (0 to 1) of the way to `toward`, channel by channel. */
function mix(colour: string, toward: string, amount: number): Hex {
  const from = channels(colour);
  const to = channels(toward);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount));
}

/**
 * The colour itself when it reaches `ratio` against `background`, else the first shade of it
 * toward `toward` (black: darker, white: lighter) that does.
 */
function shadeReaching(colour: string, background: string, toward: string, ratio = AA_TEXT): Hex {
  for (let step = 0; step <= 100; step += 1) {
    const shade = mix(colour, toward, step / 100);
    if (contrastRatio(shade, background) >= ratio) return shade;
  }
  return toHex(channels(toward));
}

/** The text shade of a colour on white: itself when it passes AA, else darker. */
export const textShadeOf = (colour: string): Hex => shadeReaching(colour, "#ffffff", "#000000");

/** The custom properties the two brand colours set. */
export const BRAND_PROPERTIES = [
  "--color-brand",
  "--color-brand-700",
  "--color-navy",
  "--color-brand-50",
  "--color-brand-100",
  "--color-accent",
  "--color-accent-ink",
  "--color-accent-soft",
  "--color-accent-50",
] as const;
export type BrandProperty = (typeof BRAND_PROPERTIES)[number];
export type BrandPalette = Record<BrandProperty, Hex>;

/** app.css's shades of the site's own colours, chosen by hand (a test checks they match). */
export const DEFAULT_PRIMARY_SHADES = {
  "--color-brand": "#053685",
  "--color-brand-700": "#042b6a",
  "--color-navy": "#021d4a",
  "--color-brand-50": "#eef3fb",
  "--color-brand-100": "#d9e4f5",
} as const satisfies Partial<BrandPalette>;
export const DEFAULT_ACCENT_SHADES = {
  "--color-accent": "#dd8d15",
  "--color-accent-ink": "#9a5b00",
  "--color-accent-soft": "#f2a93b",
  "--color-accent-50": "#fdf4e6",
} as const satisfies Partial<BrandPalette>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A colour staff gave an item (a team card's strip): the built-in primary or accent follows the
 * stored identity (the theme's custom property, which the root writes from it, issue 47); any
 * other colour stays as picked.
 */
export function brandedColour(colour: string): string {
  if (same(colour, site.colors.primary)) return "var(--color-brand)";
  if (same(colour, site.colors.accent)) return "var(--color-accent)";
  return colour;
}

/**
 * Every shade of the two colours. The primary is the text, link and button colour on white
 * (white text on it): a primary under AA is darkened until it passes. The accent stays as
 * picked for fills, icons and large text; "accent-ink" is its text shade on white and
 * "accent-soft" its shade that reads on the primary.
 */
export function brandPalette(colours: { primary: string; accent: string }): BrandPalette {
  const primary = same(colours.primary, site.colors.primary)
    ? DEFAULT_PRIMARY_SHADES
    : (() => {
        const brand = textShadeOf(colours.primary.toLowerCase());
        return {
          "--color-brand": brand,
          "--color-brand-700": mix(brand, "#000000", 0.2),
          "--color-navy": mix(brand, "#000000", 0.55),
          "--color-brand-50": mix(brand, "#ffffff", 0.93),
          "--color-brand-100": mix(brand, "#ffffff", 0.85),
        };
      })();
  const accent =
    same(colours.accent, site.colors.accent) && same(colours.primary, site.colors.primary)
      ? DEFAULT_ACCENT_SHADES
      : {
          "--color-accent": colours.accent.toLowerCase() as Hex,
          "--color-accent-ink": textShadeOf(colours.accent.toLowerCase()),
          "--color-accent-soft": shadeReaching(
            colours.accent.toLowerCase(),
            primary["--color-brand"],
            "#ffffff",
          ),
          "--color-accent-50": mix(colours.accent.toLowerCase(), "#ffffff", 0.9),
        };
  return { ...primary, ...accent };
}

/**
 * The custom properties the page must set for these colours: only those that differ from
 * app.css's (none for the site's own colours, so its pages stay as they are).
 */
export function brandStyle(colours: { primary: string; accent: string }): Record<string, string> {
  const palette = brandPalette(colours);
  const defaults: BrandPalette = { ...DEFAULT_PRIMARY_SHADES, ...DEFAULT_ACCENT_SHADES };
  const style: Record<string, string> = {};
  for (const property of BRAND_PROPERTIES) {
    if (palette[property] !== defaults[property]) style[property] = palette[property];
  }
  return style;
}

/** The browser's bar colour (`theme-color`, the manifest): the primary as the site uses it. */
export const themeColourOf = (identity: { primaryColour: string; accentColour: string }): Hex =>
  brandPalette({ primary: identity.primaryColour, accent: identity.accentColour })["--color-brand"];

// --- The built-in pictures (issue 47, item 3; decision 0049) --------------------------------

/**
 * The colours the built-in illustrations (public/images/*.svg, scripts/generate-images.ts) are
 * drawn in besides the shades above: a brighter blue, a deeper navy and two pale blues. Each is
 * made from the primary as the shades are.
 */
const PICTURE_EXTRAS: Record<string, (brand: Hex) => Hex> = {
  "#0a4fb5": (brand) => toHex(channels(brand).map((c) => c * 1.36)),
  "#01132f": (brand) => mix(brand, "#000000", 0.65),
  "#c9d6ee": (brand) => mix(brand, "#ffffff", 0.8),
  "#e1e9f6": (brand) => mix(brand, "#ffffff", 0.9),
};

/** Every built-in colour a built-in picture may carry (lower case): what a recolour replaces. */
export const BUILT_IN_PICTURE_COLOURS: readonly Hex[] = [
  ...Object.values(DEFAULT_PRIMARY_SHADES),
  ...Object.values(DEFAULT_ACCENT_SHADES),
  ...(Object.keys(PICTURE_EXTRAS) as Hex[]),
];

/** Whether two colours are the site's own (a built-in picture is then answered as it is). */
export const isBuiltInPalette = (colours: { primary: string; accent: string }): boolean =>
  same(colours.primary, site.colors.primary) && same(colours.accent, site.colors.accent);

/**
 * Each built-in colour of the pictures and what it becomes in these colours (undefined for the
 * site's own colours: nothing to replace).
 */
export function pictureColourMap(colours: {
  primary: string;
  accent: string;
}): Map<string, Hex> | undefined {
  if (isBuiltInPalette(colours)) return undefined;
  const palette = brandPalette(colours);
  const defaults: BrandPalette = { ...DEFAULT_PRIMARY_SHADES, ...DEFAULT_ACCENT_SHADES };
  const map = new Map<string, Hex>();
  for (const property of BRAND_PROPERTIES) map.set(defaults[property], palette[property]);
  for (const [colour, make] of Object.entries(PICTURE_EXTRAS)) {
    map.set(colour, make(palette["--color-brand"]));
  }
  return map;
}

const HEX_COLOUR = /#[0-9a-fA-F]{6}(?![0-9a-fA-F])/g;

/** Whether a picture's text carries a built-in colour. */
export const carriesBuiltInColour = (svg: string): boolean =>
  [...svg.matchAll(HEX_COLOUR)].some((match) =>
    BUILT_IN_PICTURE_COLOURS.includes(match[0].toLowerCase() as Hex),
  );

/** An SVG's text with each built-in colour replaced by its counterpart in `map`. */
export const recolourSvg = (svg: string, map: ReadonlyMap<string, Hex>): string =>
  svg.replace(HEX_COLOUR, (colour) => map.get(colour.toLowerCase()) ?? colour);
