import { describe, expect, it } from "vitest";
import { bannerInk } from "./banner-ink.ts";

describe("bannerInk", () => {
  it("writes navy on light backgrounds", () => {
    for (const bg of ["#ffffff", "#fff", "#FFF8", "#dd8d15", "#f0f4ff80"]) {
      expect(bannerInk(bg), bg).toBe("#021d4a");
    }
  });
  it("writes white on dark backgrounds", () => {
    for (const bg of ["#053685", "#000", "#021d4a", "#b3261e"]) {
      expect(bannerInk(bg), bg).toBe("#ffffff");
    }
  });
  it("falls back to navy for a colour it cannot read", () => {
    expect(bannerInk("#zzzzzz")).toBe("#021d4a");
  });
});
