import {
  CONSENT_PATH,
  CONSENT_STORAGE_KEY,
  LEAD_EVENT,
  type ConsentChoice,
} from "../../common/consent.ts";
import type { MarketingTagIds, MarketingTagKind } from "../../common/marketing-tags.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

// The consent notice of the agency's own marketing tags (issue 50, decision 0045). Its code
// comes only to a page that has the notice, which the server renders only while a tag is on.
// No tag loads before the visitor accepts; the choice is kept in localStorage (no cookie)
// with the tags it was given for, recorded on the server, and asked again when the tags
// change; the footer's "Cookie settings" opens the notice again.

type TagWindow = Window & {
  fbq?: ((...args: unknown[]) => void) & { queue?: unknown[][] };
  _fbq?: unknown;
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  lintrk?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  _linkedin_partner_id?: string;
  _linkedin_data_partner_ids?: string[];
};
const w = window as TagWindow;

function addScript(src: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}

function dataLayer(): unknown[] {
  return (w.dataLayer ??= []);
}

/** How each tag starts, as its maker's snippet does, without inline script. */
const starts: Record<MarketingTagKind, (id: string) => void> = {
  metaPixel(id) {
    if (!w.fbq) {
      const queue: unknown[][] = [];
      const fbq = Object.assign((...args: unknown[]) => queue.push(args), {
        queue,
        push: (...args: unknown[]) => queue.push(args),
        loaded: true,
        version: "2.0",
      });
      w.fbq = w._fbq = fbq;
      addScript("https://connect.facebook.net/en_US/fbevents.js");
    }
    w.fbq("init", id);
    w.fbq("track", "PageView");
  },
  googleTag(id) {
    if (!w.gtag) {
      // gtag.js reads `arguments` objects from the data layer, not arrays.
      w.gtag = function gtag() {
        // eslint-disable-next-line prefer-rest-params
        dataLayer().push(arguments);
      };
      w.gtag("js", new Date());
    }
    w.gtag("config", id);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  },
  tagManager(id) {
    dataLayer().push({ "gtm.start": Date.now(), event: "gtm.js" });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
  },
  linkedIn(id) {
    w._linkedin_partner_id = id;
    w._linkedin_data_partner_ids = [...(w._linkedin_data_partner_ids ?? []), id];
    if (!w.lintrk) {
      const q: unknown[][] = [];
      w.lintrk = Object.assign((...args: unknown[]) => q.push(args), { q });
    }
    addScript("https://snap.licdn.com/li.lms-analytics/insight.min.js");
  },
};

/** A lead sent (a form's enquiry), passed to each tag that is on as its conversion event. */
const conversions: Record<MarketingTagKind, () => void> = {
  metaPixel: () => w.fbq?.("track", "Lead"),
  googleTag: () => w.gtag?.("event", "generate_lead"),
  tagManager: () => dataLayer().push({ event: "generate_lead" }),
  // LinkedIn counts conversions by the pages it sees (set up in Campaign Manager).
  linkedIn: () => undefined,
};

/** The tags given to the notice: `data-tags` holds the IDs of those that are on. */
function tagsOf(notice: HTMLElement): [MarketingTagKind, string][] {
  try {
    const ids = JSON.parse(notice.dataset.tags ?? "{}") as MarketingTagIds;
    return (Object.keys(starts) as MarketingTagKind[])
      .filter((kind) => typeof ids[kind] === "string" && ids[kind])
      .map((kind) => [kind, ids[kind]!]);
  } catch {
    return [];
  }
}

/** What the tags' choice was given for: a new tag (or ID) asks again. */
const signatureOf = (tags: [MarketingTagKind, string][]) =>
  tags.map(([kind, id]) => `${kind}:${id}`).join(",");

function storedChoice(signature: string): ConsentChoice | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? "null") as {
      choice?: ConsentChoice;
      tags?: string;
    } | null;
    return stored?.tags === signature ? stored.choice : undefined;
  } catch {
    return undefined;
  }
}

function keepChoice(choice: ConsentChoice, signature: string): void {
  try {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ choice, tags: signature, at: new Date().toISOString() }),
    );
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  void fetch(CONSENT_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ choice }),
    keepalive: true,
  }).catch(() => undefined);
}

/** The tags started on this page (a swap keeps them: the page's scripts stay). */
const started = new Set<MarketingTagKind>();
let leadsHeard = false;

function start(tags: [MarketingTagKind, string][]): void {
  for (const [kind, id] of tags) {
    if (started.has(kind)) {
      if (kind === "metaPixel") w.fbq?.("track", "PageView");
      continue;
    }
    started.add(kind);
    starts[kind](id);
  }
  if (!leadsHeard) {
    leadsHeard = true;
    window.addEventListener(LEAD_EVENT, () => {
      for (const kind of started) conversions[kind]();
    });
  }
}

export const enhance: Enhancer = (root, signal) => {
  const [notice] = partsOf(root, "consent");
  if (!notice) return;
  const tags = tagsOf(notice);
  const signature = signatureOf(tags);
  const choice = storedChoice(signature);
  const show = (shown: boolean) => {
    notice.hidden = !shown;
  };
  if (choice === "accepted") start(tags);
  else if (choice === undefined) show(true);
  notice.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("[data-consent]");
      if (!button) return;
      const chosen = button.dataset.consent as ConsentChoice;
      keepChoice(chosen, signature);
      show(false);
      if (chosen === "accepted") start(tags);
      // A started tag cannot be unloaded from a page: a decline after an accept reloads it.
      else if (started.size > 0) location.reload();
    },
    { signal },
  );
  document.addEventListener(
    "click",
    (event) => {
      if (!(event.target as Element).closest("[data-consent-open]")) return;
      show(true);
      notice.querySelector<HTMLButtonElement>("[data-consent]")?.focus();
    },
    { signal },
  );
};
