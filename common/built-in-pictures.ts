/**
 * The built-in pictures that follow the stored identity (issue 47, item 3; decision 0049):
 * the share card's drawing, and the address a page gives a built-in picture so that a new
 * name or colour is a new address (the server answers every built-in SVG and the share card in
 * the identity's colours, web/brand-pictures.ts).
 */
import { brandPalette, isBuiltInPalette } from "./brand-colours.ts";
import { defaultIdentity, type SiteIdentity } from "./identity.ts";
import { escapeMarkup } from "./markup.ts";

/** The built-in share picture (a PNG: social networks take no SVG). */
export const SHARE_CARD_PATH = "/images/og-default.png";
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
/** The fonts a raster picture is drawn with (those the server has). */
export const RASTER_FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** The share card as an SVG: the name and tagline on the primary, two accent marks. */
export function shareCardSvg(card: {
  name: string;
  tagline: string;
  primary: string;
  accent: string;
}): string {
  const palette = brandPalette({ primary: card.primary, accent: card.accent });
  const { width, height } = SHARE_CARD_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="1200" height="630" fill="${palette["--color-brand"]}"/><circle cx="1060" cy="110" r="230" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="70"/><circle cx="1100" cy="560" r="46" fill="${palette["--color-accent"]}"/><rect x="80" y="360" width="160" height="14" rx="7" fill="${palette["--color-accent"]}"/><text x="80" y="300" font-family="${RASTER_FONT}" font-size="84" font-weight="700" fill="#fff">${escapeMarkup(card.name)}</text><text x="80" y="450" font-family="${RASTER_FONT}" font-size="30" fill="${palette["--color-brand-100"]}">${escapeMarkup(card.tagline)}</text></svg>`;
}

/** A short, stable mark of a text (FNV-1a, base 36): a version in an address. */
function mark(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

type Colours = Pick<SiteIdentity, "primaryColour" | "accentColour">;

/** The version of the built-in SVGs for these colours (none for the site's own colours). */
export function pictureVersion(identity: Colours): string | undefined {
  const colours = { primary: identity.primaryColour, accent: identity.accentColour };
  return isBuiltInPalette(colours)
    ? undefined
    : `${colours.primary}${colours.accent}`.replaceAll("#", "").toLowerCase();
}

/** The version of the share card: its name, tagline and colours (none when all are built in). */
export function shareCardVersion(
  identity: Colours & Pick<SiteIdentity, "name" | "tagline">,
): string | undefined {
  const colours = pictureVersion(identity);
  const { name, tagline } = defaultIdentity;
  if (!colours && identity.name === name && identity.tagline === tagline) {
    return undefined;
  }
  return mark(`${identity.name}\n${identity.tagline}\n${colours ?? ""}`);
}

/** The share card's address for an identity (as it is when nothing of it is changed). */
export function shareCardSrc(identity: Colours & Pick<SiteIdentity, "name" | "tagline">): string {
  const version = shareCardVersion(identity);
  return version ? `${SHARE_CARD_PATH}?v=${version}` : SHARE_CARD_PATH;
}

/**
 * The address a page gives a built-in picture (/images/…): as it is for the site's own colours,
 * with `?v=` and the colours' version otherwise, so a browser that kept the old colours asks
 * again. Any other address (an upload) is left as it is.
 */
export function builtInPictureSrc(src: string, identity: Colours): string {
  if (!src.startsWith("/images/") || !src.endsWith(".svg")) return src;
  const version = pictureVersion(identity);
  return version ? `${src}?v=${version}` : src;
}
