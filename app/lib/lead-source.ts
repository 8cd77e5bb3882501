import {
  externalHost,
  HOST_PATTERN,
  LEAD_SOURCE_MAX,
  leadSourceOf,
  pagePath,
  UTM_FIELDS,
  utmFrom,
  type LeadSource,
} from "../../common/lead-source.ts";

// First-party lead sources in the browser: the first page view of a visit (a tab's session)
// keeps the external referrer host and the landing URL's UTM parameters in sessionStorage;
// an enquiry sent later in the visit carries them with the page it was sent from. No cookie,
// nothing sent anywhere but with the enquiry itself.

export const LEAD_SOURCE_KEY = "leadSource";

type Landing = Omit<LeadSource, "page">;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Blocked storage (some privacy settings): the enquiry takes what its own page knows.
    return undefined;
  }
}

/** What this page view knows by itself: the external referrer and the URL's UTM parameters. */
function landingHere(): Landing {
  const referrer = externalHost(document.referrer, [window.location.host]);
  return {
    ...(referrer ? { referrer } : {}),
    ...utmFrom(new URLSearchParams(window.location.search)),
  };
}

/** A stored landing, read defensively: anything not a short string is dropped. */
function parseLanding(text: string): Landing {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return {};
  }
  if (!stored || typeof stored !== "object") return {};
  const record = stored as Record<string, unknown>;
  const landing: Landing = {};
  const referrer = record.referrer;
  if (
    typeof referrer === "string" &&
    referrer.length <= LEAD_SOURCE_MAX.referrer &&
    HOST_PATTERN.test(referrer)
  ) {
    landing.referrer = referrer;
  }
  for (const field of UTM_FIELDS) {
    const value = record[field];
    if (typeof value === "string" && value.trim()) {
      landing[field] = value.trim().slice(0, LEAD_SOURCE_MAX.utm);
    }
  }
  return landing;
}

/**
 * Keeps the landing referrer and UTM parameters of this visit, once: later page views of the
 * same visit leave them alone. Called by the site layout after it renders.
 */
export function rememberLandingSource(): void {
  const store = storage();
  if (!store) return;
  try {
    if (store.getItem(LEAD_SOURCE_KEY) !== null) return;
    store.setItem(LEAD_SOURCE_KEY, JSON.stringify(landingHere()));
  } catch {
    // Full or blocked storage: nothing kept, the enquiry falls back to its own page.
  }
}

/**
 * The source of an enquiry sent now from this page: the visit's landing referrer and UTM
 * parameters (or this page's own when none were kept) and this page's path. Undefined on the
 * server, where the no-JavaScript action derives it from the request.
 */
export function currentLeadSource(): LeadSource | undefined {
  if (typeof window === "undefined") return undefined;
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(LEAD_SOURCE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (stored === null) {
    return leadSourceOf({ pageUrl: new URL(window.location.href), referrer: document.referrer });
  }
  const page = pagePath(window.location.pathname);
  return { ...(page ? { page } : {}), ...parseLanding(stored) };
}
