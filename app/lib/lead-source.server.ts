import { leadSourceOf, type LeadSource } from "../../common/lead-source.ts";

/**
 * Where a lead sent without JavaScript came from. The form posts to its own page, so the
 * request URL is the page (its path is the page, its query the visit's UTM parameters), and
 * the Referer header names the site before only when it is another host than this page's or
 * the public origin's (a post from our own page names our own page).
 */
export function leadSourceOfRequest(request: Request, origin?: string): LeadSource {
  let ownHosts: string[] = [];
  try {
    if (origin) ownHosts = [new URL(origin).host];
  } catch {
    ownHosts = [];
  }
  return leadSourceOf({
    pageUrl: new URL(request.url),
    referrer: request.headers.get("referer"),
    ownHosts,
  });
}
