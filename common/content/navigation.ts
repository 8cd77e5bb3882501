import type { BarEntry, Navigation, NavItem, NavLink } from "../schemas/navigation.ts";

// The site's menus (issue 47 item 4, decision 0047): today's menus of spec §2 as the defaults
// of the stored `navigation` setting, and the one resolver that turns a stored setting into
// the links the header, the footer and the 404 page render. The resolver is pure: the list of
// services and which pages are missing are its arguments, so the menus follow the services
// wherever they are kept.

/** The address of each page that is not a service page (the services list has those). */
export const paths = {
  home: "/",
  about: "/about",
  team: "/about/team",
  services: "/services",
  blog: "/blog",
  policy: "/policy",
  contact: "/contact",
} as const;

/** What a menu needs of a service: where its page is and its two names. */
export interface MenuService {
  slug: string;
  path: string;
  /** Its name on its page, in the dropdown and on the 404 page. */
  name: string;
  /** Its label in the footer's service column (spec §2). */
  footerLabel: string;
}

const link = (label: string, to: string, highlight = false): NavLink => ({
  kind: "link",
  label,
  to,
  highlight,
});

/** Today's menus, word for word (spec §2 Navigation): what a fresh install shows. */
export const defaultNavigation: Navigation = {
  bar: [
    link("Home", paths.home),
    {
      kind: "menu",
      label: "More about us",
      link: { label: "About Us", to: paths.about },
      items: [link("About the agency", paths.about, true), link("Our Team", paths.team)],
    },
    {
      kind: "menu",
      label: "Our Services",
      link: null,
      items: [
        link("All services", paths.services, true),
        { kind: "services", labels: "name", highlight: false },
      ],
    },
    link("Blog", paths.blog),
    link("Policy", paths.policy),
    link("Contact Us", paths.contact, true),
  ],
  drawer: [
    link("Home", paths.home),
    link("About", paths.about),
    link("Our Team", paths.team, true),
    link("Our Services", paths.services),
    link("Blog", paths.blog),
    link("Contact", paths.contact),
    link("Policy", paths.policy),
  ],
  footerColumns: [
    {
      heading: "Our Company",
      links: [
        link("Home", paths.home),
        link("About us", paths.about),
        link("Our Services", paths.services),
        link("Blog", paths.blog),
        link("Contact", paths.contact),
        link("Policy", paths.policy),
      ],
    },
    {
      heading: "Our Services",
      links: [{ kind: "services", labels: "footerLabel", highlight: false }],
    },
  ],
  // "Terms of Service" goes to the staff page /terms while it is published, and is plain text
  // otherwise (a link to a missing page is text in the footer): today's footer (decision 0047).
  footerBottom: [link("Privacy Policy", paths.policy), link("Terms of Service", "/terms")],
  notFoundPopular: [
    link("Home", paths.home),
    link("About Us", paths.about),
    link("Our Services", paths.services),
    link("Blog", paths.blog),
    link("Contact Us", paths.contact),
  ],
  notFoundServices: [{ kind: "services", labels: "name", highlight: false }],
};

/** A link as a menu renders it. */
export interface ShownLink {
  to: string;
  label: string;
  highlight: boolean;
}

/** A footer entry: a link, or plain text when its page is missing (`to` undefined). */
export interface ShownEntry {
  to?: string;
  label: string;
}

export type ShownBarEntry =
  | ({ kind: "link" } & ShownLink)
  | { kind: "menu"; label: string; link?: { to: string; label: string }; items: ShownLink[] };

export interface ShownFooterColumn {
  /** The heading's id (the column's accessible name). */
  id: string;
  heading: string;
  links: ShownEntry[];
}

/** Every menu of the site, ready to render. */
export interface Menus {
  bar: ShownBarEntry[];
  drawer: ShownLink[];
  footerColumns: ShownFooterColumn[];
  footerBottom: ShownEntry[];
  notFoundPopular: ShownLink[];
  notFoundServices: ShownLink[];
}

/** The first two columns keep the ids they have always had; more are numbered. */
const FOOTER_COLUMN_IDS = ["footer-company", "footer-services"];
export const footerColumnId = (index: number) =>
  FOOTER_COLUMN_IDS[index] ?? `footer-column-${index + 1}`;

/**
 * The menus of a stored setting. An "all services" entry becomes one link per service, in the
 * services' order; a link whose page `isMissing` (a staff page that is not published) is left
 * out of the header, the drawer and the 404 page, and is plain text in the footer. A dropdown
 * left with no entries is its link alone (or nothing).
 */
export function resolveMenus(
  navigation: Navigation,
  services: readonly MenuService[],
  isMissing: (path: string) => boolean = () => false,
): Menus {
  const expand = (items: readonly NavItem[]) =>
    items.flatMap((item) =>
      item.kind === "services"
        ? services.map((service) => ({
            to: service.path,
            label: service[item.labels],
            highlight: item.highlight,
          }))
        : [{ to: item.to, label: item.label, highlight: item.highlight }],
    );
  const links = (items: readonly NavItem[]): ShownLink[] =>
    expand(items).filter((item) => !isMissing(item.to));
  const entries = (items: readonly NavItem[]): ShownEntry[] =>
    expand(items).map(({ to, label }) => (isMissing(to) ? { label } : { to, label }));

  const barEntry = (entry: BarEntry): ShownBarEntry[] => {
    if (entry.kind === "link") {
      return isMissing(entry.to) ? [] : [{ ...entry, kind: "link" }];
    }
    const menuLink = entry.link && !isMissing(entry.link.to) ? entry.link : undefined;
    const items = links(entry.items);
    if (items.length === 0) {
      return menuLink ? [{ kind: "link", ...menuLink, highlight: false }] : [];
    }
    return [
      { kind: "menu", label: entry.label, ...(menuLink && { link: { ...menuLink } }), items },
    ];
  };

  return {
    bar: navigation.bar.flatMap(barEntry),
    drawer: links(navigation.drawer),
    footerColumns: navigation.footerColumns.map((column, index) => ({
      id: footerColumnId(index),
      heading: column.heading,
      links: entries(column.links),
    })),
    footerBottom: entries(navigation.footerBottom),
    notFoundPopular: links(navigation.notFoundPopular),
    notFoundServices: links(navigation.notFoundServices),
  };
}
