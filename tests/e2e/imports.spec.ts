import { expect, test } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";
import { createAdmin } from "../support/server-process.ts";
import { startOldSite, type OldSite } from "../support/old-site.ts";
import { wxrFile } from "../factories/wxr.ts";

// Moving in from WordPress in the browser (issue 51): upload an export, its preview, start,
// the progress bar while a picture is on its way, the report; an old address followed; the
// Redirects screen's Not found list turned into a redirect with one click. A server of its
// own, which may fetch from the old site stood in for on 127.0.0.1 (IMPORT_ALLOW_HOSTS).

let old: OldSite;
test.beforeAll(async () => {
  old = await startOldSite();
});
test.afterAll(() => old.close());

function exportFile(url: string): string {
  return wxrFile({
    url,
    title: "Old Agency",
    categories: [{ slug: "news", name: "News" }],
    items: [
      {
        id: 1,
        title: "First post",
        slug: "first-post",
        content: `<p>Hello from <strong>WordPress</strong>.</p><table><tr><td>A</td></tr></table><img src="${url}/slow/picture.png" alt="A picture">`,
        categories: [{ domain: "category", slug: "news", name: "News" }],
      },
      { id: 2, title: "Second post", slug: "second-post", content: "<p>More words.</p>" },
      { id: 3, title: "A draft", slug: "a-draft", status: "draft", content: "<p>Draft.</p>" },
      { id: 4, title: "Binned", slug: "binned", status: "trash", content: "<p>Gone.</p>" },
    ],
  });
}

test("upload a WordPress export, preview, import with a progress bar, read the report, follow an old address, redirect a lost one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await withOwnServer("imports", { IMPORT_ALLOW_HOSTS: old.host }, async (server) => {
    const admin = createAdmin(server.env, "owner@imports.test");
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate((value) => localStorage.setItem("adminToken", value), token);

    await page.goto(`${server.url}/admin/imports`);
    await page.getByLabel("Export file").setInputFiles({
      name: "old-agency.WordPress.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(exportFile(old.url)),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page).toHaveURL(/\/admin\/imports\/[0-9a-f-]{36}$/);

    const preview = page.getByRole("region", { name: "What the file holds" });
    await expect(preview.getByText("Posts", { exact: true })).toBeVisible();
    await expect(preview.locator("dd").first()).toHaveText("4");
    await expect(page.getByText("Not imported: 1 trash")).toBeVisible();
    await page.getByRole("button", { name: "Start the import" }).click();

    // The picture is held by the old site: the import waits on it, and shows where it is.
    const progress = page.getByRole("region", { name: "Importing" });
    await expect(progress.getByRole("progressbar", { name: "Progress" })).toBeVisible();
    await expect(progress.getByText(/of \d+ items/)).toBeVisible();
    await expect.poll(() => old.held()).toBe(1);
    old.release(true);

    const report = page.getByRole("region", { name: "Report" });
    await expect(report.getByText(/^Done: 4 imported, 0 updated, 1 skipped/)).toBeVisible();
    const first = report.getByRole("row").filter({ hasText: "First post" });
    await expect(first.getByText("a table (kept as its text, a row a line)")).toBeVisible();
    await expect(first.getByRole("link", { name: "/blog/first-post" })).toBeVisible();
    // A draft is not on the site: its new address is its page in the back office.
    const draft = report.getByRole("row").filter({ hasText: "A draft" });
    await expect(draft.getByRole("link", { name: /^\/admin\/edit\// })).toBeVisible();
    await report.getByLabel("Show").selectOption("skipped");
    await expect(
      report
        .getByRole("row")
        .filter({ hasText: "Binned" })
        .getByText("it is in the old site's trash"),
    ).toBeVisible();

    // The old address leads to the new post, picture and all.
    await page.goto(`${server.url}/2023/05/first-post/`);
    await expect(page).toHaveURL(`${server.url}/blog/first-post`);
    await expect(page.getByRole("heading", { name: "First post" }).first()).toBeVisible();
    await expect(page.getByRole("img", { name: "A picture" })).toBeVisible();

    // A lost address turns up in Not found; one click makes its redirect.
    const lost = await page.goto(`${server.url}/old-services/seo/`);
    expect(lost?.status()).toBe(404);
    await page.goto(`${server.url}/admin/redirects`);
    const notFound = page.getByRole("region", { name: "Not found" });
    // Counted in memory and written every few seconds; a headless browser is counted as a bot.
    await expect(async () => {
      await page.reload();
      await notFound.getByLabel("Also show the addresses only bots asked for").check();
      await expect(
        notFound.getByRole("cell", { name: "/old-services/seo", exact: true }),
      ).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await notFound.getByRole("button", { name: "Redirect /old-services/seo" }).click();
    await expect(page.getByLabel("Old address (from)")).toHaveValue("/old-services/seo");
    await expect(page.getByLabel("New address (to)")).toBeFocused();
    await page.getByLabel("New address (to)").fill("/services");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByText("Redirect added.")).toBeVisible();
    const list = page.getByRole("region", { name: "Redirects" });
    await expect(list.getByRole("row").filter({ hasText: "/old-services/seo" })).toBeVisible();
    await expect(
      notFound.getByRole("cell", { name: "/old-services/seo", exact: true }),
    ).toHaveCount(0);
    await page.goto(`${server.url}/old-services/seo/`);
    await expect(page).toHaveURL(`${server.url}/services`);
    // Away from the site before its server stops: the page's idle work (the outbox's chunk,
    // the view) would otherwise meet a server that is closing.
    await page.goto("about:blank");
  });
});
