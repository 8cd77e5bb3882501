import type { APIRequestContext } from "@playwright/test";
import { createAdmin } from "../support/server-process.ts";
import { withOwnServer } from "./own-server.ts";
import { adminToken, expect, expectNoAxeViolations, signIn, test as base } from "./fixtures.ts";
import { stamp } from "./fixtures/admin.ts";
import { wallInputValue } from "../../common/time-zone.ts";

// The publishing workflow of posts (issue 13), in the back office and on the public site:
// draft → scheduled → published at its time with no request needed, a draft's private
// preview link, and the post at both /blog/{slug} and /blog/{id}. These tests add posts that
// become public, so each worker has a server of its own over a fresh database.

interface PublishingServer {
  url: string;
  admin: { email: string; password: string };
}

const test = base.extend<object, { publishingServer: PublishingServer }>({
  publishingServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      await withOwnServer("publishing", {}, async (server) => {
        await use({ url: server.url, admin: createAdmin(server.env, "editor@example.com") });
      });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ publishingServer }, use) => use(publishingServer.url),
});

// One worker runs this file, in order: one server of its own instead of one per worker.
test.describe.configure({ mode: "default" });

/** Where the post shows publicly right now: API list and one, list page, feed, sitemap, page. */
async function publicView(
  request: APIRequestContext,
  post: { id: string; slug: string; title: string },
) {
  const list = (await (await request.get("/api/blogs")).json()) as { _id: string }[];
  return {
    api: list.some((blog) => blog._id === post.id),
    apiOne: (await request.get(`/api/blogs/${post.id}`)).status(),
    listPage: (await (await request.get("/blog")).text()).includes(post.title),
    rss: (await (await request.get("/blog/rss.xml")).text()).includes(`/blog/${post.slug}<`),
    sitemap: (await (await request.get("/sitemap.xml")).text()).includes(`/blog/${post.slug}<`),
    bySlug: (await request.get(`/blog/${post.slug}`)).status(),
    byId: (await request.get(`/blog/${post.id}`)).status(),
  };
}
const hidden = {
  api: false,
  apiOne: 404,
  listPage: false,
  rss: false,
  sitemap: false,
  bySlug: 404,
  byId: 404,
};
const shown = {
  api: true,
  apiOne: 200,
  listPage: true,
  rss: true,
  sitemap: true,
  bySlug: 200,
  byId: 200,
};

/** The id and slug of a post of the back office's list, by title. */
async function findPost(
  request: APIRequestContext,
  admin: PublishingServer["admin"],
  title: string,
) {
  const token = await adminToken(request, admin);
  const posts = (await (
    await request.get("/api/admin/blogs", { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { _id: string; slug: string; title: string; status: string }[];
  const post = posts.find((blog) => blog.title === title);
  expect(post, title).toBeDefined();
  return { id: post!._id, slug: post!.slug, title, status: post!.status };
}

test("draft → scheduled → published at its time: pages, API, feed and sitemap change then, not before", async ({
  page,
  publishingServer,
}) => {
  test.setTimeout(60_000);
  await signIn(page, publishingServer.admin);
  await page.goto("/admin/create");
  const title = `Harmattan content plan ${stamp()}`;
  await page.getByLabel("Title").fill(title);
  // The address follows the title until it is typed by hand.
  await expect(page.getByLabel("Address (slug)")).toHaveValue(/^harmattan-content-plan-\d+$/);
  await page.getByLabel("Point 1").fill("# Plan the dry season\nPost what people need now.");
  await page.getByRole("radio", { name: "Draft" }).check();
  await page.getByLabel("Cover alt text").fill("A dusty Lagos skyline");
  await page.getByLabel("SEO headline").fill("Harmattan plan for small brands");
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Blog created successfully!")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("editor");

  const post = await findPost(page.request, publishingServer.admin, title);
  expect(post.status).toBe("draft");
  expect(await publicView(page.request, post)).toEqual(hidden);

  // Schedule it a few seconds ahead, on Lagos's clock whatever the browser's zone (issue 50).
  await row.getByRole("link", { name: /Edit/ }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByRole("radio", { name: "Schedule" }).check();
  await expect(page.getByText("Lagos time, as every time in the back office.")).toBeVisible();
  const at = Math.floor((Date.now() + 8000) / 1000) * 1000;
  const when = { value: wallInputValue(at), ms: at };
  await page.getByLabel("Publish on", { exact: true }).fill(when.value);
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page.getByText("Blog updated successfully!")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Scheduled for");

  // Not before its time…
  expect(Date.now()).toBeLessThan(when.ms);
  expect(await publicView(page.request, post)).toEqual(hidden);
  // …and at its time, with no write or admin request to trigger it.
  await expect(async () => {
    expect(await publicView(page.request, post)).toEqual(shown);
  }).toPass({ timeout: 20_000, intervals: [250] });
  expect(Date.now()).toBeGreaterThanOrEqual(when.ms);

  // The readable address and the id both serve it; the canonical link is the slug.
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle("Harmattan plan for small brands | Brightlane Digital");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${publishingServer.url}/blog/${post.slug}`,
  );
  await page.goto(`/blog/${post.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // The list's Read More still links to /blog/{id} (spec §2).
  await page.goto("/blog");
  await expect(
    page.getByRole("link", { name: new RegExp(`^Read More\\W+${title}$`) }),
  ).toHaveAttribute("href", `/blog/${post.id}`);

  await page.goto("/admin/dashboard");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Published");
});

test("a draft's preview link works signed out while the draft stays out of every list, feed and the sitemap", async ({
  page,
  browser,
  publishingServer,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, publishingServer.admin);
  await page.goto("/admin/create");
  const title = `Unreleased rate card ${stamp()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Point 1").fill("Our new prices, out next month.");
  await page.getByRole("radio", { name: "Draft" }).check();
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Blog created successfully!")).toBeVisible();
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Edit/ })
    .click();
  await page.getByRole("button", { name: "Copy preview link" }).click();
  await expect(page.getByText("Preview link copied.")).toBeVisible();
  const link = await page.getByLabel("Preview link").inputValue();
  expect(link).toMatch(new RegExp(`^${publishingServer.url}/blog/preview/[A-Za-z0-9_-]{32}$`));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByRole("link", { name: /Open preview/ })).toHaveAttribute(
    "href",
    new URL(link).pathname,
  );

  // Signed out, in a browser of its own.
  const stranger = await browser.newContext({ baseURL: publishingServer.url });
  const visitor = await stranger.newPage();
  const response = await visitor.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole("note", { name: "Preview" })).toContainText("draft");
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(visitor);
  const wrong = await visitor.goto(`${link.slice(0, -2)}zz`);
  expect(wrong?.status()).toBe(404);
  await stranger.close();

  const post = await findPost(page.request, publishingServer.admin, title);
  expect(await publicView(page.request, post)).toEqual(hidden);
});
