import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AA_TEXT,
  BRAND_PROPERTIES,
  brandPalette,
  brandStyle,
  contrastRatio,
  textShadeOf,
} from "./brand-colours.ts";
import { site } from "./site-config.ts";

const appCss = readFileSync(path.resolve(import.meta.dirname, "../app/styles/app.css"), "utf8");

describe("the brand colours' shades", () => {
  it("are app.css's own for the site's colours, so nothing is written into the page", () => {
    const palette = brandPalette({ primary: site.colors.primary, accent: site.colors.accent });
    for (const property of BRAND_PROPERTIES) {
      expect(appCss, property).toContain(`${property}: ${palette[property]};`);
    }
    expect(brandStyle({ primary: "#053685", accent: "#DD8D15" })).toEqual({});
  });

  it("give a colour that fails AA for text a darker text shade that passes", () => {
    expect(contrastRatio("#dd8d15", "#ffffff")).toBeLessThan(AA_TEXT);
    const shade = textShadeOf("#ffd23f");
    expect(contrastRatio(shade, "#ffffff")).toBeGreaterThanOrEqual(AA_TEXT);
    expect(textShadeOf("#0b6e4f")).toBe("#0b6e4f");
    const palette = brandPalette({ primary: "#66aaff", accent: "#ffd23f" });
    // The primary is the text and button colour: darkened until white text on it passes.
    expect(contrastRatio(palette["--color-brand"], "#ffffff")).toBeGreaterThanOrEqual(AA_TEXT);
    expect(palette["--color-accent"]).toBe("#ffd23f");
    expect(palette["--color-accent-ink"]).toBe(shade);
    expect(
      contrastRatio(palette["--color-accent-soft"], palette["--color-brand"]),
    ).toBeGreaterThanOrEqual(AA_TEXT);
    expect(Object.keys(brandStyle({ primary: "#053685", accent: "#ffd23f" }))).toEqual([
      "--color-accent",
      "--color-accent-ink",
      "--color-accent-soft",
      "--color-accent-50",
    ]);
  });
});
