// What the public pages' beacon (app/lib/beacon.ts) sends, and where (issue 33, decision
// 0037), in a file of its own. A module that both the site layout and a back-office screen
// import becomes a chunk of its own, which every public page would then preload; the Traffic
// screen imports common/traffic.ts, which re-exports these two, and the bundler leaves an
// unused re-export out, so this file stays in the layout's chunk. No zod here.

/** Where the page's beacon goes: POST, a JSON body (sent as text/plain by sendBeacon). */
export const TRAFFIC_BEACON_PATH = "/api/traffic/views";

/**
 * What the beacon sends for one page view. The source fields are the visit's landing
 * referrer host and UTM parameters (app/lib/lead-source.ts keeps them for the tab's session,
 * the same ones an enquiry carries), so visits and leads are counted under one source key.
 */
export interface PageViewBeacon {
  /** The page's path, without the query, e.g. "/contact". */
  path: string;
  /** The external site that brought the visit (host only), e.g. "www.google.com". */
  referrer?: string;
  utmSource?: string;
  utmCampaign?: string;
  /** screen.width in CSS pixels: the device class. */
  width?: number;
}
