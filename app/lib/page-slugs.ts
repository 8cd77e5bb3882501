import { paths } from "../../common/content/navigation.ts";
import { servicePages } from "../../common/service-pages.ts";

// The first path segments a page staff make (/{slug}, decision 0030) or a service (decision
// 0048) may not take: every page of the navigation registry, and the addresses the server and
// the build answer themselves. The services' own addresses are content: a page and a service
// never share one (server/modules/pages, server/modules/content/service-addresses.ts). The
// built-in seven's addresses are routes of their own (app/routes.ts): no page takes them, and
// a service may (`isBuiltInServiceSlug`). `page-slugs.test.ts` checks that every first segment of app/routes.ts and
// every folder of public/ is here, so a new route cannot be shadowed or shadow a page.

/** Addresses that are not pages of the navigation registry. */
const SYSTEM_SEGMENTS = [
  "admin",
  "api",
  "media",
  "images",
  "assets",
  "fonts",
  "sitemap",
  "robots",
  "rss",
  "feed",
  "favicon",
  "manifest",
  "health",
  "ready",
  "docs",
  "preview",
  "search",
  "static",
  "well-known",
  // A subscriber's links and a sent newsletter in the browser (decision 0036).
  "newsletter",
  // A visitor's link to reschedule or cancel a consultation (decision 0052).
  "booking",
  // Checkout, Paystack's return, a client's invoice (issue 49, decision 0043).
  "checkout",
  "payments",
  "invoices",
];

const firstSegment = (path: string) => path.split("/")[1] ?? "";

/** Every reserved first segment, in one set. */
export const reservedPageSlugs: ReadonlySet<string> = new Set(
  [...Object.values(paths), ...servicePages.map((slug) => `/${slug}`)]
    .map(firstSegment)
    .filter((segment) => segment !== "")
    .concat(SYSTEM_SEGMENTS),
);

/** Whether `slug` is one of the built-in seven services' addresses (a service may have it). */
export const isBuiltInServiceSlug = (slug: string) =>
  (servicePages as readonly string[]).includes(slug);

/** Whether a page may take `slug` as its address (the site's own routes come first). */
export const isReservedPageSlug = (slug: string) => reservedPageSlugs.has(slug);
