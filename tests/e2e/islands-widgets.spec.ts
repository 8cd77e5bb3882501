import type { Locator, Page } from "@playwright/test";
import { defaultItems } from "../factories/content.ts";
import { expect, signIn, test } from "./fixtures.ts";
import { chooseSlot, SUCCESS, storedBy, unique } from "./form-helpers.ts";

// The widgets of the home page, the contact page and the service pages on islands pages
// (issue 31, docs/decisions/0039): no React in the browser, the same behaviour as React's
// components, by mouse and keyboard, at 375 and 1280 px; and the components still working
// where React renders the page.

const testimonials = defaultItems("testimonials");

/** An islands page: React Router never came. */
const withoutReact = async (page: Page) =>
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

/**
 * The widget's module has come alive. It loads only where the page has one, and may come a
 * moment after the page's `data-enhanced` mark.
 */
const alive = (part: Locator) => expect(part).toHaveAttribute("data-alive", "");

const feedback = (page: Page) => page.getByRole("region", { name: "Client feedback" });
const highlights = (page: Page) => page.getByRole("region", { name: "Highlights of our work" });
const dots = (carousel: Locator) => carousel.getByRole("button", { name: /^Show page/ });
const shownQuotes = (carousel: Locator) =>
  carousel.locator('li[aria-hidden="false"] blockquote').allTextContents();
const faqOf = (page: Page) => page.locator("section[aria-labelledby='faq-title']");

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("home: both carousels by mouse and keyboard, without React", async ({ page }) => {
    await page.goto("/");
    await withoutReact(page);
    const carousel = feedback(page);
    await alive(carousel);
    await carousel.scrollIntoViewIfNeeded();
    await expect(dots(carousel)).toHaveCount(3);
    await expect(carousel.locator("ul").first()).toHaveCSS("transition-duration", "0.5s");
    await carousel.getByRole("button", { name: "Next testimonials" }).click();
    await expect(dots(carousel).nth(1)).toHaveAttribute("aria-current", "true");
    await expect(dots(carousel).nth(0)).not.toHaveAttribute("aria-current");
    expect(await shownQuotes(carousel)).toEqual(testimonials.slice(3, 6).map((t) => t.text));
    await expect(carousel.getByText("Page 2 of 3")).toBeAttached();
    await dots(carousel).nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(dots(carousel).nth(2)).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowRight");
    await expect(dots(carousel).nth(0)).toHaveAttribute("aria-current", "true");
    // The current dot is drawn wider, by its aria-current.
    const width = (dot: Locator) => dot.locator("span").evaluate((span) => span.clientWidth);
    // Polled: the width eases in (a transition).
    await expect
      .poll(async () => (await width(dots(carousel).nth(0))) - (await width(dots(carousel).nth(1))))
      .toBeGreaterThan(0);

    const images = highlights(page);
    await alive(images);
    await images.scrollIntoViewIfNeeded();
    const status = images.getByText(/^Slide \d of 5$/);
    await expect(images.locator('li[aria-hidden="false"] img')).toHaveCount(3);
    await images.getByRole("button", { name: "Previous slide" }).click();
    await expect(status).toHaveText("Slide 5 of 5");
    // The slide from the clone ends on the real slide, without motion.
    await expect(images.locator("ul").first()).toHaveCSS("transition", /none|all 0s/);
    await images.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Slide 1 of 5");
    await expect(images.locator("ul").first()).toHaveCSS("transition", /none|all 0s/);
    await page.keyboard.press("ArrowRight");
    await expect(status).toHaveText("Slide 2 of 5");
  });

  test("home: the Send Enquiry tab opens on hover, focus and click; Escape and × close it", async ({
    page,
  }) => {
    await page.goto("/");
    await withoutReact(page);
    const wrapper = page.locator('[data-island="floating-enquiry"]');
    await alive(wrapper);
    const tab = page.getByRole("button", { name: "Send Enquiry", exact: true }).first();
    const heading = page.getByRole("heading", { name: "Send us an enquiry" });
    await expect(heading).toBeHidden();
    await tab.hover();
    await expect(heading).toBeVisible();
    await page.mouse.move(10, 700);
    await expect(heading).toBeHidden();

    await tab.focus();
    await expect(heading).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(heading).toBeHidden();
    await expect(tab).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(tab).toHaveAttribute("aria-expanded", "true");
    await expect(heading).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tab).toHaveAttribute("aria-expanded", "false");
    await expect(heading).toBeHidden();
    await expect(tab).toBeFocused();

    await tab.click();
    await expect(heading).toBeVisible();
    await page.getByRole("button", { name: "Close the enquiry form" }).click();
    await expect(heading).toBeHidden();
    await expect(tab).toBeFocused();
  });

  test("contact: the FAQ collapses, opens one answer at a time, by mouse and keyboard; the banner moves", async ({
    page,
  }) => {
    await page.goto("/contact");
    await withoutReact(page);
    const faq = faqOf(page);
    await alive(faq.locator('[data-island="faq"]'));
    const questions = faq.getByRole("button");
    await expect(questions).toHaveCount(3);
    for (const question of await questions.all())
      await expect(question).toHaveAttribute("aria-expanded", "false");
    const panel = async (button: Locator) =>
      page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(await panel(questions.nth(0))).toBeHidden();
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(await panel(questions.nth(0))).toBeVisible();
    await expect(await panel(questions.nth(0))).toHaveCSS("max-height", "250px");
    await questions.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
    // The open answer takes the focus (it may scroll); the closed ones do not.
    await page.keyboard.press("Tab");
    await expect(await panel(questions.nth(1))).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");
    await expect(await panel(questions.nth(1))).toBeHidden();

    const banner = page.locator('[data-island="parallax"]');
    await alive(banner);
    const layer = banner.locator("[data-parallax-layer]");
    const offset = () => layer.evaluate((element) => new DOMMatrix(element.style.transform).m42);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(offset).toBeLessThan(200);
    const before = await offset();
    await page.mouse.wheel(0, 300);
    await expect.poll(offset).toBeGreaterThan(before);
  });

  test("service pages: islands pages; Choose Package comes in the page with the package chosen", async ({
    page,
  }) => {
    await page.goto("/social-media-management");
    await withoutReact(page);
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const choose = page.getByRole("link", { name: /^Choose Package: / }).nth(1);
    const name = (await choose.getAttribute("aria-label"))!.replace("Choose Package: ", "");
    await choose.click();
    await expect(page).toHaveURL(/\?package=/);
    await expect(page.locator('form#package-form select[name="package"]')).toHaveValue(name);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await page.goto("/video-creation");
    await withoutReact(page);
    await expect(page.locator("html[data-islands]")).toHaveCount(1);
  });

  test("a page swapped in comes alive once; leaving it ends its widgets", async ({ page }) => {
    await page.goto("/services");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    const carousel = feedback(page);
    await alive(carousel);
    await withoutReact(page);
    await carousel.scrollIntoViewIfNeeded();
    // One page per click: a second set of listeners would move it two.
    await carousel.getByRole("button", { name: "Next testimonials" }).click();
    await expect(dots(carousel).nth(1)).toHaveAttribute("aria-current", "true");
    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
    // The services page is back on screen (the home page's carousel gone) before going on.
    await expect(feedback(page)).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/\/$/);
    const again = feedback(page);
    await alive(again);
    await again.getByRole("button", { name: "Next testimonials" }).click();
    await expect(dots(again).nth(1)).toHaveAttribute("aria-current", "true");
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("home: one card and one slide at a time; the tab opens by a tap and closes", async ({
    page,
  }) => {
    await page.goto("/");
    await withoutReact(page);
    const carousel = feedback(page);
    await alive(carousel);
    await carousel.scrollIntoViewIfNeeded();
    await expect(dots(carousel)).toHaveCount(9);
    expect(await shownQuotes(carousel)).toEqual([testimonials[0]!.text]);
    await carousel.getByRole("button", { name: "Previous testimonials" }).click();
    await expect(dots(carousel).nth(8)).toHaveAttribute("aria-current", "true");
    await expect(carousel.getByText(testimonials[8]!.text)).toBeInViewport();
    await expect(carousel.getByText("Page 9 of 9")).toBeAttached();

    const images = highlights(page);
    await alive(images);
    await images.scrollIntoViewIfNeeded();
    await expect(images.locator('li[aria-hidden="false"] img')).toHaveCount(1);
    await images.getByRole("button", { name: "Next slide" }).click();
    await expect(images.getByText(/^Slide \d of 5$/)).toHaveText("Slide 2 of 5");

    // Every section below the fold is laid out once the page has settled.
    await expect(page.locator(".sections-on-demand > :not([data-laid-out])")).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    const tab = page.getByRole("button", { name: "Send Enquiry", exact: true }).first();
    await alive(page.locator('[data-island="floating-enquiry"]'));
    await tab.click();
    const heading = page.getByRole("heading", { name: "Send us an enquiry" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport();
    await page.getByRole("button", { name: "Close the enquiry form" }).click();
    await expect(heading).toBeHidden();
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true });

    test("contact: the FAQ by tap", async ({ page }) => {
      await page.goto("/contact");
      await withoutReact(page);
      const faq = faqOf(page);
      await alive(faq.locator('[data-island="faq"]'));
      const question = faq.getByRole("button").nth(2);
      await question.scrollIntoViewIfNeeded();
      await question.tap();
      await expect(question).toHaveAttribute("aria-expanded", "true");
      await expect(faq.getByText(/food and hospitality/)).toBeVisible();
    });
  });
});

test("from the back office the site is a document load: islands only, its widgets and forms work", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto("/admin");
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
  });
  const documentLoad = page.waitForRequest(
    (sent) => sent.resourceType() === "document" && new URL(sent.url()).pathname === "/",
  );
  await page.getByRole("link", { name: "View the site" }).click();
  await documentLoad;
  await expect(page).toHaveURL(/\/$/);
  // React never runs the public page (decision 0053): no React Router, no hydration.
  await withoutReact(page);
  const carousel = feedback(page);
  await alive(carousel);
  await carousel.scrollIntoViewIfNeeded();
  await carousel.getByRole("button", { name: "Next testimonials" }).click();
  await expect(dots(carousel).nth(1)).toHaveAttribute("aria-current", "true");
  const tab = page.getByRole("button", { name: "Send Enquiry", exact: true }).first();
  await alive(page.locator('[data-island="floating-enquiry"]'));
  await tab.click();
  await expect(tab).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(tab).toHaveAttribute("aria-expanded", "false");
  await expect(tab).toBeFocused();

  // On to the contact page, whose form is sent by the islands' flow (JSON with a key).
  await page.getByRole("banner").getByRole("link", { name: "Contact Us", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await withoutReact(page);
  const faq = faqOf(page);
  await alive(faq.locator('[data-island="faq"]'));
  const quick = page.locator("form#quick");
  const email = unique("from-admin");
  await quick.getByLabel("Full Name").fill("Adaeze Okafor");
  await quick.getByLabel("Email Address").fill(email);
  await quick.getByLabel("Phone Number").fill("8031234567");
  // The booking form offers free slots (decision 0052): a day no other test books.
  await chooseSlot(quick, 6);
  await quick.getByLabel("Message").fill("Seen from the back office.");
  const sent = page.waitForRequest("**/api/bookings");
  await quick.getByRole("button", { name: "Send Message" }).click();
  const post = await sent;
  expect(post.headers()["content-type"]).toContain("application/json");
  expect(post.headers()["idempotency-key"]).toBeTruthy();
  await expect(quick.getByRole("status")).toHaveText(SUCCESS);
  expect(await storedBy(request, email)).toHaveLength(1);
  // Only the islands' code came: no React, React Router or zod chunk.
  expect(scripts.filter((path) => /\/(framework|shared|entry\.client|root)-/.test(path))).toEqual(
    [],
  );
  expect(scripts.some((path) => /\/forms-submit-[\w-]+\.js$/.test(path))).toBe(true);
});
