import { defaultNavServices, type NavService } from "./nav-services.ts";

// The site's navigation, in one place (issue 28): the header's bar and drawer, the footer,
// the 404 page, the sitemap and the tests' lists of public pages all read it. Each place
// keeps the labels and the order the spec gives it (§2 Navigation).

/** A link of a menu: where it goes and what it says there. */
export interface NavItem {
  to: string;
  label: string;
}

/** The address of each page that is not a service page (services.ts has those). */
export const paths = {
  home: "/",
  about: "/about",
  team: "/about/team",
  services: "/services",
  blog: "/blog",
  policy: "/policy",
  contact: "/contact",
} as const;

/** Every public page of the site (spec §2), blog posts aside, in the sitemap's order. */
export const publicPagesOf = (services: readonly NavService[]): readonly string[] => [
  paths.home,
  paths.about,
  paths.team,
  paths.services,
  ...services.map((service) => service.path),
  paths.blog,
  paths.policy,
  paths.contact,
];

/** The public pages of a fresh install (the built-in seven services). */
export const publicPages: readonly string[] = publicPagesOf(defaultNavServices);

/** The header's bar on wide screens: Home, About Us, Our Services, Blog, Policy, Contact Us. */
export const barNavigationOf = (services: readonly NavService[]) =>
  ({
    home: { to: paths.home, label: "Home" },
    /** About Us is a link with a menu of its own. */
    about: {
      link: { to: paths.about, label: "About Us" },
      label: "More about us",
      items: [
        { to: paths.about, label: "About the agency", overview: true },
        { to: paths.team, label: "Our Team" },
      ],
    },
    /** The Our Services dropdown: the overview, then the seven services. */
    services: {
      label: "Our Services",
      items: [
        { to: paths.services, label: "All services", overview: true },
        ...services.map((service) => ({ to: service.path, label: service.name })),
      ],
    },
    /** The plain links after the two menus. */
    after: [
      { to: paths.blog, label: "Blog" },
      { to: paths.policy, label: "Policy" },
    ],
    /** The button at the end. */
    contact: { to: paths.contact, label: "Contact Us" },
  }) as const;

/** The menu drawer on small screens (`sub`: indented under the entry before it). */
export const drawerNavigation: readonly (NavItem & { sub?: boolean })[] = [
  { to: paths.home, label: "Home" },
  { to: paths.about, label: "About" },
  { to: paths.team, label: "Our Team", sub: true },
  { to: paths.services, label: "Our Services" },
  { to: paths.blog, label: "Blog" },
  { to: paths.contact, label: "Contact" },
  { to: paths.policy, label: "Policy" },
];

/** The footer's 'Our Company' column. */
export const footerCompanyNavigation: readonly NavItem[] = [
  { to: paths.home, label: "Home" },
  { to: paths.about, label: "About us" },
  { to: paths.services, label: "Our Services" },
  { to: paths.blog, label: "Blog" },
  { to: paths.contact, label: "Contact" },
  { to: paths.policy, label: "Policy" },
];

/** The footer's service column, with its own labels (Digital Management…). */
export const footerServiceNavigationOf = (services: readonly NavService[]): readonly NavItem[] =>
  services.map((service) => ({
    to: service.path,
    label: service.footerLabel,
  }));

/** The footer's bottom line: the policy, under its full name. */
export const footerPolicyLink: NavItem = { to: paths.policy, label: "Privacy Policy" };

/** The 404 page's popular pages, and its list of the services. */
export const notFoundNavigationOf = (
  services: readonly NavService[],
): { popular: readonly NavItem[]; services: readonly NavItem[] } => ({
  popular: [
    { to: paths.home, label: "Home" },
    { to: paths.about, label: "About Us" },
    { to: paths.services, label: "Our Services" },
    { to: paths.blog, label: "Blog" },
    { to: paths.contact, label: "Contact Us" },
  ],
  services: services.map((service) => ({ to: service.path, label: service.name })),
});
