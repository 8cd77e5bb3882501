import { describe, expect, it } from "vitest";
import { sitePath } from "./site-path.ts";

describe("sitePath", () => {
  it("answers this site's paths, normalised", () => {
    expect(sitePath("/contact")).toBe("/contact");
    expect(sitePath("/blog?page=2#top")).toBe("/blog?page=2#top");
    expect(sitePath("/a/../about")).toBe("/about");
    expect(sitePath("/blog/caf\u00e9")).toBe("/blog/caf%C3%A9");
    expect(sitePath("/%2F%2Fevil.test")).toBe("/%2F%2Fevil.test");
  });

  it("answers nothing for a path that would lead to another site, or no path", () => {
    for (const value of [
      "//evil.test/x",
      "/\\evil.test/login",
      "/\\/evil.test",
      "/\t/evil.test",
      "/\n/evil.test",
      "\\\\evil.test",
      "https://evil.test/",
      "javascript:alert(1)",
      "contact",
      "",
    ]) {
      expect(sitePath(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
