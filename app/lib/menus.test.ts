import { describe, expect, it } from "vitest";
import { defaultNavigation } from "../../common/content/navigation.ts";
import { isMissingPage, menuServices, siteMenus } from "./menus.tsx";

describe("isMissingPage", () => {
  const published = new Set(["terms-of-service"]);
  it("is true for a staff page's address that is not published", () => {
    expect(isMissingPage("/terms", published)).toBe(true);
    expect(isMissingPage("/careers?x=1#top", published)).toBe(true);
  });
  it("is false for a published staff page, a built-in page and deeper paths", () => {
    expect(isMissingPage("/terms-of-service", published)).toBe(false);
    for (const path of [
      "/",
      "/about",
      "/about/team",
      "/social-media",
      "/blog/a-post",
      "/policy#x",
    ]) {
      expect(isMissingPage(path, published)).toBe(false);
    }
  });
});

describe("siteMenus", () => {
  it("lists today's services: the footer's column as spec §2 names them", () => {
    const menus = siteMenus(defaultNavigation, []);
    expect(menus.footerColumns[1]?.links.map((entry) => entry.label)).toEqual([
      "Social Media Marketing",
      "Social Media Management",
      "Digital Management",
      "Video Content Creation",
      "Ads Campaigns Management",
      "Branding/Graphics",
      "Page Revamp",
    ]);
    const dropdown = menus.bar[2];
    expect(dropdown?.kind === "menu" && dropdown.items.map((item) => item.to)).toEqual([
      "/services",
      ...menuServices.map((service) => service.path),
    ]);
    // The terms page is not published on a fresh install: "Terms of Service" is text.
    expect(menus.footerBottom[1]).toEqual({ label: "Terms of Service" });
  });
});
