import { serviceNames, servicePages, type ServiceSlug } from "../service-pages.ts";

// The seven services a new site starts with (issue 47, decision 0048): every word their cards,
// menus and pages showed while they were code, as the defaults of the `services` content list.
// Migration 0043 stores them; from then on the database is the truth.

/** The extra section a service page may show after its blocks, with its own heading. */
export const serviceExtras = ["none", "packages", "gallery", "video-rates", "ads-offers"] as const;
export type ServiceExtra = (typeof serviceExtras)[number];

/** What the back office calls each extra section. */
export const serviceExtraLabels: Record<ServiceExtra, string> = {
  none: "None",
  packages: "Social media packages and the package form",
  gallery: "The graphics gallery",
  "video-rates": "Video rates",
  "ads-offers": "Ads offers",
};

/** The built-in illustrations (the project's own SVGs): one per built-in service, by slug. */
export const builtInIllustrations: readonly { value: string; label: string }[] = servicePages.map(
  (slug) => ({ value: slug, label: serviceNames[slug] }),
);

/** The path of a built-in illustration (an unknown name: the first one). */
export const builtInIllustrationPath = (name: string) =>
  `/images/services/${(servicePages as readonly string[]).includes(name) ? name : servicePages[0]}.svg`;

/** The three promises beside every service page's enquiry form. */
const promises = [
  "A free consultation about your goals and budget",
  "Clear prices in naira before any work starts",
  "A reply within one working day",
];

interface Defaults {
  footerLabel: string;
  summary: string;
  onHome: boolean;
  heroText: string;
  extra: ServiceExtra;
  extraBadge?: string;
  extraTitle?: string;
  extraIntro?: string;
}

const bySlug: Record<ServiceSlug, Defaults> = {
  "social-media": {
    footerLabel: "Social Media Marketing",
    summary:
      "Campaigns on Instagram, Facebook, TikTok, X and LinkedIn that reach the right people and turn followers into customers.",
    onHome: true,
    heroText:
      "Reach the people most likely to buy from you, on the platforms where they already spend their day.",
    extra: "none",
  },
  "social-media-management": {
    footerLabel: "Social Media Management",
    summary:
      "We run your pages day to day: content calendar, posting, community replies and monthly reports, on a package that fits.",
    onHome: true,
    heroText:
      "Hand over the daily work of your pages to a team that plans, posts, replies and reports, on a monthly package that fits your business.",
    extra: "packages",
    extraBadge: "Packages",
    extraTitle: "Get Started With a Package",
    extraIntro: "Choose a package and a contract, and we will set up your account within days.",
  },
  "digital-marketing": {
    footerLabel: "Digital Management",
    summary:
      "Search engine optimisation, email marketing, pay-per-click and analytics that bring steady traffic and measurable growth.",
    onHome: true,
    heroText:
      "Grow beyond social media with search, e-mail and paid traffic that bring steady, measurable visitors to your business.",
    extra: "none",
  },
  "video-creation": {
    footerLabel: "Video Content Creation",
    summary:
      "Scripted explainer videos, reels and voiceovers that show what you sell and why it is worth the price.",
    onHome: true,
    heroText:
      "Short, scripted videos that show what you sell and why it is worth the price, ready for reels, stories and ads.",
    extra: "video-rates",
    extraBadge: "Rates",
    extraTitle: "Video Rates",
    extraIntro: "Background music included. Delivery in 2-5 days.",
  },
  ads: {
    footerLabel: "Ads Campaigns Management",
    summary:
      "Planned, targeted and monitored ad campaigns on Meta and Google, with budgets that go to the audiences that buy.",
    onHome: true,
    heroText:
      "Ad campaigns planned, targeted and watched closely, so your budget goes to the audiences that buy.",
    extra: "ads-offers",
    extraBadge: "Offers",
    extraTitle: "Ads Campaign Offers",
    extraIntro: "Delivery in 2-5 days.",
  },
  branding: {
    footerLabel: "Branding/Graphics",
    summary:
      "Logos, brand identities and graphics for posts, flyers and packaging that make your business recognisable at a glance.",
    onHome: true,
    heroText:
      "Logos, identities and graphics that make your business recognisable at a glance, everywhere it appears.",
    extra: "gallery",
  },
  "page-revamp": {
    footerLabel: "Page Revamp",
    summary:
      "A fresh, optimised social media page: new visuals, a clear bio and highlights, and content that converts visitors.",
    onHome: false,
    heroText:
      "Turn a tired social media page into one that looks professional and makes visitors want to follow and buy.",
    extra: "none",
  },
};

/** The words of a service page that do not depend on the service, as a new service starts. */
export const newServiceWords = {
  heroButton: "Request this service",
  blocksBadge: "What You Get",
  enquiryBadge: "Enquiry",
  enquiryIntro: "Tick what you need and tell us how to reach you.",
  promises,
  talkHeading: "Prefer to talk?",
} as const;

/** The built-in seven as the `services` list stores them, in menu order. */
export const defaultServiceItems = servicePages.map((slug) => {
  const service = bySlug[slug];
  const name = serviceNames[slug];
  return {
    name,
    slug,
    footerLabel: service.footerLabel,
    summary: service.summary,
    onHome: service.onHome,
    illustration: slug,
    image: null,
    heroText: service.heroText,
    heroButton: newServiceWords.heroButton,
    blocksBadge: newServiceWords.blocksBadge,
    blocksTitle: `Our ${name} Services`,
    extra: service.extra,
    extraBadge: service.extraBadge ?? "",
    extraTitle: service.extraTitle ?? "",
    extraIntro: service.extraIntro ?? "",
    enquiryBadge: newServiceWords.enquiryBadge,
    enquiryTitle: `Request ${name}`,
    enquiryIntro: newServiceWords.enquiryIntro,
    promises: [...promises],
    talkHeading: newServiceWords.talkHeading,
  };
});
