import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import {
  BUILT_IN_PICTURE_COLOURS,
  carriesBuiltInColour,
  contrastRatio,
  pictureColourMap,
} from "../../common/brand-colours.ts";
import { builtInPictureSrc, shareCardSrc } from "../../common/built-in-pictures.ts";
import { defaultIdentity, type SiteIdentity } from "../../common/identity.ts";
import { call, useTestApp } from "./helpers.ts";

// Issue 47, item 3 (decision 0049): the built-in pictures are answered at their own
// addresses in the stored identity's colours; the share card is drawn with its name.

const green: SiteIdentity = {
  ...defaultIdentity,
  name: "Lagos Bloom Media",
  tagline: "Green growth for Lagos brands",
  primaryColour: "#1b5e20",
  accentColour: "#ffb300",
};

const PICTURES = [
  "/images/hero.svg",
  "/images/about-level-up.svg",
  "/images/contact-banner.svg",
  "/images/team.svg",
  "/images/services/ads.svg",
  "/images/carousel/slide-1.svg",
  "/images/portfolio/video-1.svg",
  "/images/team/amaka.svg",
  "/images/avatars/default.svg",
  "/favicon.svg",
];

/** The share of a PNG's pixels in a colour near `hex` (each channel within 24). */
async function shareOf(png: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (want.every((c, k) => Math.abs(data[i + k]! - c) <= 24)) near += 1;
  }
  return near / (data.length / info.channels);
}

describe("the built-in pictures follow the identity", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));

  it("answers the built-in pictures as built while the identity keeps its colours", async () => {
    for (const url of PICTURES) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(200);
      expect(carriesBuiltInColour(answer.body), url).toBe(true);
      expect(answer.headers["cache-control"], url).toBe("public, max-age=3600");
    }
    expect(builtInPictureSrc("/images/hero.svg", defaultIdentity)).toBe("/images/hero.svg");
    expect(shareCardSrc(defaultIdentity)).toBe("/images/og-default.png");
  });

  it("recolours every built-in SVG and draws the share card again after a save, at once", async () => {
    const owner = await t.adminHeaders();
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: green,
    });
    expect(saved.status).toBe(200);
    const map = pictureColourMap({ primary: green.primaryColour, accent: green.accentColour })!;
    for (const url of PICTURES) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["content-type"], url).toContain("image/svg+xml");
      expect(carriesBuiltInColour(answer.body), url).toBe(false);
      expect(answer.body.toLowerCase(), url).toContain(green.primaryColour);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
      // A second ask with its ETag is a 304.
      const again = await t.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": String(answer.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
    expect(map.get("#053685")).toBe(green.primaryColour);
    // The address the pages write carries the version, and may be kept.
    const versioned = builtInPictureSrc("/images/hero.svg", green);
    expect(versioned).toBe("/images/hero.svg?v=1b5e20ffb300");
    const kept = await t.app.inject({ method: "GET", url: versioned });
    expect(kept.headers["cache-control"]).toBe("public, max-age=86400");
    expect(carriesBuiltInColour(kept.body)).toBe(false);
    // Compressed like the static file.
    const br = await t.app.inject({
      method: "GET",
      url: "/images/contact-banner.svg",
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");

    const card = shareCardSrc(green);
    expect(card).toMatch(/^\/images\/og-default\.png\?v=[0-9a-z]+$/);
    const png = await t.app.inject({ method: "GET", url: card });
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(await shareOf(png.rawPayload, green.primaryColour)).toBeGreaterThan(0.5);
    // The pale shades are too near the card's white words to tell apart in pixels.
    for (const colour of BUILT_IN_PICTURE_COLOURS.filter(
      (c) => contrastRatio(c, "#ffffff") > 1.5,
    )) {
      expect(await shareOf(png.rawPayload, colour), colour).toBeLessThan(0.01);
    }

    // Back to the built-in colours: the files as built again.
    const back = await call(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: defaultIdentity,
    });
    expect(back.status).toBe(200);
    const hero = await t.app.inject({ method: "GET", url: "/images/hero.svg" });
    expect(carriesBuiltInColour(hero.body)).toBe(true);
    const builtInCard = await t.app.inject({ method: "GET", url: "/images/og-default.png" });
    expect(await shareOf(builtInCard.rawPayload, "#053685")).toBeGreaterThan(0.5);
  });
});
