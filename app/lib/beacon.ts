import { TRAFFIC_BEACON_PATH, type PageViewBeacon } from "../../common/traffic-beacon.ts";
import { currentLeadSource } from "./lead-source.ts";
import { getToken } from "./staff-token.ts";

// The site's own visitor statistics in the browser (issue 33, decision 0037): one small
// request to this site per page view, with the page's path, the visit's landing source (the
// one an enquiry carries, app/lib/lead-source.ts) and the screen's width. No cookie, nothing
// stored, no identifier: the server makes the day's visitor key from the request itself.

/**
 * Counts this page view: sends the beacon to this site, unless staff are signed in in this
 * browser. A page being prerendered waits until the visitor opens it (one never opened sends
 * nothing). Never throws: a blocked storage or an old browser just counts less.
 */
export function sendPageView(): void {
  try {
    if ((document as { prerendering?: boolean }).prerendering) {
      document.addEventListener("prerenderingchange", sendPageView, { once: true });
      return;
    }
    if (getToken()) return;
    const { page, referrer, utmSource, utmCampaign } = currentLeadSource() ?? {};
    // Fields without a value drop out of the JSON.
    const beacon: PageViewBeacon = {
      path: page ?? location.pathname,
      referrer,
      utmSource,
      utmCampaign,
      width: screen.width,
    };
    const body = JSON.stringify(beacon);
    // A string goes as text/plain: a simple request, no preflight.
    if (navigator.sendBeacon?.(TRAFFIC_BEACON_PATH, body)) return;
    fetch(TRAFFIC_BEACON_PATH, {
      method: "POST",
      body,
      keepalive: true,
      credentials: "omit",
    }).catch(() => {});
  } catch {
    // Not counted.
  }
}
