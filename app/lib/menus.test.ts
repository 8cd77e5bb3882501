import { describe, expect, it } from "vitest";
import { defaultNavigation } from "../../common/content/navigation.ts";
import { isMissingPage, siteMenus } from "./menus.tsx";
import { defaultNavServices } from "./nav-services.ts";

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
    const menus = siteMenus(defaultNavigation, [], defaultNavServices);
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
      ...defaultNavServices.map((service) => service.path),
    ]);
    // The terms page is not published on a fresh install: "Terms of Service" is text.
    expect(menus.footerBottom[1]).toEqual({ label: "Terms of Service" });
  });
});

describe("siteMenus with services staff changed", () => {
  it("links a new service's page from the menus, however it is linked", () => {
    const services = [
      ...defaultNavServices,
      { slug: "websites", path: "/websites", name: "Websites", footerLabel: "Websites" },
    ];
    const navigation = structuredClone(defaultNavigation);
    const menus = siteMenus(navigation, [], services);
    const dropdown = menus.bar[2];
    expect(dropdown?.kind === "menu" && dropdown.items.at(-1)).toMatchObject({
      to: "/websites",
      label: "Websites",
    });
    expect(isMissingPage("/websites", new Set(["websites"]))).toBe(false);
  });
});
