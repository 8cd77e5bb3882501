import { describe, expect, it } from "vitest";
import { navigationSchema } from "../schemas/navigation.ts";
import { defaultNavigation, resolveMenus, type MenuService } from "./navigation.ts";

// Today's menus, written out as spec §2 and the site show them: the default setting must
// resolve to exactly these (issue 47 item 4, decision 0047).

const services: MenuService[] = [
  { slug: "a", path: "/a", name: "Service A", footerLabel: "Footer A" },
  { slug: "b", path: "/b", name: "Service B", footerLabel: "Footer B" },
];
const link = (to: string, label: string, highlight = false) => ({ to, label, highlight });

describe("the default menus", () => {
  const menus = resolveMenus(defaultNavigation, services);

  it("are a valid setting", () => {
    expect(navigationSchema.parse(defaultNavigation)).toEqual(defaultNavigation);
  });

  it("give today's bar: Home, About Us, Our Services, Blog, Policy and the Contact Us button", () => {
    expect(menus.bar).toEqual([
      { kind: "link", ...link("/", "Home") },
      {
        kind: "menu",
        label: "More about us",
        link: { to: "/about", label: "About Us" },
        items: [link("/about", "About the agency", true), link("/about/team", "Our Team")],
      },
      {
        kind: "menu",
        label: "Our Services",
        items: [
          link("/services", "All services", true),
          link("/a", "Service A"),
          link("/b", "Service B"),
        ],
      },
      { kind: "link", ...link("/blog", "Blog") },
      { kind: "link", ...link("/policy", "Policy") },
      { kind: "link", ...link("/contact", "Contact Us", true) },
    ]);
  });

  it("give today's drawer, Our Team indented under About", () => {
    expect(menus.drawer).toEqual([
      link("/", "Home"),
      link("/about", "About"),
      link("/about/team", "Our Team", true),
      link("/services", "Our Services"),
      link("/blog", "Blog"),
      link("/contact", "Contact"),
      link("/policy", "Policy"),
    ]);
  });

  it("give today's footer: Our Company, the services by their footer labels, the policy", () => {
    expect(menus.footerColumns).toEqual([
      {
        id: "footer-company",
        heading: "Our Company",
        links: [
          { to: "/", label: "Home" },
          { to: "/about", label: "About us" },
          { to: "/services", label: "Our Services" },
          { to: "/blog", label: "Blog" },
          { to: "/contact", label: "Contact" },
          { to: "/policy", label: "Policy" },
        ],
      },
      {
        id: "footer-services",
        heading: "Our Services",
        links: [
          { to: "/a", label: "Footer A" },
          { to: "/b", label: "Footer B" },
        ],
      },
    ]);
    expect(menus.footerBottom).toEqual([
      { to: "/policy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ]);
  });

  it("give today's 404 lists", () => {
    expect(menus.notFoundPopular).toEqual([
      link("/", "Home"),
      link("/about", "About Us"),
      link("/services", "Our Services"),
      link("/blog", "Blog"),
      link("/contact", "Contact Us"),
    ]);
    expect(menus.notFoundServices).toEqual([link("/a", "Service A"), link("/b", "Service B")]);
  });
});

describe("resolveMenus", () => {
  it("follows the services it is given: none, renamed, reordered", () => {
    expect(resolveMenus(defaultNavigation, []).footerColumns[1]?.links).toEqual([]);
    const renamed = [{ ...services[1]!, name: "Renamed" }, services[0]!];
    expect(resolveMenus(defaultNavigation, renamed).notFoundServices).toEqual([
      link("/b", "Renamed"),
      link("/a", "Service A"),
    ]);
  });

  it("leaves a missing page out of the header and the 404 page, and shows it as text in the footer", () => {
    const missing = (path: string) => path === "/terms" || path === "/about";
    const menus = resolveMenus(
      {
        ...defaultNavigation,
        drawer: [{ kind: "link", label: "Terms", to: "/terms", highlight: false }],
      },
      services,
      missing,
    );
    expect(menus.drawer).toEqual([]);
    expect(menus.footerBottom).toEqual([
      { to: "/policy", label: "Privacy Policy" },
      { label: "Terms of Service" },
    ]);
    // About Us loses its link and its first entry, and keeps its menu.
    expect(menus.bar[1]).toEqual({
      kind: "menu",
      label: "More about us",
      items: [link("/about/team", "Our Team")],
    });
  });

  it("turns a dropdown with no entries left into its link alone", () => {
    const menus = resolveMenus(
      {
        ...defaultNavigation,
        bar: [
          {
            kind: "menu",
            label: "More",
            link: { label: "Work", to: "/work" },
            items: [{ kind: "link", label: "Gone", to: "/gone", highlight: false }],
          },
        ],
      },
      services,
      (path) => path === "/gone",
    );
    expect(menus.bar).toEqual([{ kind: "link", ...link("/work", "Work") }]);
  });
});
