// The agency's own marketing tags (issue 50): which ones there are, how an ID of each
// looks, the hosts each one talks to (the CSP names only those of the tags that are on), and
// what the privacy policy says of each. One entry per tag; no zod here: the islands' consent
// part imports this file.

export type MarketingTagKind = "metaPixel" | "googleTag" | "tagManager" | "linkedIn";

export interface MarketingTagDefinition {
  kind: MarketingTagKind;
  /** The field's label on the Marketing tags screen. */
  label: string;
  /** What an ID looks like (the only thing an owner enters: no free-form script). */
  pattern: RegExp;
  /** An example of an ID, for the field's hint and the refusal's message. */
  example: string;
  /** Who runs it, for the policy's cookie section. */
  provider: string;
  /** What the policy says it does. */
  purpose: string;
  /** The cookies it sets, for the policy's cookie section. */
  cookies: string;
  /** The hosts per CSP directive while the tag is on. */
  hosts: { script: string[]; connect: string[]; img: string[]; frame: string[] };
}

const GOOGLE_HOSTS = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.g.doubleclick.net",
  "https://www.google.com",
];

export const marketingTags: readonly MarketingTagDefinition[] = [
  {
    kind: "metaPixel",
    label: "Meta Pixel ID",
    pattern: /^\d{15,16}$/,
    example: "123456789012345",
    provider: "Meta Platforms (Facebook, Instagram)",
    purpose: "measures which of our Facebook and Instagram ads bring visits and enquiries",
    cookies: "_fbp, fr",
    hosts: {
      script: ["https://connect.facebook.net"],
      connect: ["https://connect.facebook.net", "https://www.facebook.com"],
      img: ["https://www.facebook.com"],
      frame: [],
    },
  },
  {
    kind: "googleTag",
    label: "Google tag ID (Google Analytics 4 or Google Ads)",
    pattern: /^(?:G|AW|GT|DC)-[A-Z0-9]{4,12}$/,
    example: "G-AB12CD34EF",
    provider: "Google (Google Analytics, Google Ads)",
    purpose: "counts visits and measures which of our Google ads bring enquiries",
    cookies: "_ga, _ga_*, _gcl_au",
    hosts: { script: GOOGLE_HOSTS, connect: GOOGLE_HOSTS, img: GOOGLE_HOSTS, frame: [] },
  },
  {
    kind: "tagManager",
    label: "Google Tag Manager container ID",
    pattern: /^GTM-[A-Z0-9]{4,10}$/,
    example: "GTM-AB12CD3",
    provider: "Google (Tag Manager)",
    purpose: "loads the measurement tags we set up in Google Tag Manager",
    cookies: "those of the Google tags it loads (_ga, _gcl_au)",
    hosts: {
      script: GOOGLE_HOSTS,
      connect: GOOGLE_HOSTS,
      img: GOOGLE_HOSTS,
      frame: ["https://www.googletagmanager.com"],
    },
  },
  {
    kind: "linkedIn",
    label: "LinkedIn Insight Tag partner ID",
    pattern: /^\d{4,10}$/,
    example: "1234567",
    provider: "LinkedIn",
    purpose: "measures which of our LinkedIn ads bring visits and enquiries",
    cookies: "li_fat_id, lidc, bcookie",
    hosts: {
      script: ["https://snap.licdn.com"],
      connect: ["https://px.ads.linkedin.com"],
      img: ["https://px.ads.linkedin.com"],
      frame: [],
    },
  },
];

/** The IDs an owner entered: a tag is on when its ID is set. */
export type MarketingTagIds = Partial<Record<MarketingTagKind, string>>;

/** The tags that are on, in the registry's order. */
export function enabledTags(ids: MarketingTagIds): MarketingTagDefinition[] {
  return marketingTags.filter((tag) => Boolean(ids[tag.kind]));
}

export type CspDirective = "script-src" | "connect-src" | "img-src" | "frame-src";

/** The hosts the CSP adds per directive for these IDs (none when no tag is on). */
export function tagHosts(ids: MarketingTagIds): Record<CspDirective, string[]> {
  const on = enabledTags(ids);
  const unique = (pick: (tag: MarketingTagDefinition) => string[]) => [
    ...new Set(on.flatMap(pick)),
  ];
  return {
    "script-src": unique((tag) => tag.hosts.script),
    "connect-src": unique((tag) => tag.hosts.connect),
    "img-src": unique((tag) => tag.hosts.img),
    "frame-src": unique((tag) => tag.hosts.frame),
  };
}

/** The consent notice's words (the Nigeria Data Protection Act's GAID 2025). */
export const consentWords = {
  title: "Cookies for our ads",
  text: "With your permission we use marketing cookies to see which of our ads bring visits and enquiries. They are off until you choose, and you can change your mind at any time from the footer’s “Cookie settings” link.",
  accept: "Accept marketing cookies",
  decline: "Decline",
  settings: "Cookie settings",
  policyLink: "Read the privacy policy",
} as const;
