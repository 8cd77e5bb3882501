import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { TrafficStats } from "../../common/schemas/traffic.ts";
import { dayIn } from "../../common/time-zone.ts";
import { TRAFFIC_BEACON_PATH } from "../../common/traffic.ts";
import { expect, test as base, waitForHydration } from "./fixtures.ts";
import { signedInServer, type SignedInServer } from "./own-server.ts";

// Counting end to end (issue 33): three visitors and two bots browse the site in real
// browsers; the pages' own beacons reach the counter, which writes every few seconds, and
// the Traffic API (getTrafficStats) then shows the three visitors, their views, where they
// came from and on what screen, and nothing of the bots. Every page view of any other test
// counts too, so this file has a server of its own over a fresh database.
//
// All browsers here come from 127.0.0.1, and the visitor key is the address's /24 and the
// browser's family: the three visitors are three families (Chrome, Firefox, Safari), each
// with a user agent of its own. Playwright's own one says HeadlessChrome: a bot.

const test = base.extend<object, { trafficServer: SignedInServer }>({
  trafficServer: [signedInServer("traffic", "traffic-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ trafficServer }, use) => use(trafficServer.url),
});

const AGENTS = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
};

interface Counts {
  visitors: number;
  pageviews: number;
}

interface Browsing {
  context: BrowserContext;
  page: Page;
  /** Beacons whose request has ended (answered or failed), and their answers' statuses. */
  ended: () => number;
  statuses: number[];
}

/**
 * A browser of its own (a context) with this user agent and screen. Under another browser's
 * user agent Chromium still sends its client hints (Sec-CH-UA: "Chromium"), which Firefox,
 * Safari and Googlebot do not send: their beacons go to the server without them (passed on
 * from here, the same address, the same request otherwise).
 */
async function browsing(
  browser: Browser,
  baseURL: string,
  userAgent: string,
  size = { width: 1280, height: 800 },
): Promise<Browsing> {
  const context = await browser.newContext({ baseURL, userAgent, viewport: size, screen: size });
  if (!/Chrome\//.test(userAgent)) {
    await context.route(`**${TRAFFIC_BEACON_PATH}`, async (route) => {
      const headers = Object.entries(await route.request().allHeaders()).filter(
        ([name]) => !name.startsWith("sec-ch-ua"),
      );
      await route.fulfill({
        response: await route.fetch({ headers: Object.fromEntries(headers) }),
      });
    });
  }
  let ended = 0;
  const statuses: number[] = [];
  context.on("requestfinished", (request) => {
    if (!request.url().endsWith(TRAFFIC_BEACON_PATH)) return;
    ended += 1;
    void request.response().then((response) => statuses.push(response?.status() ?? 0));
  });
  context.on("requestfailed", (request) => {
    if (request.url().endsWith(TRAFFIC_BEACON_PATH)) ended += 1;
  });
  const page = await context.newPage();
  return { context, page, ended: () => ended, statuses };
}

async function open(page: Page, path: string, referer?: string) {
  const response = await page.goto(path, referer ? { referer } : {});
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

/** A client-side navigation by a link of the header's bar. */
async function follow(page: Page, name: string, path: string) {
  await page.getByRole("banner").getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Waits until `views` beacons of this browser have reached the server. */
async function sent({ ended }: Browsing, views: number) {
  await expect.poll(ended, { timeout: 15_000 }).toBe(views);
}

test("three visitors are counted with their views, sources and screens; bots are not", async ({
  browser,
  baseURL,
  trafficServer,
}) => {
  // Five browsers, then up to 20 s for the counts to be written.
  test.setTimeout(120_000);
  const from = dayIn(Date.now());
  const stats = async (): Promise<TrafficStats> => {
    // To today as it is when asked: a run across midnight still sees every view.
    const to = dayIn(Date.now());
    const response = await fetch(`${trafficServer.url}/api/admin/traffic?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${trafficServer.token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as TrafficStats;
  };
  const before = await stats();
  expect([before.visitors, before.pageviews]).toEqual([0, 0]);

  // The bots first: whatever they sent is on the server before any visitor's view.
  const googlebot = await browsing(browser, baseURL!, AGENTS.googlebot);
  await open(googlebot.page, "/");
  await follow(googlebot.page, "Contact Us", "/contact");
  const headless = await browsing(browser, baseURL!, AGENTS.headless);
  await open(headless.page, "/about");
  await sent(googlebot, 2);
  await sent(headless, 1);

  // A visitor who comes straight in and reads three pages, moving by the site's links.
  const reader = await browsing(browser, baseURL!, AGENTS.chrome);
  await open(reader.page, "/");
  await follow(reader.page, "Contact Us", "/contact");
  await follow(reader.page, "Blog", "/blog");
  // One from the newsletter's link, who reads on.
  const subscriber = await browsing(browser, baseURL!, AGENTS.firefox);
  await open(subscriber.page, "/?utm_source=newsletter&utm_campaign=spring");
  await follow(subscriber.page, "Policy", "/policy");
  // One on a phone, sent by another site's link.
  const phone = await browsing(browser, baseURL!, AGENTS.safari, { width: 390, height: 844 });
  await open(phone.page, "/services", "https://www.example.org/best-agencies-in-lagos");
  await sent(reader, 3);
  await sent(subscriber, 2);
  await sent(phone, 1);
  for (const visitor of [reader, subscriber, phone]) {
    await expect
      .poll(() => visitor.statuses.every((status) => status >= 200 && status < 300))
      .toBe(true);
  }

  // The counter writes every 5 s; a visit shows within 15 s.
  let counted = before;
  await expect
    .poll(
      async () => {
        counted = await stats();
        return counted.pageviews;
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(6);

  // Exactly the visitors' views: the bots' beacons, sent earlier, added nothing.
  expect({ visitors: counted.visitors, pageviews: counted.pageviews }).toEqual({
    visitors: 3,
    pageviews: 6,
  });
  expect(counted.viewsPerVisit).toBe(2);
  // Each table as key → visitors and views, rows without either left out, in key order.
  const by = <Row extends Counts>(rows: Row[], key: (row: Row) => string) =>
    rows
      .filter((row) => row.visitors > 0 || row.pageviews > 0)
      .map((row) => ({ key: key(row), visitors: row.visitors, pageviews: row.pageviews }))
      .sort((a, b) => a.key.localeCompare(b.key));
  expect(by(counted.sources, (row) => row.source)).toEqual([
    { key: "", visitors: 1, pageviews: 3 },
    { key: "example.org", visitors: 1, pageviews: 1 },
    { key: "newsletter", visitors: 1, pageviews: 2 },
  ]);
  expect(by(counted.campaigns, (row) => row.campaign)).toEqual([
    { key: "spring", visitors: 1, pageviews: 2 },
  ]);
  expect(by(counted.pages, (row) => row.path)).toEqual([
    { key: "/", visitors: 2, pageviews: 2 },
    { key: "/blog", visitors: 1, pageviews: 1 },
    { key: "/contact", visitors: 1, pageviews: 1 },
    { key: "/policy", visitors: 1, pageviews: 1 },
    { key: "/services", visitors: 1, pageviews: 1 },
  ]);
  expect(by(counted.devices, (row) => row.device)).toEqual([
    { key: "desktop", visitors: 2, pageviews: 5 },
    { key: "mobile", visitors: 1, pageviews: 1 },
  ]);
  const daily = counted.daily.reduce(
    (sum, day) => ({
      visitors: sum.visitors + day.visitors,
      pageviews: sum.pageviews + day.pageviews,
    }),
    { visitors: 0, pageviews: 0 },
  );
  expect(daily).toEqual({ visitors: 3, pageviews: 6 });

  for (const { context } of [googlebot, headless, reader, subscriber, phone]) await context.close();
});
