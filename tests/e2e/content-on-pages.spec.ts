import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { naira } from "../../common/format.ts";
import type { ListContentTypeName, ListItemOf } from "../../common/schemas/content.ts";
import { jpegImage } from "../factories/images.ts";
import {
  createAdmin,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from "../support/server-process.ts";
import { expect, test } from "./fixtures.ts";

// The public pages read the content staff edit (issue 12): each change made through the API
// shows on the pages that show it. These tests change what other tests assert (the FAQ, the
// contact details, the claims…), so they run against a server of their own over a fresh
// database, one after another. Its clock is in a time zone west of UTC, where a date parsed as
// UTC midnight would fall in the month before.

test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let dataDir: string;
let token: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "agency-content-e2e-"));
  server = await spawnServer(dataDir, {
    BUILD_DIR: process.env.E2E_SITE_BUILD ?? "",
    SEED_SAMPLE_CONTENT: "false",
    RATE_LIMIT_PER_MINUTE: "100000",
    TZ: "America/Los_Angeles",
  });
  await waitForHealth(server);
  const admin = createAdmin(server.env, "content-e2e@example.com");
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(200);
  token = ((await response.json()) as { token: string }).token;
});

test.afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const url = (pathname: string) => `${server.url}${pathname}`;
const auth = () => ({ authorization: `Bearer ${token}` });

async function list<T extends ListContentTypeName>(
  request: APIRequestContext,
  type: T,
): Promise<ListItemOf<T>[]> {
  const response = await request.get(url(`/api/content/${type}`));
  expect(response.status()).toBe(200);
  return (await response.json()) as ListItemOf<T>[];
}

async function put(request: APIRequestContext, pathname: string, data: unknown) {
  const response = await request.put(url(pathname), { headers: auth(), data });
  expect(response.status(), await response.text()).toBe(200);
}

async function removeAll(request: APIRequestContext, type: ListContentTypeName) {
  for (const item of await list(request, type)) {
    const response = await request.delete(url(`/api/content/${type}/${item._id}`), {
      headers: auth(),
    });
    expect(response.status()).toBe(200);
  }
}

async function jsonLdOf(page: Page, type: string) {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
  return blocks.find((block) => JSON.stringify(block["@type"]).includes(type));
}

test("an edited FAQ answer shows on the contact page and in its FAQPage data", async ({
  page,
  request,
}) => {
  const [first] = await list(request, "faq");
  await put(request, `/api/content/faq/${first!._id}`, {
    question: "Do you answer on Sundays?",
    answer: "Yes, through WhatsApp between noon and 4pm.",
  });
  await page.goto(url("/contact"));
  const faq = page.locator("section[aria-labelledby='faq-title']");
  await expect(faq.getByRole("button").first()).toHaveText("Do you answer on Sundays?");
  await expect(faq.getByRole("button")).toHaveCount(3);
  const data = await jsonLdOf(page, "FAQPage");
  expect(data.mainEntity[0]).toMatchObject({
    name: "Do you answer on Sundays?",
    acceptedAnswer: { text: "Yes, through WhatsApp between noon and 4pm." },
  });
});

test("the contact details and social links come from the settings, on every page", async ({
  page,
  request,
}) => {
  const current = await (await request.get(url("/api/settings/contact"))).json();
  await put(request, "/api/settings/contact", {
    ...current,
    phone: "+234 701 234 5678",
    whatsapp: "",
    email: "team@example.com",
    city: "Abuja",
    instagram: "",
    youtube: "https://www.youtube.com/@brightlane",
  });

  await page.goto(url("/contact"));
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "+234 701 234 5678" })).toHaveAttribute(
    "href",
    "tel:+2347012345678",
  );
  await expect(footer.getByRole("link", { name: "team@example.com" })).toHaveAttribute(
    "href",
    "mailto:team@example.com",
  );
  await expect(footer.getByText("12 Admiralty Way, Lekki Phase 1, Abuja, Nigeria")).toBeVisible();
  // The rail: Instagram left out; the spec's networks only (the YouTube channel is where the
  // portfolio's samples link, not a rail link); each opens safely in a new tab.
  const rail = page.getByRole("navigation", { name: "Social media" });
  await expect(rail.getByRole("link")).toHaveCount(3);
  await expect(rail.getByRole("link", { name: /Instagram|YouTube/ })).toHaveCount(0);
  const facebook = rail.getByRole("link", { name: "Facebook (opens in a new tab)" });
  await expect(facebook).toHaveAttribute("href", current.facebook);
  await expect(facebook).toHaveAttribute("rel", "noopener noreferrer");
  // Without a WhatsApp number of its own, the chat goes to the phone.
  const whatsapp = page.getByRole("link", { name: /Chat on WhatsApp/ }).first();
  expect(await whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/2347012345678\?text=/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /in Abuja, or send an enquiry\. Office hours 8am-5pm Mon-Sat\./,
  );

  await page.goto(url("/"));
  const business = await jsonLdOf(page, "LocalBusiness");
  expect(business).toMatchObject({
    telephone: "+234 701 234 5678",
    email: "team@example.com",
    address: { addressLocality: "Abuja", addressCountry: "NG" },
  });
  expect(business.sameAs).toContain("https://www.youtube.com/@brightlane");
  // No video uploaded: the portfolio's built-in samples play from the agency's channel.
  const samples = page.locator('section[aria-labelledby="portfolio-title"]').getByRole("link");
  await expect(samples).toHaveCount(6);
  for (const sample of await samples.all()) {
    await expect(sample).toHaveAttribute("href", "https://www.youtube.com/@brightlane");
  }
  expect(business.sameAs).not.toContain(current.instagram);

  await page.goto(url("/policy"));
  await expect(page.getByText("e-mail us at team@example.com.", { exact: false })).toBeVisible();
  await expect(page.getByText(/advertising agency based in Abuja, Nigeria\./)).toBeVisible();

  // A WhatsApp number of its own wins over the phone.
  await put(request, "/api/settings/contact", {
    ...current,
    whatsapp: "2348000000009",
  });
  await page.goto(url("/social-media-management"));
  const chat = page.getByRole("link", { name: /Chat on WhatsApp about GROW ME/ });
  expect(await chat.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/2348000000009\?text=/);
});

test.describe("in a time zone west of UTC", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the policy's date is the month and year staff set, on the server and in the browser", async ({
    page,
    request,
  }) => {
    await put(request, "/api/settings/policy", { lastUpdated: "2025-03-01" });
    await page.goto(url("/policy"));
    await expect(page.getByText("Last updated: March 2025")).toBeVisible();
    await expect(page.getByText("This policy was last updated in March 2025.")).toBeVisible();
    // The browser rendered the same text as the server (no hydration error).
  });
});

test("prices: a price key, a range and a rename reach the offers, rates and package form", async ({
  page,
  request,
}) => {
  const offers = await list(request, "offers");
  const voiceover = offers.find((offer) => offer.name === "Voiceover")!;
  await put(request, `/api/content/offers/${voiceover._id}`, {
    name: "Voiceover",
    priceKey: "video-voice",
    amount: null,
    upTo: null,
  });
  const prices = (await (await request.get(url("/api/prices"))).json()) as {
    key: string;
    amount: number;
  }[];
  const voicePrice = prices.find((price) => price.key === "video-voice")!.amount;
  const [adsOffer] = await list(request, "ads-offers");
  await put(request, `/api/content/ads-offers/${adsOffer!._id}`, {
    ...adsOffer,
    _id: undefined,
    amount: 20000,
    upTo: 25000,
  });
  const packages = await list(request, "packages");
  const grow = packages.find((pack) => pack.priceKey === "grow-me")!;
  await put(request, `/api/content/packages/${grow._id}`, {
    ...grow,
    _id: undefined,
    name: "GROW FAST",
  });

  await page.goto(url("/"));
  const offerList = page.locator("section[aria-labelledby='offers-title']");
  await expect(offerList.getByRole("listitem").filter({ hasText: "Voiceover" })).toHaveText(
    `Voiceover${naira(voicePrice)}`,
  );
  await expect(offerList.getByRole("listitem").filter({ hasText: "Branding" })).toHaveText(
    "BrandingN100,000-N300,000",
  );

  await page.goto(url("/ads"));
  await expect(
    page.getByRole("listitem").filter({ hasText: adsOffer!.title }).first(),
  ).toContainText("N20,000-N25,000");

  for (const chosen of ["grow-me", "GROW FAST"]) {
    await page.goto(url(`/social-media-management?package=${encodeURIComponent(chosen)}`));
    const select = page.locator('form#package-form select[name="package"]');
    await expect(select).toHaveValue("GROW FAST");
    await expect(select.locator("option")).toHaveText([
      "TAKE OFF",
      "EMPOWER ME",
      "GROW FAST",
      "BRAND ME",
    ]);
  }
});

test("an uploaded picture of any shape keeps its box, in the formats it has", async ({
  page,
  request,
}) => {
  const upload = await request.post(url("/api/content-images"), {
    headers: auth(),
    multipart: {
      image: { name: "tall.jpg", mimeType: "image/jpeg", buffer: await jpegImage(400, 900) },
    },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()) as { src: string; variants: { url: string }[] };
  const [first] = await list(request, "gallery");
  await put(request, `/api/content/gallery/${first!._id}`, {
    image: { src: image.src, variants: image.variants, alt: "A tall poster for a new client" },
  });
  const [member] = await list(request, "team");
  await put(request, `/api/content/team/${member!._id}`, {
    ...member,
    _id: undefined,
    image: { src: image.src, variants: image.variants, alt: `Photo of ${member!.name}` },
  });

  await page.goto(url("/branding"));
  const tile = page.getByRole("img", { name: "A tall poster for a new client" });
  await expect(tile).toHaveAttribute("src", image.src);
  const picture = page.locator("picture").filter({ has: tile });
  await expect(picture.locator("source")).toHaveCount(1);
  await expect(picture.locator("source")).toHaveAttribute("type", "image/webp");
  // The seeded posters keep their AVIF and WebP sources.
  await expect(page.locator("picture").nth(1).locator("source")).toHaveCount(2);
  await tile.scrollIntoViewIfNeeded();
  const box = (await tile.boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThan(2);

  await page.goto(url("/about"));
  const photo = page.getByRole("img", { name: `Photo of ${member!.name}` });
  await photo.scrollIntoViewIfNeeded();
  const photoBox = (await photo.boundingBox())!;
  expect(Math.abs(photoBox.width - photoBox.height)).toBeLessThan(2);
});

test("a list staff empty leaves its section out, and the page still works", async ({
  page,
  request,
}) => {
  for (const type of ["claims", "testimonials", "slides", "brands", "offers"] as const) {
    await removeAll(request, type);
  }
  const response = await page.goto(url("/"));
  expect(response?.status()).toBe(200);
  await expect(page.locator("main dl")).toHaveCount(0);
  for (const heading of ["Client's Feedback", "Brands We've Worked With", "One Time Offers"]) {
    await expect(page.getByRole("heading", { name: heading })).toHaveCount(0);
  }
  await expect(page.getByRole("region", { name: "Highlights of our work" })).toHaveCount(0);
  // The rest of the home page is there.
  await expect(
    page.getByRole("heading", { name: "Social Media Management Packages" }),
  ).toBeVisible();

  for (const pathname of ["/services", "/about", "/about/team"]) {
    const answer = await page.goto(url(pathname));
    expect(answer?.status()).toBe(200);
    await expect(page.locator("main dl")).toHaveCount(0);
  }

  await removeAll(request, "faq");
  await page.goto(url("/contact"));
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toHaveCount(0);
  expect(await jsonLdOf(page, "FAQPage")).toBeUndefined();
});

test("a service block and a policy section staff edit in the back office show on their pages", async ({
  page,
}) => {
  await page.addInitScript((value) => localStorage.setItem("adminToken", value), token);
  // The blocks of one page: the list shows the Ads page's five, in their order.
  await page.goto(url("/admin/content/service-blocks"));
  await page.getByLabel("Show the blocks of").selectOption("ads");
  await expect(page).toHaveURL(/\?page=ads$/);
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText("Campaign Strategy");
  await expect(page.getByRole("link", { name: /^View on site/ })).toHaveAttribute(
    "href",
    "/ads#blocks",
  );
  // Moved within its page: Audience Targeting comes first on the Ads page.
  await page.getByRole("button", { name: "Move up Audience Targeting" }).click();
  await expect(rows.first()).toContainText("Audience Targeting");

  await page.getByRole("link", { name: "Edit Campaign Strategy" }).click();
  await expect(page.getByLabel("Page", { exact: true })).toHaveValue("ads");
  await page.getByLabel("Title", { exact: true }).fill("Campaign Planning");
  await page.getByLabel("Enquiry options").fill("Campaign Planning\nMedia Buying");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Block saved.").last()).toBeVisible();
  await expect(page).toHaveURL(/service-blocks\?page=ads$/);

  await page.goto(url("/ads"));
  const blocks = page.locator("section[aria-labelledby='blocks-title'] h3");
  await expect(blocks).toHaveText([
    "Audience Targeting",
    "Campaign Planning",
    "Ad Creatives",
    "Budget Optimisation",
    "Reporting",
  ]);
  const options = page.locator("form input[name='options']");
  await expect(options).toHaveCount(6);
  expect(
    await options.evaluateAll((inputs) => inputs.map((input) => input.getAttribute("value"))),
  ).toEqual([
    "Audience Targeting",
    "Campaign Planning",
    "Media Buying",
    "Ad Creatives",
    "Budget Optimisation",
    "Reporting",
  ]);
  // The other pages keep theirs.
  await page.goto(url("/branding"));
  await expect(page.locator("section[aria-labelledby='blocks-title'] h3").first()).toHaveText(
    "Logo Design",
  );

  // A policy section: its text in the post format, with the contact e-mail filled in.
  await page.goto(url("/admin/content/policy-sections"));
  await page.getByRole("link", { name: "Edit Cookies" }).click();
  await page.getByLabel("Title", { exact: true }).fill("Cookies and Local Storage");
  await page
    .getByLabel("Text", { exact: true })
    .fill(
      "We use only what the site needs:\n* a cookie-free visit\n* local storage for forms\n# Questions\nWrite to {email}.",
    );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Section saved.").last()).toBeVisible();

  await page.goto(url("/policy"));
  const cookies = page.locator("#section-9");
  await expect(cookies.getByRole("heading", { level: 2 })).toHaveText(
    "9. Cookies and Local Storage",
  );
  await expect(cookies.getByRole("listitem")).toHaveText([
    "a cookie-free visit",
    "local storage for forms",
  ]);
  await expect(cookies.getByRole("heading", { level: 3 })).toHaveText("Questions");
  await expect(cookies.getByText(/^Write to \S+@\S+\.$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "9. Cookies and Local Storage" })).toHaveAttribute(
    "href",
    "#section-9",
  );
});

test("the pages' words and search fields are edited in the back office and show on the pages", async ({
  page,
  request,
}) => {
  const before = {
    home: await (await request.get(url("/api/settings/home-page"))).json(),
    search: await (await request.get(url("/api/settings/search"))).json(),
  };
  await page.goto(url("/admin/login"));
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
  await page.goto(url("/admin/content"));
  await page
    .getByRole("region", { name: "Page words" })
    .getByRole("link", { name: "Home page" })
    .click();
  const hero = page.getByRole("group", { name: "Top of the page" });
  await expect(hero.getByLabel("Heading")).toHaveValue("");
  await hero.getByLabel("Heading").fill("Marketing that grows Lagos brands");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Home page saved.")).toBeVisible();

  await page.goto(url("/admin/settings/search"));
  const about = page.getByRole("group", { name: "About Us (/about)" });
  // The schema's own check runs before the request: too long a title is refused beside it.
  await about.getByLabel("Search title").fill("x".repeat(71));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(about.getByText("Search title must be at most 70 characters.")).toBeVisible();
  await about.getByLabel("Search title").fill("About the agency | Lagos marketing");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Search and sharing saved.")).toBeVisible();

  await page.goto(url("/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Marketing that grows Lagos brands",
  );
  await page.goto(url("/about"));
  await expect(page).toHaveTitle("About the agency | Lagos marketing");
  // Blank fields keep today's: the description, and every other page's title.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Lagos digital marketing agency: our mission/,
  );
  await expect(page.getByRole("heading", { name: "Let's Get Started" })).toBeVisible();
  await page.goto(url("/about/team"));
  await expect(page).toHaveTitle(/^Our Team \| /);

  await put(request, "/api/settings/home-page", before.home);
  await put(request, "/api/settings/search", before.search);
});
