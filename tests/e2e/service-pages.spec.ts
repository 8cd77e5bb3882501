import { adminToken, expect, test } from "./fixtures.ts";

// The seven service pages: one route module, the service picked by the path.

const pages = [
  {
    path: "/social-media",
    name: "Social Media Marketing",
    blocks: [
      "Social Media Advertising",
      "Account Management",
      "Paid Promotions",
      "Performance Tracking",
    ],
  },
  {
    path: "/social-media-management",
    name: "Social Media Management",
    blocks: [
      "Account Management",
      "Community Management",
      "Content Scheduling and Posting",
      "Performance Analysis & Reporting",
    ],
  },
  {
    path: "/digital-marketing",
    name: "Digital Marketing",
    blocks: [
      "Search Engine Optimisation (SEO)",
      "Email Marketing",
      "Pay-Per-Click Advertising",
      "Analytics",
    ],
  },
  {
    path: "/video-creation",
    name: "Video Content Creation",
    blocks: ["Explainer Videos", "Reels and Short-Form Content", "Voiceovers"],
  },
  {
    path: "/ads",
    name: "Ads Campaign Management",
    blocks: [
      "Campaign Strategy",
      "Audience Targeting",
      "Ad Creatives",
      "Budget Optimisation",
      "Reporting",
    ],
  },
  {
    path: "/branding",
    name: "Branding and Graphic Designs",
    blocks: ["Logo Design", "Brand Identity", "Social Media Graphics", "Print and Packaging"],
  },
  {
    path: "/page-revamp",
    name: "Page Revamp",
    blocks: ["Social Media Page Optimization", "Content and Visual Updates"],
  },
];

// One page for the seven (a browser context per page costs more than the checks).
test("each service page: 200 from the server with its blocks and an enquiry form of them", async ({
  page,
}) => {
  for (const { path, name, blocks } of pages) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${name} | Brightlane Digital`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const list = page.locator("section[aria-labelledby='blocks-title'] h3");
      await expect(list).toHaveText(blocks);
      const enquiry = page.locator("form#service-form");
      await expect(enquiry.getByRole("checkbox")).toHaveCount(blocks.length);
      for (const block of blocks) await expect(enquiry.getByLabel(block)).toBeVisible();
      await expect(enquiry.locator('input[name="serviceType"]')).toHaveValue(name);
      await expect(page.getByRole("heading", { name: `Request ${name}` })).toBeVisible();
    });
  }
});

test("Social Media Management: the four packages with the prices from the database", async ({
  page,
}) => {
  await page.goto("/social-media-management");
  const packages = page.locator("section[aria-labelledby='packages-title']");
  for (const [pack, price] of [
    ["TAKE OFF", "N100,000"],
    ["EMPOWER ME", "N180,000"],
    ["GROW ME", "N250,000"],
    ["BRAND ME", "N350,000"],
  ] as const) {
    await expect(packages.getByText(pack, { exact: true })).toBeVisible();
    await expect(packages.getByText(price, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("Price on request")).toHaveCount(0);
  const form = page.locator("form#package-form");
  await expect(form.getByLabel("Package").locator("option")).toHaveText([
    "TAKE OFF",
    "EMPOWER ME",
    "GROW ME",
    "BRAND ME",
  ]);
  await expect(form.getByRole("radio")).toHaveCount(4);
  for (const contract of [
    "Pay-as-You-Go",
    "3 Months Contract",
    "6 Months Contract",
    "12 Months Contract",
  ]) {
    await expect(form.getByLabel(contract)).toBeVisible();
  }
});

test("Video Content Creation: the rates, and the voice offer priced from the database", async ({
  page,
  request,
}) => {
  await page.goto("/video-creation");
  const rates = page.locator("section[aria-labelledby='rates-title']");
  const card = (title: string) =>
    rates.locator("li", { has: page.getByRole("heading", { name: title }) });
  await expect(card("40 Seconds Video")).toContainText("N30,000");
  await expect(card("40 Seconds Video")).toContainText("With script");
  await expect(card("50 Seconds Video")).toContainText("N40,000");
  await expect(card("1 Minute Video")).toContainText("N60,000");
  await expect(card("Video Voice Over")).toContainText("N10,000");
  for (const title of ["40 Seconds Video", "50 Seconds Video", "1 Minute Video"]) {
    await expect(card(title)).toContainText("Background music included");
  }
  await expect(rates.getByText("Delivery in 2-5 days.", { exact: true })).toHaveCount(4);
  await card("1 Minute Video")
    .getByRole("link", { name: /Order Now/ })
    .click();
  await expect(page).toHaveURL(/#enquiry$/);

  // Without its price in the database the voice offer reads 'Price on request', never NaN.
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const saved = (
    (await (await request.get("/api/prices")).json()) as { key: string; amount: number }[]
  ).find((price) => price.key === "video-voice");
  expect(saved).toBeDefined();
  try {
    expect((await request.delete("/api/prices/video-voice", { headers: auth })).ok()).toBe(true);
    await page.goto("/video-creation");
    await expect(card("Video Voice Over")).toContainText("Price on request");
    await expect(page.getByText("NaN")).toHaveCount(0);
  } finally {
    await request.post("/api/prices", { headers: auth, data: saved });
  }
  await page.goto("/video-creation");
  await expect(card("Video Voice Over")).toContainText("N10,000");
});

test("Ads Campaign Management: five feature blocks and a two-column offer", async ({ page }) => {
  await page.goto("/ads");
  const offers = page
    .locator("section[aria-labelledby='offers-title']")
    .locator("li", { has: page.locator("h3") });
  await expect(offers).toHaveCount(2);
  await expect(offers.nth(0)).toContainText("Running Sponsored Ads");
  await expect(offers.nth(0)).toContainText("N30,000");
  await expect(offers.nth(1)).toContainText("Fixing Restricted and Disabled Ad Account");
  await expect(offers.nth(1)).toContainText("N20,000");
  const [first, second] = await Promise.all([
    offers.nth(0).boundingBox(),
    offers.nth(1).boundingBox(),
  ]);
  expect(Math.round(first!.y)).toBe(Math.round(second!.y));
  await expect(page.getByText("Delivery in 2-5 days.").first()).toBeVisible();
});

test("Branding: the graphics design portfolio of 12 images", async ({ page }) => {
  await page.goto("/branding");
  const gallery = page.locator("section[aria-labelledby='gallery-title']");
  await expect(gallery.getByRole("heading", { name: "Graphics Design Portfolio" })).toBeVisible();
  await expect(gallery.locator("img")).toHaveCount(12);
});

test("moving between service pages in the browser loads each one's own content", async ({
  page,
}) => {
  await page.goto("/social-media");
  await page.getByRole("contentinfo").getByRole("link", { name: "Page Revamp" }).click();
  await expect(page).toHaveURL(/\/page-revamp$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Revamp");
  await expect(page.locator("form#service-form").getByRole("checkbox")).toHaveCount(2);
  await page.getByRole("contentinfo").getByRole("link", { name: "Branding/Graphics" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Branding and Graphic Designs");
  await expect(page.locator("form#service-form").getByRole("checkbox")).toHaveCount(4);
});
