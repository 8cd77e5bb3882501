import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";
import { statusOf, SUCCESS, unique } from "./form-helpers.ts";

// The agency's own marketing tags (issue 50): with none on, no public page asks another host
// for anything and sets no cookie; with some on, nothing goes to their hosts before the
// visitor accepts, nor after they decline; after "Accept" the tags' scripts are asked for
// (the hosts do not resolve here: the attempted requests are what is watched), and a sent
// enquiry reaches the tags as a lead. The tags change every page: a server of its own.

const test = base.extend<object, { tagsServer: SignedInServer }>({
  tagsServer: [signedInServer("marketing-tags", "tags-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ tagsServer }, use) => use(tagsServer.url),
  storageState: async ({ tagsServer }, use) => use(signedInState(tagsServer)),
});
test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/shots-50";

/** Every host other than the site's that a page attempted to reach. */
function otherHosts(page: Page, origin: string): string[] {
  const hosts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) hosts.push(url.host);
  });
  return hosts;
}

/** A visitor: no admin token, nothing remembered. */
async function visitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

const enhanced = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-enhanced", "");

test("with no tag on: no notice, no cookie, no request to another host", async ({
  browser,
  tagsServer,
}) => {
  const { context, page } = await visitor(browser, tagsServer.url);
  const hosts = otherHosts(page, tagsServer.url);
  for (const path of ["/", "/contact", "/policy"]) {
    await page.goto(path);
    await enhanced(page);
    await expect(page.getByRole("region", { name: "Cookies for our ads" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
  }
  expect(hosts).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

test("an owner sets the tags; a visitor declines (nothing sent), then accepts from the footer", async ({
  page,
  browser,
  tagsServer,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  // The tags' hosts do not resolve here: their scripts' attempts fail after "Accept".
  allowConsoleErrors(
    /ERR_NAME_NOT_RESOLVED \(at https:\/\/(connect\.facebook\.net|www\.googletagmanager\.com)\//,
  );
  await page.goto("/admin/marketing-tags");
  await expect(page.getByRole("heading", { name: "Marketing tags", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  const pixel = page.getByLabel("Meta Pixel ID");
  await pixel.fill("<script>");
  await page.getByRole("button", { name: "Save marketing tags" }).click();
  await expect(page.getByText("Meta Pixel ID is not an ID of this tag")).toBeVisible();
  await expect(pixel).toBeFocused();
  await pixel.fill("123456789012345");
  await page.getByLabel("Google tag ID (Google Analytics 4 or Google Ads)").fill("G-AB12CD34EF");
  await page.getByRole("button", { name: "Save marketing tags" }).click();
  await expect(
    page.getByText("Marketing tags saved: 2 on. Visitors are asked before any loads."),
  ).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/marketing-tags-${width}.png`, fullPage: true });
  }

  const { context, page: visit } = await visitor(browser, tagsServer.url);
  const hosts = otherHosts(visit, tagsServer.url);
  await visit.goto("/");
  const notice = visit.getByRole("region", { name: "Cookies for our ads" });
  await expect(notice).toBeVisible();
  const accept = notice.getByRole("button", { name: "Accept marketing cookies" });
  const decline = notice.getByRole("button", { name: "Decline" });
  // Equally prominent: the same size and colours.
  const look = (button: typeof accept) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.color, style.fontWeight, style.fontSize].join(" ");
    });
  expect(await look(accept)).toBe(await look(decline));
  await expectNoAxeViolations(visit);
  for (const width of [1280, 375]) {
    await visit.setViewportSize({ width, height: 800 });
    await visit.screenshot({ path: `${SHOTS}/consent-notice-${width}.png` });
  }
  expect(hosts).toEqual([]);

  await decline.click();
  await expect(notice).toBeHidden();
  await visit.reload();
  await enhanced(visit);
  await expect(notice).toBeHidden();
  await visit.goto("/contact");
  await enhanced(visit);
  expect(hosts).toEqual([]);
  expect(await context.cookies()).toEqual([]);

  // Changed from the footer: the notice again, and after "Accept" the tags are asked for.
  await visit.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Accept marketing cookies" }).click();
  await expect(notice).toBeHidden();
  await expect.poll(() => hosts).toContain("connect.facebook.net");
  await expect.poll(() => hosts).toContain("www.googletagmanager.com");
  expect(hosts.filter((host) => /licdn|linkedin/.test(host))).toEqual([]);

  // A sent enquiry is passed to the tags as their conversion event.
  const long = visit.locator("form#long");
  await long.getByLabel("Company Name").fill("Eze & Sons");
  await long.getByLabel("Full Name").fill("Ngozi Eze");
  await long.getByLabel("Email Address").fill(unique("tags-lead"));
  await long.getByLabel("Page Revamp").check();
  await long.getByLabel("Message").fill("Ads for our shop.");
  await long.getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(long)).toHaveText(SUCCESS);
  const events = await visit.evaluate(() => {
    const w = window as unknown as { fbq: { queue: unknown[][] }; dataLayer: ArrayLike<unknown>[] };
    return {
      meta: w.fbq.queue.map((call) => call.join(" ")),
      google: w.dataLayer.map((entry) => Array.from(entry).join(" ")),
    };
  });
  expect(events.meta).toContain("track Lead");
  expect(events.google).toContain("event generate_lead");
  await context.close();

  // Both choices were recorded, with nothing that names the visitor.
  const overview = await page.request.get("/api/marketing-tags", {
    headers: { authorization: `Bearer ${tagsServer.token}` },
  });
  expect((await overview.json()).consent).toMatchObject({ accepted: 1, declined: 1 });
});
