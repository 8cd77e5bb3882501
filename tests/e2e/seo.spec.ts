import type { Page } from "@playwright/test";
import type { Blog } from "../../common/schemas/blog.ts";
import { expect, test } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

// What search engines and lost visitors get: sitemap, robots, RSS, page metadata, the 404
// page and the privacy policy.

/** Parses XML in the browser: the list of parser errors and the texts of the given tags. */
async function readXml(page: Page, xml: string, tag: string) {
  return page.evaluate(
    ({ xml, tag }) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        root: doc.documentElement.nodeName,
        texts: [...doc.getElementsByTagName(tag)].map((node) => node.textContent ?? ""),
      };
    },
    { xml, tag },
  );
}

test("sitemap.xml lists every public page and every post, with absolute URLs", async ({
  page,
  request,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const { errors, root, texts } = await readXml(page, await response.text(), "loc");
  expect(errors).toBe(0);
  expect(root).toBe("urlset");
  const origin = new URL(response.url()).origin;
  for (const path of publicPaths) expect(texts, path).toContain(`${origin}${path}`);
  // Other tests add and remove posts meanwhile: compare with a list read with the sitemap.
  await expect(async () => {
    const posts = (await (await request.get("/api/blogs")).json()) as Blog[];
    const sitemap = await readXml(page, await (await request.get("/sitemap.xml")).text(), "loc");
    for (const post of posts) expect(sitemap.texts).toContain(`${origin}/blog/${post.slug}`);
  }).toPass();
  expect(texts.some((loc) => loc.includes("/admin"))).toBe(false);
  // Every post carries the day it last changed.
  const lastmods = await readXml(page, await response.text(), "lastmod");
  for (const day of lastmods.texts) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const postLocs = texts.filter((loc) => loc.startsWith(`${origin}/blog/`));
  expect(lastmods.texts.length).toBeGreaterThanOrEqual(postLocs.length);
});

test("robots.txt lets robots in, keeps them out of /admin and /api, and names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n");
  expect(lines).toEqual(
    expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api"]),
  );
  expect(lines).toContain(`Sitemap: ${new URL(response.url()).origin}/sitemap.xml`);
});

test("the RSS feed is RSS 2.0 with one item per post, newest first, and absolute links", async ({
  page,
  request,
}) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  const links = await readXml(page, xml, "link");
  expect(links.errors).toBe(0);
  expect(links.root).toBe("rss");
  const origin = new URL(response.url()).origin;
  // Other tests add and remove posts meanwhile: compare the feed with a list read with it.
  await expect(async () => {
    const posts = (await (await request.get("/api/blogs")).json()) as Blog[];
    const feed = await (await request.get("/blog/rss.xml")).text();
    const titles = await readXml(page, feed, "title");
    expect(titles.texts).toEqual([
      "Brightlane Digital Blog",
      ...posts.slice(0, 50).map((p) => p.title),
    ]);
    const itemLinks = await readXml(page, feed, "link");
    expect(itemLinks.texts).toEqual([
      `${origin}/blog`,
      ...posts.slice(0, 50).map((post) => `${origin}/blog/${post.slug}`),
    ]);
  }).toPass();
  const html = await (await request.get("/blog")).text();
  expect(html).toContain('type="application/rss+xml"');
});

test("my pages have a title, a description, a canonical URL and share cards", async ({
  request,
}) => {
  for (const path of publicPaths.slice(publicPaths.indexOf("/social-media"))) {
    const response = await request.get(path);
    const html = await response.text();
    const origin = new URL(response.url()).origin;
    const meta = (attr: string, key: string) =>
      html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
    expect(html, path).toMatch(/<title>[^<]+ \| Brightlane Digital<\/title>/);
    expect(meta("name", "description")?.length, path).toBeGreaterThan(40);
    expect(html, path).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
    expect(meta("property", "og:url"), path).toBe(`${origin}${path}`);
    expect(meta("property", "og:image"), path).toMatch(new RegExp(`^${origin}/`));
    expect(meta("name", "twitter:card"), path).toBe("summary_large_image");
    expect(html, path).not.toContain('name="robots" content="noindex"');
  }
});

test("an unknown path is a real 404 page with ways onwards, kept out of search results", async ({
  page,
}) => {
  for (const path of ["/no-such-page", "/blog/some/deeper/path", "/social-media/extra"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const help = page.getByRole("region", { name: "Helpful links" });
  for (const label of ["Home", "Our Services", "Blog", "Contact Us", "Page Revamp"]) {
    await expect(help.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await help.getByRole("link", { name: "Social Media Management" }).click();
  await expect(page).toHaveURL(/\/social-media-management$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Social Media Management");
});

test("the privacy policy: twelve sections, GDPR, the data, one month, Oct 2024, how to reach us", async ({
  page,
}) => {
  const response = await page.goto("/policy");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByText("Last updated: October 2024")).toBeVisible();
  const headings = page.locator("main ol > li > h2");
  await expect(headings).toHaveText([
    "1. Who We Are",
    "2. Data We Collect",
    "3. How We Use Your Data",
    "4. Legal Bases for Processing",
    "5. How We Protect Your Data",
    "6. Data Retention",
    "7. Your Rights Under GDPR",
    "8. Sharing Your Data",
    "9. Cookies",
    "10. Third-Party Links",
    "11. International Data Transfers",
    "12. Changes to This Policy",
  ]);
  const main = page.locator("main");
  for (const text of [
    "General Data Protection Regulation (GDPR)",
    "Your name",
    "Your e-mail address",
    "Your phone number",
    "Company details",
    "Usage data",
    "marketing preferences",
    "Cookies and similar technologies",
    "We answer every request within one month.",
    "It sets no cookie, stores nothing on your device and uses no third party.",
    "12 Admiralty Way, Lekki Phase 1, Lagos, Nigeria",
  ]) {
    await expect(main.getByText(text).first(), text).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "hello@brightlanedigital.com" })).toHaveAttribute(
    "href",
    "mailto:hello@brightlanedigital.com",
  );
  await page
    .getByRole("navigation", { name: "Contents" })
    .getByRole("link", { name: "9. Cookies" })
    .click();
  await expect(page).toHaveURL(/#section-9$/);
  await expect(page.getByRole("heading", { name: "9. Cookies" })).toBeInViewport();
});
