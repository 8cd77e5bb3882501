import { paths } from "../../common/content/navigation.ts";
import { defaultNavServices, type NavService } from "./nav-services.ts";

// The site's pages, in one place (issue 28): the sitemap, the reserved page slugs and the
// tests' lists of public pages read it. The menus are a setting staff edit (issue 47,
// decision 0047): their defaults and resolver are common/content/navigation.ts, and the
// public layout offers them through app/lib/menus.tsx. The services are Site content
// (decision 0048).

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
