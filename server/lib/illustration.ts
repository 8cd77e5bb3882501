import sharp from "sharp";
import { defaultIdentity } from "../../common/identity.ts";
import { escapeMarkup } from "../../common/markup.ts";

const BLUE = defaultIdentity.primaryColour;
const ORANGE = defaultIdentity.accentColour;

/**
 * An illustration in the brand colours: stripes, circles and an optional caption. The seed
 * draws the sample posts' pictures with it; the tests' image factories build on it too.
 */
export function illustrationSvg(width: number, height: number, caption = "", seed = 1): string {
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = ((seed * 37 + i * 53) % 90) + 40;
    const cx = ((seed * 97 + i * 211) % width) | 0;
    const cy = ((seed * 61 + i * 127) % height) | 0;
    const fill = i % 2 === 0 ? ORANGE : "#ffffff";
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" opacity="${0.12 + (i % 3) * 0.08}"/>`,
    );
  }
  const text = caption
    ? `<text x="${width / 2}" y="${height / 2}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height / 10)}" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeMarkup(caption)}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BLUE}"/><stop offset="1" stop-color="#021a45"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shapes.join("\n  ")}
  <rect x="0" y="${height - height / 12}" width="${width}" height="${height / 12}" fill="${ORANGE}"/>
  ${text}
</svg>`;
}

/** The illustration as a PNG. */
export async function illustrationPng(
  width = 1200,
  height = 630,
  caption = "",
  seed = 1,
): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(width, height, caption, seed)))
    .png()
    .toBuffer();
}
