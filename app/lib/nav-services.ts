import { defaultServiceItems } from "../../common/content/services.ts";
import type { Service } from "../../common/schemas/content.ts";

// The services as the menus show them (kept free of React: the server reads the navigation
// registry too). The site layout's loader sends them; app/lib/services.ts offers them.

/** A service as the menus show it: what app/lib/navigation.ts takes. */
export interface NavService {
  slug: string;
  path: string;
  name: string;
  footerLabel: string;
}

/** A service's page: /{slug}. */
export const servicePathOf = (slug: string) => `/${slug}`;

/** What the menus need of a service. */
export const navServiceOf = (
  service: Pick<Service, "slug" | "name" | "footerLabel">,
): NavService => ({
  slug: service.slug,
  path: servicePathOf(service.slug),
  name: service.name,
  footerLabel: service.footerLabel,
});

/** The built-in seven: the menus of a fresh install, and while the layout has not loaded. */
export const defaultNavServices: readonly NavService[] = defaultServiceItems.map(navServiceOf);
