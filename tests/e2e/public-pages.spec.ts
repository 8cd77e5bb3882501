import { expect, test } from "./fixtures.ts";

// Every public route answers 200 with its key texts, rendered on the server.
const routes: [string, string[]][] = [
  [
    "/",
    [
      "Brightlane Digital",
      "Crafting Impactful Stories, Driving Meaningful Results",
      "Brands We've Worked With",
      "Client's Feedback",
      "One Time Offers",
      "Subscribe Now",
      "Graphics Design Portfolio",
      "Explore Our Services",
    ],
  ],
  [
    "/about",
    [
      "About Us",
      "Why Choose Us",
      "Proven Results",
      "Creative Expertise",
      "Tailored Solutions",
      "Experienced Team",
      "Meet Our Team",
      "Let's Get Started",
    ],
  ],
  ["/about/team", ["Meet Our Team", "Amaka Eze", "Founder & Creative Director"]],
  ["/services", ["Our Services", "200+", "150+", "5+", "Page Revamp", "Let's Get Started"]],
  [
    "/social-media",
    [
      "Social Media Marketing",
      "Social Media Advertising",
      "Account Management",
      "Paid Promotions",
      "Performance Tracking",
    ],
  ],
  [
    "/social-media-management",
    [
      "Social Media Management",
      "Community Management",
      "Content Scheduling and Posting",
      "Performance Analysis & Reporting",
      "TAKE OFF",
      "EMPOWER ME",
      "GROW ME",
      "BRAND ME",
      "Pay-as-You-Go",
      "12 Months Contract",
    ],
  ],
  ["/digital-marketing", ["Digital Marketing", "Search Engine Optimisation", "Email Marketing"]],
  [
    "/video-creation",
    [
      "Video Content Creation",
      "N30,000",
      "N40,000",
      "N60,000",
      "Background music included",
      "Delivery in 2-5 days.",
    ],
  ],
  ["/ads", ["Ads Campaign Management", "Audience Targeting", "Running Sponsored Ads"]],
  ["/branding", ["Branding and Graphic Designs", "Logo Design", "Graphics Design Portfolio"]],
  ["/page-revamp", ["Page Revamp", "Social Media Page Optimization", "Content and Visual Updates"]],
  [
    "/blog",
    [
      "Brightlane Digital Blog",
      "Your go-to resource for digital transformation, marketing insights, and business growth strategies.",
      "Read More",
      "Don’t Miss Out on the Latest Insights",
    ],
  ],
  [
    "/policy",
    [
      "Privacy Policy",
      "October 2024",
      "within one month",
      "GDPR",
      "Cookies",
      "Visitor statistics",
      "Changes to This Policy",
    ],
  ],
  [
    "/contact",
    [
      "Contact Us",
      "8am-5pm Mon-Sat",
      "Frequently Asked Questions",
      "What services do you offer?",
      "Follow Us",
    ],
  ],
];

for (const [path, texts] of routes) {
  test(`${path} answers 200 with its content from the server`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = (await response.text()).replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
    for (const text of texts) expect(html, text).toContain(text);
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+/);
  });
}

test("the home page shows the seeded package prices and the one-time offers in naira", async ({
  page,
}) => {
  await page.goto("/");
  for (const price of ["N100,000", "N180,000", "N250,000", "N350,000"]) {
    await expect(page.getByText(price, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText("Price on request")).toHaveCount(0);
  await expect(page.getByText("N100,000-N300,000")).toBeVisible();
  await expect(page.locator("#brands-title + ul > li")).toHaveCount(20);
  await expect(page.locator("#gallery-title").locator("xpath=../..").locator("img")).toHaveCount(
    12,
  );
  await expect(page.getByRole("link", { name: /^Play / })).toHaveCount(6);
});

test("the video voice offer comes from the database", async ({ page }) => {
  await page.goto("/video-creation");
  const voice = page.locator("li", {
    has: page.getByRole("heading", { name: "Video Voice Over" }),
  });
  await expect(voice.getByText("N10,000")).toBeVisible();
});

test("a blog post renders on the server with its body; unknown posts and paths are 404", async ({
  page,
  request,
}) => {
  const posts = (await (await request.get("/api/blogs")).json()) as {
    _id: string;
    title: string;
  }[];
  const post = posts[0]!;
  const response = await page.goto(`/blog/${post._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page.locator("article h2").first()).toBeVisible();
  expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain(
    "BlogPosting",
  );
  const missing = await page.goto("/blog/00000000-0000-0000-0000-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Blog not found." })).toBeVisible();
  const unknown = await page.goto("/no-such-page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us" }).first()).toBeVisible();
});

test("the blog list shows cards with teaser, read time and date, and searches with ?q=", async ({
  page,
}) => {
  await page.goto("/blog");
  const cards = page.locator("main ul > li article");
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  await page.getByLabel("Search the blog").fill("Instagram Ads");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=Instagram\+Ads/);
  await expect(cards).toHaveCount(1);
  // A sample post's card (the newest cards may be short posts other tests are writing).
  const card = cards.first();
  await expect(card).toContainText("How Much Should You Spend on Instagram Ads in Naira?");
  await expect(card.getByText(/^\d+ mins? read$/)).toBeVisible();
  await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(card.getByText(/\.\.\.$/)).toBeVisible();
  await page.goto("/blog?q=zzzz-nothing");
  await expect(page.getByText("No articles match “zzzz-nothing”.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the blog search works and content is visible", async ({ page }) => {
    await page.goto("/blog?q=branding");
    await expect(page.locator("main ul > li article")).toHaveCount(1);
    await page.goto("/");
    await expect(
      page.getByRole("heading", { name: "Crafting Impactful Stories, Driving Meaningful Results" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Our Services", exact: true }).first(),
    ).toBeVisible();
  });
});

test("sitemap, robots and RSS are well formed and list the posts", async ({ request }) => {
  const posts = (await (await request.get("/api/blogs")).json()) as { slug: string }[];
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain("<urlset");
  for (const path of [
    "/about",
    "/social-media-management",
    "/contact",
    `/blog/${posts[0]!.slug}`,
  ]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
  // Other tests add and remove posts meanwhile: compare the feed with a list read with it.
  await expect(async () => {
    const before = ((await (await request.get("/api/blogs")).json()) as unknown[]).length;
    const rss = await request.get("/blog/rss.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    const feed = await rss.text();
    expect(feed).toContain('<rss version="2.0"');
    expect(feed.match(/<item>/g)?.length).toBe(before);
  }).toPass();
});
