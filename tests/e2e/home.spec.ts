import { naira } from "../../common/format.ts";
import { site } from "../../common/site-config.ts";
import { defaultItems } from "../factories/content.ts";
import { mp4Bytes } from "../factories/images.ts";
import { adminToken, expect, test } from "./fixtures.ts";
import type { Locator, Page } from "@playwright/test";

// The home page: every section of the spec in order, prices from the database, the
// portfolio from uploaded videos, and both carousels by mouse and keyboard.

/** What a fresh database holds (these tests do not change it). */
const oneTimeOffers = defaultItems("offers");
const testimonials = defaultItems("testimonials");

const section = (page: Page, title: string | RegExp) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title }) });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server renders every section in the spec's order, visible", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(site.name));

    // Hero: name, tagline, two buttons.
    await expect(page.getByRole("heading", { level: 1, name: site.name })).toBeVisible();
    const hero = page.locator("section").first();
    await expect(hero.getByText(site.tagline)).toBeVisible();
    await expect(hero.getByRole("link", { name: "Get in Touch" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(hero.getByRole("link", { name: /^Learn more/ })).toHaveAttribute(
      "href",
      "/services",
    );
    await expect(hero.getByRole("button", { name: /Send Enquiry/ })).toBeAttached();

    const headings = await page.locator("main h2").allTextContents();
    const order = [
      "Crafting Impactful Stories, Driving Meaningful Results",
      "Brands We've Worked With",
      "Our Services",
      "Social Media Management Packages",
      "Graphics Design Portfolio",
      "Videos We’ve Made",
      "Campaigns in Pictures",
      "Client's Feedback",
      "Ready to grow your brand?",
      "One Time Offers",
      "Tell Us About Your Project",
    ];
    expect(headings.filter((text) => order.includes(text))).toEqual(order);

    // Everything down to the newsletter box is on the page without JavaScript.
    await page.getByRole("button", { name: "Subscribe Now" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeVisible();
    await expect(page.getByText(testimonials[0]!.text)).toBeVisible();

    // About Us: the spec's texts to the letter, Learn More and the picture.
    const about = section(page, "Crafting Impactful Stories, Driving Meaningful Results");
    await expect(about.getByText("About Us", { exact: true })).toBeVisible();
    await expect(about.getByRole("heading", { level: 3, name: "Growth" })).toBeVisible();
    await expect(about.getByText("Every Campaign to Meets Your Unique Needs.")).toBeVisible();
    await expect(about.getByRole("heading", { level: 3, name: "Revenue" })).toBeVisible();
    await expect(
      about.getByText("Our Mission is to Drive Growth & Improve Revenue."),
    ).toBeVisible();
    await expect(about.getByRole("link", { name: /^Learn More/ })).toHaveAttribute(
      "href",
      "/about",
    );
    await expect(about.getByRole("img", { name: "Level Up Your Business" })).toBeVisible();
    for (const claim of ["200+", "150+", "5+"]) {
      await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
    }

    // Brands, service cards, gallery, portfolio, offers and the Get Started banner.
    const brands = section(page, "Brands We've Worked With");
    await expect(brands.getByRole("img")).toHaveCount(20);

    const services = section(page, "Our Services");
    await expect(services.getByRole("article")).toHaveCount(6);
    await expect(services.getByRole("link", { name: /^Learn More/ })).toHaveCount(6);
    await expect(services.getByRole("link", { name: "Explore Our Services" })).toHaveAttribute(
      "href",
      "/services",
    );

    const gallery = section(page, "Graphics Design Portfolio");
    const pictures = gallery.locator("picture");
    await expect(pictures).toHaveCount(12);
    await expect(pictures.first().locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      /-320\.avif 320w, .*-640\.avif 640w/,
    );
    await expect(gallery.getByRole("img").first()).toHaveAttribute("loading", "lazy");

    const portfolio = section(page, "Videos We’ve Made");
    const plays = portfolio.getByRole("link", { name: /^Play .*\(opens in a new tab\)$/ });
    await expect(plays).toHaveCount(6);
    for (const play of await plays.all()) {
      await expect(play).toHaveAttribute("target", "_blank");
      await expect(play).toHaveAttribute("rel", /noopener/);
    }

    const offers = section(page, "One Time Offers");
    await expect(offers.getByRole("listitem")).toHaveCount(14);
    for (const offer of oneTimeOffers) {
      const price = offer.upTo
        ? `${naira(offer.amount)}-${naira(offer.upTo)}`
        : naira(offer.amount);
      await expect(offers.getByRole("listitem").filter({ hasText: offer.name })).toContainText(
        price,
      );
    }
    await expect(offers.getByRole("listitem").filter({ hasText: "Branding" })).toHaveText(
      "BrandingN100,000-N300,000",
    );

    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test("packages show the prices from the database, never 'Price on request'", async ({
  page,
  request,
}) => {
  const prices = Object.fromEntries(
    ((await (await request.get("/api/prices")).json()) as { key: string; amount: number }[]).map(
      (price) => [price.key, price.amount],
    ),
  );
  await page.goto("/");
  const packages = section(page, "Social Media Management Packages");
  // Seeded amounts (grow-me may be changed for a moment by the back-office test).
  await expect(packages.locator('[data-price-key="take-off"]')).toHaveText("N100,000");
  await expect(packages.locator('[data-price-key="empower-me"]')).toHaveText("N180,000");
  await expect(packages.locator('[data-price-key="brand-me"]')).toHaveText("N350,000");
  await expect(packages.locator('[data-price-key="grow-me"]')).toHaveText(naira(prices["grow-me"]));
  await expect(packages.getByText("Price on request")).toHaveCount(0);
  await expect(packages.getByText("NaN")).toHaveCount(0);
});

test("the home page has its share tags and Organization/LocalBusiness data", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Lagos/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/images\/og-default\.png$/,
  );
  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(data["@type"]).toEqual(["Organization", "LocalBusiness"]);
  expect(data.name).toBe(site.name);
  expect(data.address.addressLocality).toBe("Lagos");
});

test("the About Us reveal runs once: 2000 ms, ease-in-out, delays 50–900 ms", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/");
  const about = section(page, "Crafting Impactful Stories, Driving Meaningful Results");
  const reveals = about.locator(".reveal");
  expect(await reveals.count()).toBeGreaterThanOrEqual(5);
  // Below the fold it waits hidden, shows when scrolled to, and stays shown.
  const card = about.locator(".reveal").filter({ hasText: "Revenue" });
  await expect(card).toHaveClass(/reveal-hidden/);
  await card.scrollIntoViewIfNeeded();
  await expect(card).not.toHaveClass(/reveal-hidden/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect(card).not.toHaveClass(/reveal-hidden/);
  await about.scrollIntoViewIfNeeded();
  await expect(about.locator(".reveal-hidden")).toHaveCount(0);
  const timing = await reveals.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return {
        duration: style.transitionDuration,
        easing: style.transitionTimingFunction,
        delay: parseFloat(style.transitionDelay) * 1000,
      };
    }),
  );
  for (const { duration, easing, delay } of timing) {
    expect(duration).toBe("2s");
    expect(easing).toBe("ease-in-out");
    expect(delay).toBeGreaterThanOrEqual(50);
    expect(delay).toBeLessThanOrEqual(900);
  }
});

test("a phone asks for the brand logos as the visitor comes near them, not before the first paint", async ({
  browser,
  baseURL,
  allowConsoleErrors,
}) => {
  // The page's modules are refused on purpose: the browser logs each, and the entry's import.
  allowConsoleErrors(
    /^Failed to load resource: net::ERR_FAILED \(at [^)]*\/assets\/[\w-]+\.js\)$/,
    /^uncaught: Failed to fetch dynamically imported module: \S*\/assets\/[\w-]+\.js$/,
  );
  // Its own page: the test's page waits for hydration, which this one never has.
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  // The page as first painted: no module runs, so nothing lays the strip out afterwards.
  await page.route("**/assets/*.js", (route) => route.abort());
  // On a 3G connection the browser's lazy loading reaches 2,500 px below the screen: the
  // whole strip.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: 2_000_000,
    uploadThroughput: 2_000_000,
  });
  await page.goto("/");
  const requested = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.includes("/images/brands/")).length,
    );
  // Once the page's network has gone quiet after the load, no logo has been asked for.
  await page.waitForLoadState("networkidle");
  expect(await requested()).toBe(0);
  const last = section(page, "Brands We've Worked With").getByRole("img").last();
  await last.scrollIntoViewIfNeeded();
  await expect
    .poll(() => last.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expect.poll(requested).toBe(defaultItems("brands").length);
  await context.close();
});

test("the sections left out of the first paint are all laid out once the page has settled", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/");
  // Far below the first screen: skipped by content-visibility until the page is idle, then
  // laid out, so a capture or a print of the whole page shows it (not an empty box).
  const footerSide = section(page, "Subscribe to Our Newsletter").getByRole("heading", {
    level: 2,
  });
  await expect
    .poll(() =>
      footerSide.evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true })),
    )
    .toBe(true);
  const skipped = await page
    .locator("main section")
    .evaluateAll(
      (sections) =>
        sections.filter(
          (element) =>
            element.querySelector("h2") &&
            !element.querySelector("h2")!.checkVisibility({ contentVisibilityAuto: true }),
        ).length,
    );
  expect(skipped).toBe(0);
  // The brand logos' cells too (each is skipped until then on its own).
  const cells = section(page, "Brands We've Worked With").getByRole("listitem");
  await expect(cells).toHaveCount(defaultItems("brands").length);
  expect(
    await cells.evaluateAll((items) =>
      items.every((item) => item.checkVisibility({ contentVisibilityAuto: true })),
    ),
  ).toBe(true);
  // Nothing moved the visitor: the page is still at its top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the portfolio shows the latest uploads: our own picture, the YouTube link, else the file", async ({
  page,
  request,
  portfolioToItself: _,
}) => {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const upload = async (youtubeURL?: string) => {
    const response = await request.post("/api/video", {
      headers: auth,
      multipart: {
        video: { name: "reel.mp4", mimeType: "video/mp4", buffer: mp4Bytes() },
        ...(youtubeURL ? { youtubeURL } : {}),
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { url: string; public_id: string };
  };
  const plain = await upload();
  const tube = await upload("https://youtu.be/aqz-KE-bpKQ");
  try {
    await page.goto("/");
    const portfolio = section(page, "Videos We’ve Made");
    const items = portfolio.getByRole("listitem");
    // Latest first: the YouTube video, then the plain upload. No poster: the built-in
    // picture of its place, never YouTube's thumbnail (YouTube only behind the play link).
    await expect(items.first().locator("img")).toHaveAttribute(
      "src",
      "/images/portfolio/video-1.svg",
    );
    await expect(items.first().getByRole("link")).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    );
    await expect(items.nth(1).getByRole("link")).toHaveAttribute("href", plain.url);
    await expect(items.nth(1).getByRole("link")).toHaveAttribute("target", "_blank");
    expect(await items.count()).toBeLessThanOrEqual(6);
  } finally {
    for (const video of [tube, plain]) {
      await request.delete("/api/video/", { headers: auth, data: { public_id: video.public_id } });
    }
  }
  await page.goto("/");
  await expect(section(page, "Videos We’ve Made").getByRole("link")).toHaveCount(6);
});

// ── Client's Feedback ───────────────────────────────────────────────────────────────────
const feedback = (page: Page) => page.getByRole("region", { name: "Client feedback" });
const dots = (carousel: Locator) => carousel.getByRole("button", { name: /^Show page/ });
const shownQuotes = (carousel: Locator) =>
  carousel.locator('li[aria-hidden="false"] blockquote').allTextContents();

test("Client's Feedback: three cards a page, wrap both ways, dots and arrow keys", async ({
  page,
}) => {
  await page.goto("/");
  const carousel = feedback(page);
  await carousel.scrollIntoViewIfNeeded();
  await expect(dots(carousel)).toHaveCount(3);
  await expect(dots(carousel).nth(0)).toHaveAttribute("aria-current", "true");
  expect(await shownQuotes(carousel)).toEqual(testimonials.slice(0, 3).map((t) => t.text));

  await carousel.getByRole("button", { name: "Previous testimonials" }).click();
  await expect(dots(carousel).nth(2)).toHaveAttribute("aria-current", "true");
  await expect(dots(carousel).nth(0)).not.toHaveAttribute("aria-current", "true");
  expect(await shownQuotes(carousel)).toEqual(testimonials.slice(6, 9).map((t) => t.text));
  await carousel.getByRole("button", { name: "Next testimonials" }).click();
  await expect(dots(carousel).nth(0)).toHaveAttribute("aria-current", "true");

  await dots(carousel).nth(1).click();
  await expect(dots(carousel).nth(1)).toHaveAttribute("aria-current", "true");
  expect(await shownQuotes(carousel)).toEqual(testimonials.slice(3, 6).map((t) => t.text));
  await expect(carousel.getByText("Page 2 of 3")).toBeAttached();

  // By keyboard: the buttons, and the arrow keys anywhere inside.
  await carousel.getByRole("button", { name: "Next testimonials" }).focus();
  await page.keyboard.press("Enter");
  await expect(dots(carousel).nth(2)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowRight");
  await expect(dots(carousel).nth(0)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(dots(carousel).nth(2)).toHaveAttribute("aria-current", "true");
  const list = carousel.locator("ul").first();
  await expect(list).toHaveCSS("transition-duration", "0.5s");
});

test("Client's Feedback: one card under 768 px, and back to the first page after a resize", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const carousel = feedback(page);
  await carousel.scrollIntoViewIfNeeded();
  await expect(dots(carousel)).toHaveCount(9);
  expect(await shownQuotes(carousel)).toEqual([testimonials[0]!.text]);
  await carousel.getByRole("button", { name: "Previous testimonials" }).click();
  await expect(dots(carousel).nth(8)).toHaveAttribute("aria-current", "true");
  expect(await shownQuotes(carousel)).toEqual([testimonials[8]!.text]);
  await expect(carousel.getByText(testimonials[8]!.text)).toBeInViewport();
  // Card 9 starts no page of three: after widening, the carousel is on page 1 again.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(dots(carousel)).toHaveCount(3);
  await expect(dots(carousel).nth(0)).toHaveAttribute("aria-current", "true");
  expect(await shownQuotes(carousel)).toEqual(testimonials.slice(0, 3).map((t) => t.text));
});

// ── Image carousel ──────────────────────────────────────────────────────────────────────
const highlights = (page: Page) => page.getByRole("region", { name: "Highlights of our work" });

test("image carousel: next/previous loop through the clones; clicks mid-slide are ignored", async ({
  page,
}) => {
  await page.goto("/");
  const carousel = highlights(page);
  await carousel.scrollIntoViewIfNeeded();
  const status = carousel.getByText(/^Slide \d of 5$/);
  const next = carousel.getByRole("button", { name: "Next slide" });
  const previous = carousel.getByRole("button", { name: "Previous slide" });
  // A slide has ended when the track no longer animates (the 0.5 s transition is off).
  const slideEnded = () =>
    expect(carousel.locator("ul").first()).toHaveCSS("transition", /none|all 0s/);
  await expect(status).toHaveText("Slide 1 of 5");
  await expect(carousel.locator('li[aria-hidden="false"] img')).toHaveCount(3);

  await previous.click();
  await expect(status).toHaveText("Slide 5 of 5");
  await slideEnded();
  await next.click();
  await expect(status).toHaveText("Slide 1 of 5");
  await slideEnded();
  // Two quick clicks: the second comes during the 0.5 s slide and is ignored.
  await next.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(status).toHaveText("Slide 2 of 5");
  await slideEnded();
  await expect(status).toHaveText("Slide 2 of 5");
  // After the slide from a clone the track sits on the real slide again, without motion.
  const track = carousel.locator("ul").first();
  await expect(track).toHaveCSS("transition", /none|all 0s/);

  // Arrow keys inside the carousel.
  await next.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(status).toHaveText("Slide 1 of 5");
  await slideEnded();
  await page.keyboard.press("ArrowLeft");
  await expect(status).toHaveText("Slide 5 of 5");
  // Enter on the focused Next button.
  await slideEnded();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Slide 1 of 5");
});

/**
 * Stops the page's clock (installed running: the page requests its scripts on load and at
 * idle, through timers) once the page has hydrated.
 */
async function pauseClock(page: Page): Promise<void> {
  // The clock keeps running between reading it and pausing it: on a slow machine the target
  // can already be behind it ("Cannot fast-forward to the past"). Then read it again and aim
  // further ahead.
  for (let ahead = 1000; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 16_000 || !String(error).includes("Cannot fast-forward to the past"))
        throw error;
    }
  }
}

test("image carousel: advances every 5 s, pauses on hover, one slide up to 768 px", async ({
  page,
}) => {
  // The page's clock runs until the page has hydrated, then stands still unless the test
  // moves it.
  await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/");
  const carousel = highlights(page);
  await carousel.scrollIntoViewIfNeeded();
  // Held still by the pointer while the clock stops.
  await carousel.hover();
  await pauseClock(page);
  const status = carousel.getByText(/^Slide \d of 5$/);
  const slide = async () => Number(/Slide (\d)/.exec((await status.textContent()) ?? "")?.[1]);
  const first = await slide();
  const next = (n: number) => `Slide ${(n % 5) + 1} of 5`;
  await expect(carousel.locator('li[aria-hidden="false"] img')).toHaveCount(1);
  // The pointer leaves: the 5 s start again from now.
  await page.mouse.move(5, 5);
  await page.clock.runFor(4900);
  await expect(status).toHaveText(`Slide ${first} of 5`);
  await page.clock.runFor(200);
  await expect(status).toHaveText(next(first));
  await page.clock.runFor(1000);
  // Paused while the pointer is on it.
  await carousel.hover();
  await page.clock.runFor(11_000);
  await expect(status).toHaveText(next(first));
  await page.mouse.move(5, 5);
  await page.clock.runFor(5100);
  await expect(status).toHaveText(next(first + 1));
});

test("image carousel: still under prefers-reduced-motion, buttons still work", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
  await page.goto("/");
  await pauseClock(page);
  const carousel = highlights(page);
  const status = carousel.getByText(/^Slide \d of 5$/);
  await page.clock.runFor(12_000);
  await expect(status).toHaveText("Slide 1 of 5");
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(status).toHaveText("Slide 2 of 5");
  await expect(carousel.locator("ul").first()).toHaveCSS("transition", /none|all 0s/);
});

test("image carousel: a picture that fails to load shows the placeholder", async ({ page }) => {
  await page.route("**/images/carousel/slide-2.svg", (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: "not a picture" }),
  );
  await page.goto("/");
  const carousel = highlights(page);
  await carousel.scrollIntoViewIfNeeded();
  const second = carousel.locator('li[aria-hidden="false"] img').nth(1);
  await expect(second).toHaveAttribute("src", "/images/placeholder.svg");
  await expect(second).toHaveAttribute("alt", /Content day/);
});
