// Where a lead came from: the page an enquiry was sent from, the external site that sent the
// visitor (host only) and the UTM parameters of the visit. No zod here: the public pages'
// browser code uses it, and zod stays out of their first load.

/** The `source` of an enquiry payload; every field optional. */
export interface LeadSource {
  /** The path of the page the enquiry was sent from, e.g. "/contact". */
  page?: string;
  /** The host of the external page that brought the visitor, e.g. "www.google.com". */
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
}

/** The UTM fields and the query parameter each comes from. */
export const UTM_PARAMS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
} as const;
export type UtmField = keyof typeof UTM_PARAMS;
export const UTM_FIELDS = Object.keys(UTM_PARAMS) as UtmField[];

/** The longest value of each field that the API takes (a longer one is refused with 400). */
export const LEAD_SOURCE_MAX = { page: 500, referrer: 253, utm: 200 } as const;

/** A host name: letters, digits, dots and hyphens (IDN as punycode), an optional port. */
export const HOST_PATTERN = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/;

/** The text without control characters, trimmed and cut to `max`; blank gives undefined. */
function clean(value: string | null | undefined, max: number): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const text = (value ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return text ? text.slice(0, max).trim() : undefined;
}

/** The UTM parameters of a query string, cut to the API's limits. */
export function utmFrom(search: URLSearchParams): Partial<Record<UtmField, string>> {
  const utm: Partial<Record<UtmField, string>> = {};
  for (const field of UTM_FIELDS) {
    const value = clean(search.get(UTM_PARAMS[field]), LEAD_SOURCE_MAX.utm);
    if (value) utm[field] = value;
  }
  return utm;
}

/**
 * The host of `referrer` when it is another site than `ownHosts` (the page's own host and
 * the public origin's), else undefined: a visitor moving between our own pages is no source.
 */
export function externalHost(
  referrer: string | null | undefined,
  ownHosts: readonly string[],
): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  const host = url.host.toLowerCase();
  if (!host || ownHosts.some((own) => own.toLowerCase() === host)) return undefined;
  const name = url.hostname.toLowerCase();
  return name.length <= LEAD_SOURCE_MAX.referrer && HOST_PATTERN.test(name) ? name : undefined;
}

/** The path of a page URL, cut to the API's limit. */
export function pagePath(pathname: string): string | undefined {
  const path = clean(pathname, LEAD_SOURCE_MAX.page);
  return path?.startsWith("/") ? path : undefined;
}

/**
 * The source of an enquiry sent from `pageUrl`, with the visit's referrer and UTM parameters
 * taken from that URL and `referrer` (the Referer header, or the browser's landing referrer).
 * Fields with no value are left out; an empty object means nothing is known.
 */
export function leadSourceOf({
  pageUrl,
  referrer,
  ownHosts = [],
}: {
  pageUrl: URL;
  referrer?: string | null;
  ownHosts?: readonly string[];
}): LeadSource {
  const page = pagePath(pageUrl.pathname);
  const host = externalHost(referrer, [pageUrl.host, ...ownHosts]);
  return {
    ...(page ? { page } : {}),
    ...(host ? { referrer: host } : {}),
    ...utmFrom(pageUrl.searchParams),
  };
}

/**
 * The networks a referrer host or a UTM source may name, so that "facebook" (utm_source) and
 * "facebook.com" (the referrer) are one source: a key in `names`, or starting with one of
 * `prefixes`, counts as `network`. Keys are the raw keys of `sourceKey` (lower case, no
 * "www."); values are plain letters, digits and dots (the SQL twin writes them as literals).
 */
export const SOURCE_NETWORKS: readonly {
  network: string;
  names: readonly string[];
  prefixes?: readonly string[];
}[] = [
  { network: "facebook", names: ["facebook.com", "m.facebook.com", "l.facebook.com", "fb"] },
  { network: "instagram", names: ["instagram.com", "l.instagram.com"] },
  { network: "x", names: ["t.co", "twitter.com", "x.com", "twitter"] },
  { network: "linkedin", names: ["linkedin.com", "lnkd.in"] },
  { network: "google", names: [], prefixes: ["google."] },
  { network: "youtube", names: ["youtube.com", "m.youtube.com", "youtu.be"] },
  { network: "tiktok", names: ["tiktok.com"] },
  { network: "whatsapp", names: ["whatsapp.com", "web.whatsapp.com", "wa.me"] },
];

/** The network `key` (a raw source key) names, else `key` itself. */
export function sourceNetwork(key: string): string {
  for (const { network, names, prefixes = [] } of SOURCE_NETWORKS) {
    if (names.includes(key) || prefixes.some((prefix) => key.startsWith(prefix))) return network;
  }
  return key;
}

/**
 * The source key a lead or a visit is counted under (the dashboard's sources, the Traffic
 * screen, the weekly report): utm_source in lower case, else the referrer host without
 * "www.", else "" (a direct visit); a key that names a network of `SOURCE_NETWORKS` is that
 * network. The SQL of the enquiries' sources (server/modules/enquiries/repository.ts,
 * `SOURCE_KEY_SQL`, and `sourceNetworkSql` for stored keys) is the same rule written for the
 * database; tests/api/lead-sources.test.ts keeps the two together.
 */
export function sourceKey(source: { utmSource?: string; referrer?: string }): string {
  const utm = source.utmSource?.trim().toLowerCase();
  if (utm) return sourceNetwork(utm);
  const host = source.referrer?.trim().toLowerCase() ?? "";
  return sourceNetwork(host.startsWith("www.") ? host.slice(4) : host);
}

/** How a direct visit (no referrer, no utm_source) is named. */
export const DIRECT_SOURCE_NAME = "Direct";

/**
 * The readable names of the commonest source keys (`sourceKey`), so the inbox, the
 * dashboard, the CSV and the mails say "Facebook" for "facebook", "l.facebook.com" and
 * "m.facebook.com" alike. A key not listed is shown as it is.
 */
export const SOURCE_NAMES: Readonly<Record<string, string>> = {
  "": DIRECT_SOURCE_NAME,
  google: "Google",
  "google.com": "Google",
  "google.com.ng": "Google",
  bing: "Bing",
  "bing.com": "Bing",
  facebook: "Facebook",
  "facebook.com": "Facebook",
  "m.facebook.com": "Facebook",
  "l.facebook.com": "Facebook",
  fb: "Facebook",
  instagram: "Instagram",
  "instagram.com": "Instagram",
  "l.instagram.com": "Instagram",
  ig: "Instagram",
  linkedin: "LinkedIn",
  "linkedin.com": "LinkedIn",
  "lnkd.in": "LinkedIn",
  twitter: "X (Twitter)",
  "twitter.com": "X (Twitter)",
  "x.com": "X (Twitter)",
  "t.co": "X (Twitter)",
  tiktok: "TikTok",
  "tiktok.com": "TikTok",
  youtube: "YouTube",
  "youtube.com": "YouTube",
  whatsapp: "WhatsApp",
  "wa.me": "WhatsApp",
  "web.whatsapp.com": "WhatsApp",
  newsletter: "Newsletter",
};

/** The readable name of a source key: "Direct" for "", "Facebook" for "facebook.com". */
export function sourceName(key: string): string {
  return Object.hasOwn(SOURCE_NAMES, key) ? SOURCE_NAMES[key]! : key;
}
