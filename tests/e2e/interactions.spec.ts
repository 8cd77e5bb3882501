import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

test("the Our Services dropdown opens on hover, closes after the pointer leaves, and works by keyboard", async ({
  page,
}) => {
  await page.goto("/about");
  const button = page.getByRole("button", { name: "Our Services" });
  const menu = page.locator(
    `#${(await button.getAttribute("aria-controls"))!.replace(/:/g, "\\:")}`,
  );
  await expect(menu).toBeHidden();
  await button.hover();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link")).toHaveCount(8);
  await page.mouse.move(640, 600);
  await expect(menu).toBeHidden();
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: "All services" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: "Social Media Marketing" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await menu.getByRole("link", { name: "Page Revamp" }).click();
  await expect(page).toHaveURL(/\/page-revamp$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page Revamp" })).toBeVisible();
});

test("the header turns solid after 100 px of scroll, and always on /contact", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.mouse.wheel(0, 150);
  await expect(header).toHaveAttribute("data-solid", "true");
  await page.goto("/contact");
  await expect(header).toHaveAttribute("data-solid", "true");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu button opens a drawer that traps focus and closes with Escape", async ({
    page,
  }) => {
    await page.goto("/");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    for (const label of ["Home", "About", "Our Services", "Blog", "Contact", "Policy"]) {
      await expect(drawer.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("button", { name: "Close menu" })).toBeFocused();
    for (let i = 0; i < 10; i++) await page.keyboard.press("Tab");
    const inside = await page.evaluate(() =>
      Boolean(document.activeElement?.closest('[role="dialog"]')),
    );
    expect(inside).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await drawer.getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(drawer).toBeHidden();
  });

  test("no page scrolls sideways", async ({ page }) => {
    for (const path of [
      "/",
      "/about",
      "/about/team",
      "/services",
      "/social-media-management",
      "/video-creation",
      "/ads",
      "/blog",
      "/policy",
      "/contact",
    ]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(`${path}: ${width}`).toBe(`${path}: 375`);
    }
  });

  test("the testimonial carousel shows one card per page with nine dots", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client feedback" });
    await expect(carousel.getByRole("button", { name: /^Show page/ })).toHaveCount(9);
  });
});

test("the testimonial carousel pages by buttons, dots and arrow keys, wrapping at both ends", async ({
  page,
}) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Client feedback" });
  const dots = carousel.getByRole("button", { name: /^Show page/ });
  await expect(dots).toHaveCount(3);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: "Previous testimonials" }).click();
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: "Next testimonials" }).click();
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  const visible = carousel.locator('li[aria-hidden="false"] blockquote');
  await expect(visible).toHaveCount(3);
  await expect(visible.first()).toContainText("They fixed our disabled ad account");
  await page.keyboard.press("ArrowRight");
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowRight");
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
});

test("the image carousel loops through clones and advances by itself", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Highlights of our work" });
  const status = carousel.getByText(/^Slide \d of 5$/);
  await carousel.scrollIntoViewIfNeeded();
  await expect(status).toHaveText("Slide 1 of 5");
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expect(status).toHaveText("Slide 5 of 5");
  await page.waitForTimeout(700);
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(status).toHaveText("Slide 1 of 5");
  await page.waitForTimeout(700);
  await carousel.getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Slide 2 of 5");
  // Focus pauses it; once the pointer and focus leave, it moves on by itself within 5 s.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.mouse.move(5, 5);
  await expect(status).toHaveText("Slide 3 of 5", { timeout: 7000 });
  await expect(carousel.locator('li[aria-hidden="false"] img')).toHaveCount(3);
});

test("the image carousel stands still under prefers-reduced-motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const status = page
    .getByRole("region", { name: "Highlights of our work" })
    .getByText(/^Slide \d of 5$/);
  await page.waitForTimeout(5600);
  await expect(status).toHaveText("Slide 1 of 5");
});

test("the FAQ opens and closes by mouse and keyboard, one panel at most 250 px", async ({
  page,
}) => {
  await page.goto("/contact");
  const first = page.getByRole("button", { name: "What services do you offer?" });
  const second = page.getByRole("button", {
    name: "How do I choose the right service for my business?",
  });
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(
    page.getByText("Social media marketing and management, digital marketing"),
  ).toBeVisible();
  const panel = page.locator(
    `#${(await first.getAttribute("aria-controls"))!.replace(/:/g, "\\:")}`,
  );
  await expect(panel).toHaveCSS("max-height", "250px");
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-expanded", "false");
});

test.describe("without JavaScript the FAQ answers are readable", () => {
  test.use({ javaScriptEnabled: false });
  test("all answers show", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByText("Book a free consultation. We look at your goals")).toBeVisible();
  });
});

for (const width of [375, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test(`public routes have no accessibility violations at ${width} px`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const posts = (await (await request.get("/api/blogs")).json()) as { _id: string }[];
      for (const path of [...publicPaths, `/blog/${posts[0]!._id}`, "/no-such-page"]) {
        await page.goto(path);
        await test.step(path, () => expectNoAxeViolations(page));
      }
    });
  });
}
