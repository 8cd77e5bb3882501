import { createContext, useContext, type ReactNode } from "react";
import {
  defaultNavigation,
  resolveMenus,
  type MenuService,
  type Menus,
} from "../../common/content/navigation.ts";
import type { Navigation } from "../../common/schemas/navigation.ts";
import { defaultNavServices } from "./nav-services.ts";
import { isReservedPageSlug } from "./page-slugs.ts";

// The menus of the public layout (issue 47 item 4, decision 0047): its loader resolves the
// stored navigation once per page and offers the result here, so the header, the footer and
// the 404 page read one copy. The services the menus list are the Site content list
// "Services" (decision 0048), which the same loader reads.

/**
 * Whether a link goes to a staff page that is not published: a path of one segment that no
 * built-in page takes (a page staff make is /{slug}) and no published page has.
 */
export function isMissingPage(path: string, published: ReadonlySet<string>): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length !== 1) return false;
  const slug = segments[0] ?? "";
  return !isReservedPageSlug(slug) && !published.has(slug);
}

/**
 * The menus of the stored navigation, with the slugs of the published staff pages and the
 * services in their order.
 */
export function siteMenus(
  navigation: Navigation,
  publishedSlugs: Iterable<string>,
  services: readonly MenuService[],
): Menus {
  // A service's page (/{slug}) is there as surely as a published staff page.
  const published = new Set([...publishedSlugs, ...services.map((service) => service.slug)]);
  return resolveMenus(navigation, services, (path) => isMissingPage(path, published));
}

/** Today's menus: what a component sees outside the public layout or when it failed to load. */
const defaultMenus = siteMenus(defaultNavigation, [], defaultNavServices);

const MenusContext = createContext<Menus | null>(null);

export function MenusProvider({
  menus,
  children,
}: {
  menus: Menus | null | undefined;
  children: ReactNode;
}) {
  return <MenusContext.Provider value={menus ?? null}>{children}</MenusContext.Provider>;
}

/** The menus of the public layout (the defaults when there are none). */
export function useMenus(): Menus {
  return useContext(MenusContext) ?? defaultMenus;
}
