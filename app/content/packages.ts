import { PRICE_KEYS } from "../../common/price-keys.ts";

/** A Social Media Management package (spec §9); its monthly price comes from the database. */
export interface SocialPackage {
  /** The price key in the database. */
  priceKey: string;
  name: string;
  features: string[];
  featured?: boolean;
}

export const PACKAGE_NOTE = "Monthly, advert charge not included";

export const socialPackages: readonly SocialPackage[] = [
  {
    priceKey: PRICE_KEYS.takeOff,
    name: "TAKE OFF",
    features: [
      "3 weekly posts",
      "Content calendar",
      "Page audit or page creation",
      "Story engagement",
      "Dedicated account manager",
      "Hashtag and keyword research",
      "SEO",
      "Basic graphics",
      "Post scheduling",
      "30-minute monthly report call",
    ],
  },
  {
    priceKey: PRICE_KEYS.empowerMe,
    name: "EMPOWER ME",
    features: [
      "1 feed post and 2 stories daily",
      "30 sec explainer video",
      "DM management",
      "Content calendar",
      "Hashtag and keyword research",
      "Story engagement",
      "Monthly report call",
    ],
  },
  {
    priceKey: PRICE_KEYS.growMe,
    name: "GROW ME",
    featured: true,
    features: [
      "2 feed posts and 2 stories daily",
      "50 sec explainer video",
      "Community management",
      "Ads account setup",
      "DM management",
      "Content calendar",
      "Monthly report call",
    ],
  },
  {
    priceKey: PRICE_KEYS.brandMe,
    name: "BRAND ME",
    features: [
      "3 feed posts and 2 stories daily",
      "1 min explainer video",
      "Marketing strategy",
      "Ads management",
      "Community and DM management",
      "Content calendar",
      "2 report calls a month",
    ],
  },
];

/** Contract options of the package enquiry form (spec §3). */
export const contractOptions = [
  "Pay-as-You-Go",
  "3 Months Contract",
  "6 Months Contract",
  "12 Months Contract",
] as const;

/** Where "Choose Package" leads: the package enquiry form of the Social Media Management page. */
export const PACKAGE_FORM_ANCHOR = "package-enquiry";

/**
 * The package a `?package=` parameter names, by its slug (the price key, "grow-me") or its
 * name in any case ("GROW ME", "grow me"); undefined for anything else.
 */
export function findPackage(value: string | null | undefined): SocialPackage | undefined {
  const wanted = value
    ?.trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  if (!wanted) return undefined;
  return socialPackages.find(
    (pack) => pack.priceKey === wanted || pack.name.toLowerCase().replace(/\s+/g, "-") === wanted,
  );
}

/** The address of the package form with `pack` chosen, from any page. */
export const choosePackageHref = (pack: SocialPackage) =>
  `/social-media-management?package=${pack.priceKey}#${PACKAGE_FORM_ANCHOR}`;
