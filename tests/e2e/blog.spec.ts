import type { APIRequestContext } from "@playwright/test";
import { formatDate, readTime, teaser } from "../../common/format.ts";
import type { Blog } from "../../common/schemas/blog.ts";
import { everywhereImage } from "../../common/share-image.ts";
import { expect, test } from "./fixtures.ts";

// The seeded posts (SEED_SAMPLE_CONTENT); the back-office tests add and remove others meanwhile,
// so these tests look posts up by title.
const HABITS = "5 Social Media Habits That Grow Nigerian Small Businesses";

async function seededPost(request: APIRequestContext, title = HABITS): Promise<Blog> {
  const posts = (await (await request.get("/api/blogs")).json()) as Blog[];
  const post = posts.find((blog) => blog.title === title);
  expect(post, title).toBeDefined();
  return post!;
}

test("the blog list: title, subtitle, intro line and a card per post", async ({
  page,
  request,
}) => {
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brightlane Digital Blog");
  await expect(
    page.getByText("Insights, tips and actionable advice from industry experts", { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByText(
      "Your go-to resource for digital transformation, marketing insights, and business growth strategies.",
      { exact: true },
    ),
  ).toBeVisible();

  const post = await seededPost(request);
  const card = page.locator("main article", {
    has: page.getByRole("heading", { name: post.title }),
  });
  await expect(card.getByText(teaser(post.content, 15), { exact: true })).toBeVisible();
  expect(teaser(post.content, 15)).toMatch(/^(\S+ ){14}\S+\.\.\.$/);
  await expect(card.getByText(readTime(post.duration), { exact: true })).toBeVisible();
  await expect(card.locator("time")).toHaveText(formatDate(post.date));
  await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const image = card.locator("img");
  await expect(image).toHaveAttribute("width", String(post.imageWidth));
  await expect(image).toHaveAttribute("height", String(post.imageHeight));
  await expect(card.locator("source")).toHaveAttribute("srcset", /-480\.webp 480w/);
  await card.getByRole("link", { name: /Read More/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post._id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
});

test("cards are in two columns at 375 px and three at 1280 px", async ({ page }) => {
  const columns = () =>
    page
      .locator("main ul:has(article)")
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/blog");
  expect(await columns()).toBe(2);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await columns()).toBe(3);
});

test("search filters by title and content, is shareable, and says when nothing matches", async ({
  page,
}) => {
  await page.goto("/blog");
  const cards = page.locator("main article");
  const search = page.getByRole("search").getByLabel("Search the blog");
  await search.fill("Instagram Ads");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/blog\?q=Instagram\+Ads$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("How Much Should You Spend on Instagram Ads in Naira?");
  // A word only in a post's body.
  await search.fill("algorithm");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=algorithm$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(HABITS);

  await page.goto("/blog?q=zzzz-nothing");
  await expect(page.getByText("No articles match “zzzz-nothing”.")).toBeVisible();
  await expect(cards).toHaveCount(0);
  await page.getByRole("link", { name: "Show all articles" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
});

test("a post is rendered on the server: banner, title, image and every point of the body", async ({
  page,
  request,
}) => {
  const post = await seededPost(request);
  const html = await (await request.get(`/blog/${post._id}`)).text();
  expect(html).toContain("Post on a calendar, not on a mood");

  await page.goto(`/blog/${post._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  await expect(page.getByRole("heading", { level: 2, name: post.title })).toBeVisible();
  for (const line of post.content.flatMap((point) => point.split("\n"))) {
    const text = line.replace(/^[#*]\s*/, "").trim();
    if (!text) continue;
    if (line.startsWith("#")) {
      await expect(page.getByRole("heading", { name: text })).toBeVisible();
    } else if (line.startsWith("*")) {
      await expect(page.getByRole("listitem").filter({ hasText: text })).toBeVisible();
    } else {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
  }
  await expect(page.locator("article img").first()).toHaveAttribute("src", post.image!);
  await expect(page.getByText(readTime(post.duration))).toBeVisible();
});

test("a post carries BlogPosting data and its own picture on share cards", async ({ request }) => {
  const post = await seededPost(request);
  const html = await (await request.get(`/blog/${post._id}`)).text();
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .find((block) => block["@type"] === "BlogPosting");
  expect(ld).toMatchObject({ headline: post.title, datePublished: post.date });
  const ogImage = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  // As JPEG (issue 50): some social sites show no WebP.
  expect(ogImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media-jpeg\/blogs\/.+\.jpg$/);
  expect(ogImage).toContain(everywhereImage(post.imageVariants.at(-1)!.url));
  const shared = await request.get(ogImage!);
  expect(shared.headers()["content-type"]).toBe("image/jpeg");
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toMatch(
    new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/blog/${post.slug}"`),
  );
});

test("an unknown post answers 404 with 'Blog not found.'", async ({ page, allowConsoleErrors }) => {
  // The browser logs the page's own 404.
  allowConsoleErrors(/^Failed to load resource: the server responded with a status of 404 /);
  const response = await page.goto("/blog/00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog not found.");
  await expect(page).toHaveTitle("Blog not found. | Brightlane Digital");
  await page.getByRole("link", { name: "Back to the blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("moving to the blog or a post in the browser says 'Fetching Blogs...' and 'Loading...' until it arrives", async ({
  page,
  request,
}) => {
  const post = await seededPost(request);
  // Hold the next page, as a slow connection would (an islands page's navigation asks for
  // its HTML: app/islands/navigate.ts).
  const hold = async (pattern: string) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  };
  await page.goto("/contact");
  const releaseList = await hold("**/blog");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Fetching Blogs..." })).toBeVisible();
  releaseList();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brightlane Digital Blog");
  await expect(page.getByText("Fetching Blogs...")).toHaveCount(0);

  const releasePost = await hold(`**/blog/${post._id}`);
  await page
    .locator("main article", { has: page.getByRole("heading", { name: post.title }) })
    .getByRole("link", { name: /Read More/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  releasePost();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
});
