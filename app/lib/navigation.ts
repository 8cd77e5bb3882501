import { paths } from "../../common/content/navigation.ts";
import { services } from "../copy/services-copy.ts";

// The site's pages, in one place (issue 28): the sitemap, the reserved page slugs and the
// tests' lists of public pages read it. The menus are a setting staff edit (issue 47,
// decision 0047): their defaults and resolver are common/content/navigation.ts, and the
// public layout offers them through app/lib/menus.tsx.

/** Every public page of the site (spec §2), blog posts aside, in the sitemap's order. */
export const publicPages: readonly string[] = [
  paths.home,
  paths.about,
  paths.team,
  paths.services,
  ...services.map((service) => service.path),
  paths.blog,
  paths.policy,
  paths.contact,
];
