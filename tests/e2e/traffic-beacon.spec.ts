import type { BrowserContext, Page } from "@playwright/test";
import { LEAD_SOURCE_KEY } from "../../app/lib/lead-source.ts";
import { TOKEN_KEY } from "../../app/lib/staff-token.ts";
import { TRAFFIC_BEACON_PATH, type PageViewBeacon } from "../../common/traffic.ts";
import { expect, followAddedLink, signIn, test } from "./fixtures.ts";

// The page's own beacon (issue 33), seen from the browser: one per page view (the first load
// and each client-side navigation to another path) with the landing's source, none for the
// back office, signed-in staff or a 404, no cookie, nothing stored, no other host. The
// beacons are answered here, so this file needs no counter on the server and adds nothing
// to its figures; traffic.spec.ts checks the counting end to end.

// The screen, wider than the window: the beacon sends the screen's width.
const WIDTH = 1440;
test.use({ screen: { width: WIDTH, height: 900 } });

/** The beacons the pages of `context` send, in order, each answered 204 here. */
async function beaconsOf(context: BrowserContext): Promise<PageViewBeacon[]> {
  const sent: PageViewBeacon[] = [];
  await context.route(`**${TRAFFIC_BEACON_PATH}`, async (route) => {
    const request = route.request();
    expect(request.method()).toBe("POST");
    // A simple request (no preflight): a JSON text sent as text/plain.
    expect(request.headers()["content-type"]).toMatch(/^text\/plain\b/);
    sent.push(JSON.parse(request.postData() ?? "null") as PageViewBeacon);
    await route.fulfill({ status: 204 });
  });
  return sent;
}

/** Addresses of any other host the pages of `context` ask for. */
function foreignRequests(context: BrowserContext, baseURL: string): string[] {
  const origin = new URL(baseURL).origin;
  const foreign: string[] = [];
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

const banner = (page: Page) => page.getByRole("banner");

/** Follows a link of the header's bar: a client-side navigation. */
async function follow(page: Page, name: string, path: string) {
  await banner(page).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test("the first load and each client-side navigation send one beacon, and nothing is kept", async ({
  page,
  context,
  baseURL,
}) => {
  const sent = await beaconsOf(context);
  const foreign = foreignRequests(context, baseURL!);
  await page.goto("/");
  await expect.poll(() => sent).toEqual([{ path: "/", width: WIDTH }]);

  await follow(page, "Contact Us", "/contact");
  await expect.poll(() => sent).toHaveLength(2);
  // The same page again is no new view; the next page is.
  await follow(page, "Contact Us", "/contact");
  await follow(page, "Blog", "/blog");
  await expect.poll(() => sent.length).toBe(3);
  // A view is a path (decision 0037): the same path with another query is no new view.
  await followAddedLink(page, "/blog?q=market");
  await expect(page).toHaveURL(/\/blog\?q=market$/);
  await follow(page, "Contact Us", "/contact");
  await expect.poll(() => sent.length).toBe(4);
  expect(sent).toEqual([
    { path: "/", width: WIDTH },
    { path: "/contact", width: WIDTH },
    { path: "/blog", width: WIDTH },
    { path: "/contact", width: WIDTH },
  ]);

  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
  // Only what the lead source keeps for the visit's enquiries.
  expect(stored).toEqual({ local: [], session: [LEAD_SOURCE_KEY] });
  expect(foreign).toEqual([]);
});

test("a landing's UTM parameters and referrer go with every view of the visit", async ({
  page,
  context,
}) => {
  const sent = await beaconsOf(context);
  await page.goto("/?utm_source=Newsletter&utm_campaign=spring");
  await expect.poll(() => sent).toHaveLength(1);
  await follow(page, "Policy", "/policy");
  await expect.poll(() => sent).toHaveLength(2);
  const source = { utmSource: "Newsletter", utmCampaign: "spring", width: WIDTH };
  expect(sent).toEqual([
    { path: "/", ...source },
    { path: "/policy", ...source },
  ]);

  // Another visit (a tab of its own), sent by another site.
  const other = await context.newPage();
  await other.goto("/services", { referer: "https://www.example.org/agencies?page=2" });
  await expect.poll(() => sent).toHaveLength(3);
  expect(sent[2]).toEqual({ path: "/services", referrer: "www.example.org", width: WIDTH });
});

test("the back office, signed-in staff and a page not found send no beacon", async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  const sent = await beaconsOf(context);
  // The sign-in page, then public pages with a staff member's token in this browser.
  await signIn(page);
  await page.goto("/");
  await follow(page, "Contact Us", "/contact");
  await page.goto("/admin/login");
  // Signed out: the next view counts, and it is the only beacon so far.
  await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
  await page.goto("/about");
  await expect.poll(() => sent.length).toBe(1);
  expect(sent).toEqual([{ path: "/about", width: WIDTH }]);

  // Pages not found: an unknown page of the site and a path no route takes.
  expect((await page.goto("/no-such-page-here"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.goto("/about/nowhere/at/all");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  // A subscriber's link page is an islands page of one person's link: no view of it, so no
  // token reaches Traffic (decision 0053). From it, a navigation in the page to a missing
  // page (not counted), as a link that has gone stale would make.
  await page.goto("/newsletter/unsubscribe/not-a-token");
  // The page's request for the missing page is answered 404, which the browser logs.
  allowConsoleErrors(/status of 404/);
  await followAddedLink(page, "/no-such-page-either");
  await expect(page).toHaveURL(/\/no-such-page-either$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await follow(page, "Policy", "/policy");
  await expect.poll(() => sent.length).toBe(2);
  expect(sent.slice(1)).toEqual([{ path: "/policy", width: WIDTH }]);
  // The same through an islands page's own navigation (docs/decisions/0039).
  await page.goto("/about/team");
  allowConsoleErrors(/status of 404 .*\/no-such-page-at-all/);
  await followAddedLink(page, "/no-such-page-at-all");
  await expect(page).toHaveURL(/\/no-such-page-at-all$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await follow(page, "Policy", "/policy");
  await expect.poll(() => sent.length).toBe(4);
  expect(sent.slice(2).map((beacon) => beacon.path)).toEqual(["/about/team", "/policy"]);
  // Leaving a page not found, drawn by the server, for a real page counts again.
  await page.goto("/no-such-page-here");
  await follow(page, "Blog", "/blog");
  await expect.poll(() => sent.length).toBe(5);
  expect(sent.map((beacon) => beacon.path)).toEqual([
    "/about",
    "/policy",
    "/about/team",
    "/policy",
    "/blog",
  ]);
});
