import { publicPages } from "../../app/lib/navigation.ts";

/**
 * Every public route of spec §2 but the blog posts, in the order of its table: the pages
 * the site's navigation registry lists (the sitemap's list).
 */
export const publicPaths = publicPages;
