import type { ServiceSlug } from "./service-pages-copy.ts";

// What only a service's own page shows: kept apart from the service catalogue so that the
// menus and cards on every page do not carry it to the browser. The pages' blocks are content
// staff edit (the "service-blocks" type, common/content/defaults.ts).

/** The opening paragraph of each service page. */
export const serviceIntros: Record<ServiceSlug, string> = {
  "social-media":
    "Reach the people most likely to buy from you, on the platforms where they already spend their day.",
  "social-media-management":
    "Hand over the daily work of your pages to a team that plans, posts, replies and reports, on a monthly package that fits your business.",
  "digital-marketing":
    "Grow beyond social media with search, e-mail and paid traffic that bring steady, measurable visitors to your business.",
  "video-creation":
    "Short, scripted videos that show what you sell and why it is worth the price, ready for reels, stories and ads.",
  ads: "Ad campaigns planned, targeted and watched closely, so your budget goes to the audiences that buy.",
  branding:
    "Logos, identities and graphics that make your business recognisable at a glance, everywhere it appears.",
  "page-revamp":
    "Turn a tired social media page into one that looks professional and makes visitors want to follow and buy.",
};
