import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { addDays, dayIn } from "../../common/time-zone.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { createAdmin } from "../support/server-process.ts";
import { expect, expectNoAxeViolations, signIn, test as base } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";

// The Traffic screen (issue 33): the figures of counted visits next to the enquiries, for a
// period or a chosen range, with exports and the owners' Do Not Track switch. The figures
// must be only this file's, so it runs on a server of its own over a fresh database, with
// the counts written into it as the counter would have written them.

type Admin = { email: string; password: string };

/** Paths that a browser would follow to another site, and one of this site's, mistyped. */
const HOSTILE_PATHS = ["//evil.test/x", "/\\evil.test/login", "/\t/evil.test/tab"];
interface TrafficServer {
  url: string;
  owner: Admin;
  editor: Admin;
}

/** Today in the site's time zone (Lagos), as the server counts it. */
const today = dayIn(Date.now());
const ago = (days: number) => addDays(today, -days);

const test = base.extend<object, { trafficServer: TrafficServer }>({
  trafficServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      await withOwnServer("traffic", {}, async (server, dataDir) => {
        const owner = createAdmin(server.env, "owner@example.com");
        const editor = createAdmin(server.env, "editor@example.com");
        const db = new Database(path.join(dataDir, "site.db"));
        try {
          db.prepare("update admins set role = 'editor' where email = ?").run(editor.email);
          const visit = db.prepare(
            "insert into traffic_visitors (day, source, campaign, device, visitors, views) values (?, ?, ?, ?, ?, ?)",
          );
          visit.run(ago(1), "google.com", "", "mobile", 10, 25);
          visit.run(ago(2), "", "", "desktop", 5, 5);
          // In the 30 days before the last 30.
          visit.run(ago(40), "google.com", "", "mobile", 5, 5);
          const page = db.prepare(
            "insert into traffic_pages (day, path, source, device, visitors, views) values (?, ?, ?, ?, ?, ?)",
          );
          page.run(ago(1), "/", "google.com", "mobile", 10, 15);
          page.run(ago(1), "/contact", "google.com", "mobile", 4, 10);
          page.run(ago(2), "/contact", "", "desktop", 5, 5);
          page.run(ago(40), "/", "google.com", "mobile", 5, 5);
          // Paths as a forged beacon or form sent them, counted before issue 46 refused them.
          for (const path of HOSTILE_PATHS) page.run(ago(3), path, "", "desktop", 1, 1);
        } finally {
          db.close();
        }
        // An enquiry sent from the contact page by a visitor Google sent (today).
        const sent = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            ...enquiryPayloads.home,
            source: { page: "/contact", referrer: "www.google.com" },
          }),
        });
        expect(sent.status).toBe(201);
        await use({ url: server.url, owner, editor });
      });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ trafficServer }, use) => use(trafficServer.url),
});

// One worker runs this file, in order: one server of its own.
test.describe.configure({ mode: "default" });

/** A headline figure: its value and its change, by its name. */
function figure(page: Page, name: string) {
  const box = page.locator("dl > div").filter({ has: page.getByText(name, { exact: true }) });
  return { value: box.locator("dd").first(), change: box.locator("dd").nth(1) };
}

/** No part of the page is wider than the window (tables scroll inside their boxes). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the owner reads the figures, switches the period, chooses days and exports a table", async ({
  page,
  trafficServer,
}, testInfo) => {
  await signIn(page, trafficServer.owner);
  await page.goto("/admin/dashboard");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Traffic" })
    .click();
  await expect(page).toHaveURL(/\/admin\/traffic$/);
  await expect(page.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();

  // The last 30 days against the 30 before.
  await expect(figure(page, "Visitors").value).toHaveText("15");
  await expect(figure(page, "Visitors").change).toHaveText("+200% on the previous 30 days");
  await expect(figure(page, "Page views").value).toHaveText("30");
  await expect(figure(page, "Views per visit").value).toHaveText("2.0");
  await expect(figure(page, "Enquiries").value).toHaveText("1");
  await expect(figure(page, "Enquiries").change).toHaveText("New: none in the previous 30 days");
  await expect(figure(page, "Conversion").value).toHaveText("6.7%");

  const pages = page.getByRole("table", { name: "Top pages" });
  const contact = pages.getByRole("row").filter({ hasText: "/contact" });
  await expect(contact.getByRole("link", { name: "/contact" })).toHaveAttribute("href", "/contact");
  await expect(contact.getByRole("cell")).toHaveText(["9", "New", "15", "1", "11%"]);
  const sources = page.getByRole("table", { name: "Sources" });
  await expect(sources.getByRole("row").nth(1).getByRole("rowheader")).toHaveText("google");
  await expect(sources.getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "10",
    "+100%",
    "25",
    "1",
    "10%",
  ]);
  await expect(sources.getByRole("rowheader", { name: "Direct" })).toBeVisible();
  const devices = page.getByRole("table", { name: "Devices" });
  await expect(devices.getByRole("rowheader")).toHaveText(["Phone", "Tablet", "Computer"]);
  // The chart's numbers as a table.
  await page.getByText("Show as table").click();
  await expect(
    page.getByRole("group", { name: "Visitors and enquiries per day, table" }).getByRole("row"),
  ).toHaveCount(31);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("traffic-1280.png"), fullPage: true });

  // Export: the pages of these days, every row, under the server's name.
  const download = page.waitForEvent("download");
  await page
    .getByRole("region", { name: "Top pages" })
    .getByRole("button", { name: "Export CSV" })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`traffic-pages-${ago(29)}-to-${today}.csv`);
  const csv = await readFile((await file.path())!, "utf8");
  expect(csv).toContain("/contact,9,15,1,11%,0");

  // 7 days, by keyboard: the address keeps it.
  await page.getByRole("button", { name: "7 days" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(figure(page, "Visitors").change).toHaveText("New: none in the previous 7 days");
  await page.screenshot({ path: testInfo.outputPath("traffic-7-days-1280.png"), fullPage: true });
  await page.reload();
  await expect(figure(page, "Visitors").value).toHaveText("15");

  // A chosen range: checked before it is asked for, then kept in the address.
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(ago(3));
  await page.getByRole("button", { name: "Show these days" }).click();
  await expect(page.getByText("From must not be after to.")).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toBeFocused();
  await page.getByLabel("From", { exact: true }).fill(ago(2));
  await page.getByLabel("To", { exact: true }).fill(ago(2));
  await page.getByRole("button", { name: "Show these days" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?from=${ago(2)}&to=${ago(2)}$`));
  await expect(figure(page, "Visitors").value).toHaveText("5");
  await expect(figure(page, "Visitors").change).toHaveText("New: none in the previous day");
});

test("a visitor-sent path that leads to another site is text, not a link", async ({
  page,
  trafficServer,
}) => {
  await signIn(page, trafficServer.owner);
  await page.goto("/admin/traffic");
  const pages = page.getByRole("table", { name: "Top pages" });
  await expect(pages.getByRole("rowheader", { name: "/contact" })).toBeVisible();
  for (const path of HOSTILE_PATHS) {
    const row = pages.getByRole("row").filter({ hasText: path.slice(path.indexOf("evil.test")) });
    await expect(row, path).toHaveCount(1);
    await expect(row.getByRole("link"), path).toHaveCount(0);
  }
  // Every link of the table stays on the site, as the browser resolves it.
  const hrefs = await pages
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  expect(hrefs.length).toBeGreaterThanOrEqual(2);
  for (const href of hrefs) expect(new URL(href).origin).toBe(trafficServer.url);
  await pages.getByRole("link", { name: "/contact" }).click();
  await expect(page).toHaveURL(`${trafficServer.url}/contact`);
});

test("days with no visit say how the site counts; a phone gets the screen without overflow", async ({
  page,
  trafficServer,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, trafficServer.owner);
  await page.goto("/admin/traffic?from=2020-01-01&to=2020-01-31");
  await expect(page.getByText(/No visits counted in these days yet/)).toContainText(
    "without cookies",
  );
  await expect(page.getByText(/within a minute of the first visit/)).toBeVisible();
  await expect(figure(page, "Visitors").value).toHaveText("0");
  await expect(figure(page, "Conversion").value).toHaveText("–");
  await expectNoPageOverflow(page);

  // A range written into the address by hand is checked as one chosen in the form.
  await page.goto("/admin/traffic?from=2020-02-05&to=2020-02-01");
  await expect(page.getByRole("alert")).toHaveText("From must not be after to.");

  await page.goto("/admin/traffic?days=90");
  await expect(figure(page, "Visitors").value).toHaveText("20");
  await page.getByText("Show as table").click();
  await expectNoPageOverflow(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("traffic-90-days-375.png"), fullPage: true });
});

test("owners switch Do Not Track on and off; editors do not see the switch", async ({
  page,
  browser,
  trafficServer,
}) => {
  await signIn(page, trafficServer.owner);
  await page.goto("/admin/traffic");
  const box = page.getByRole("checkbox", {
    name: "Respect Do Not Track and Global Privacy Control",
  });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toHaveText(
    "Saved: browsers that ask not to be tracked are no longer counted.",
  );
  await page.reload();
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toHaveText(
    "Saved: every browser is counted.",
  );

  const context = await browser.newContext({ baseURL: trafficServer.url });
  const editorPage = await context.newPage();
  await signIn(editorPage, trafficServer.editor);
  await editorPage.goto("/admin/traffic");
  await expect(editorPage.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
  await expect(figure(editorPage, "Visitors").value).toHaveText("15");
  await expect(editorPage.getByRole("heading", { name: "Counting" })).toHaveCount(0);
  await expect(editorPage.getByRole("checkbox")).toHaveCount(0);
  await context.close();
});
