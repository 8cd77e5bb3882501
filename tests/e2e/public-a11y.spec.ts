import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

// Accessibility of the public site, in one place: axe-core (WCAG 2.x A/AA) once on every
// distinct page template at 1280 px, and at 375 px on the templates whose phone layout is
// different (the header's menu and social button, one-card carousels, stacked forms and
// cards). Every public page, at both widths, is also checked for sideways scrolling (cheap:
// no axe). The seven service pages share one route module (app/routes/service-page.tsx):
// two are scanned whole, and of the others only the sections no other page has; the rest of
// what each shows is asserted in service-pages.spec.ts.

const HABITS = "5 Social Media Habits That Grow Nigerian Small Businesses";
const UNKNOWN_POST = "/blog/00000000-0000-0000-0000-000000000000";

async function seededPostPath(request: APIRequestContext): Promise<string> {
  const posts = (await (await request.get("/api/blogs")).json()) as {
    _id: string;
    title: string;
  }[];
  const post = posts.find((blog) => blog.title === HABITS);
  expect(post, HABITS).toBeDefined();
  return `/blog/${post!._id}`;
}

/** Opens `path` and checks that the page is no wider than the window. */
async function openFitting(page: Page, path: string, width: number): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(`${path}: ${scrollWidth}`).toBe(`${path}: ${width}`);
}

/** Shows every part that waits to be scrolled into view, so axe checks it too. */
async function revealAll(page: Page): Promise<void> {
  await page.addStyleTag({ content: ".reveal { transition: none !important; }" });
  await page.evaluate(() => {
    for (const element of document.querySelectorAll(".reveal-hidden")) {
      element.classList.remove("reveal-hidden");
    }
  });
}

/** Opens `path`, checks its width, and runs axe on the whole page (or on `include`). */
async function scan(page: Page, path: string, width: number, include?: string): Promise<void> {
  await test.step(`${path}${include ? ` (${include})` : ""} at ${width} px`, async () => {
    await openFitting(page, path, width);
    await revealAll(page);
    if (include) await expect(page.locator(include)).toHaveCount(1);
    await expectNoAxeViolations(page, { include });
  });
}

// Each scan takes seconds on a busy 2-core machine: a few per test, and room for them.
test.describe.configure({ timeout: 180_000 });

// The 404 pages are scanned on purpose: the browser logs their status.
test.beforeEach(({ allowConsoleErrors }) =>
  allowConsoleErrors(
    /^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(at [^)]*\/(no-such-page|blog\/0{8}-0{4}-0{4}-0{4}-0{12})\)$/,
  ),
);

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("home, About, Team, Services, policy and the 404 page: no axe violations", async ({
    page,
  }) => {
    for (const path of ["/", "/about", "/about/team", "/services", "/policy", "/no-such-page"]) {
      await scan(page, path, 1280);
    }
  });

  test("the service page template: no axe violations", async ({ page }) => {
    // The template with its package section and form, and with its rate cards.
    await scan(page, "/social-media-management", 1280);
    await scan(page, "/video-creation", 1280);
    // The sections only one service page has.
    await scan(page, "/ads", 1280, "section[aria-labelledby='offers-title']");
    await scan(page, "/branding", 1280, "section[aria-labelledby='gallery-title']");
  });

  test("the blog and contact: no axe violations", async ({ page, request }) => {
    // The blog list, its empty search, a post and an unknown post.
    for (const path of ["/blog", "/blog?q=zzzz-nothing", await seededPostPath(request)]) {
      await scan(page, path, 1280);
    }
    await scan(page, UNKNOWN_POST, 1280, "main");
    // Contact, and its FAQ with an answer open.
    await scan(page, "/contact", 1280);
    const question = page.getByRole("button", { name: "What services do you offer?" });
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, { include: "section[aria-labelledby='faq-title']" });
  });

  test("no public page scrolls sideways at 1280 px", async ({ page, request }) => {
    for (const path of [...publicPaths, await seededPostPath(request), UNKNOWN_POST]) {
      await openFitting(page, path, 1280);
    }
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 900 } });

  test("the home page, its menu drawer and a service page at phone width: no axe violations", async ({
    page,
  }) => {
    // The home page: the phone header (menu and social buttons) and one-card carousels.
    await scan(page, "/", 375);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await test.step("the open menu drawer", () =>
      expectNoAxeViolations(page, { include: "[role='dialog']" }));
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.locator("summary", { hasText: "Follow us" }).click();
    await expect(page.getByRole("navigation", { name: "Social media" })).toBeVisible();
    await test.step("the open social links", () =>
      expectNoAxeViolations(page, { include: "header" }));
    // A service page's packages and forms.
    await scan(page, "/social-media-management", 375);
  });

  test("the blog, a post and contact at phone width: no axe violations", async ({
    page,
    request,
  }) => {
    await scan(page, "/blog", 375);
    await scan(page, await seededPostPath(request), 375);
    await scan(page, "/contact", 375);
  });

  test("no public page scrolls sideways at 375 px", async ({ page, request }) => {
    for (const path of [...publicPaths, await seededPostPath(request), UNKNOWN_POST]) {
      await openFitting(page, path, 375);
      // Parts that appear on scrolling (carousels, reveals) must fit too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(`${path} scrolled: ${scrollWidth}`).toBe(`${path} scrolled: 375`);
    }
  });
});

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no public page cuts off its text or controls", async ({ page, request }) => {
    // A section that hides its overflow does not scroll sideways: what is too wide is cut off
    // instead (the blog's search once pushed its button and the hero's text past the edge).
    for (const path of [...publicPaths, await seededPostPath(request)]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll("main :is(h1, h2, h3, p, a, button, input, label)")]
          // Decoration, hidden text, and the slides a carousel keeps outside its window.
          .filter((element) => !element.closest('[aria-hidden="true"], [inert], .sr-only'))
          .filter((element) => !element.closest('[aria-roledescription="carousel"]'))
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height > 0)
          .filter(({ box }) => box.left < -0.5 || box.right > window.innerWidth + 0.5)
          .map(({ element, box }) => {
            const text = (element.textContent || element.getAttribute("placeholder") || "").trim();
            return `${element.tagName} "${text.slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)}`;
          }),
      );
      expect(cut, path).toEqual([]);
    }
  });
});

test.describe("in forced-colours mode", () => {
  test.use({ viewport: { width: 1280, height: 900 }, forcedColors: "active" });

  test("the packages' check marks keep the text colour instead of the brand's", async ({
    page,
  }) => {
    // The marks are a CSS mask over a background (one element per feature, not an SVG
    // icon): forced colours would paint backgrounds over, and a brand-blue mark is lost on
    // a black window.
    await page.goto("/");
    const marks = await page
      .locator(`section[aria-labelledby="packages-title"] li li`)
      .evaluateAll((items) =>
        items.map((item) => {
          const before = getComputedStyle(item, "::before");
          return {
            mask: before.maskImage.startsWith("url("),
            background: before.backgroundColor,
            text: getComputedStyle(item).color,
          };
        }),
      );
    expect(marks.length).toBeGreaterThan(20);
    for (const mark of marks)
      expect(mark).toEqual({ mask: true, background: mark.text, text: mark.text });
  });

  test("the icons take the system colour of the link, button or text they stand in", async ({
    page,
  }) => {
    // An icon is a CSS mask over its background (components/ui/icons.tsx). Forced colours
    // replace backgrounds, and the forced colour of a link is not what its children inherit:
    // without a rule of its own, the Instagram icon is white on the forced white window.
    await page.goto("/contact");
    const icons = await page.locator(".icon:visible").evaluateAll((elements) => {
      const system = (color: string) => {
        const probe = document.createElement("span");
        probe.style.cssText = `forced-color-adjust: none; color: ${color}`;
        document.body.append(probe);
        const value = getComputedStyle(probe).color;
        probe.remove();
        return value;
      };
      const [text, link, button] = ["CanvasText", "LinkText", "ButtonText"].map(system);
      return elements.map((element) => ({
        drawing: [...element.classList].find((name) => name.startsWith("icon-")),
        mask: getComputedStyle(element).maskImage.startsWith("url("),
        background: getComputedStyle(element).backgroundColor,
        expected: element.closest("a") ? link : element.closest("button, summary") ? button : text,
      }));
    });
    // Phone, mail, pin, clock; WhatsApp and the social links; the FAQ's and menus' chevrons.
    expect(new Set(icons.map((icon) => icon.drawing)).size).toBeGreaterThanOrEqual(8);
    for (const { expected, ...icon } of icons) {
      expect(icon, icon.drawing).toEqual({ ...icon, mask: true, background: expected });
    }
  });
});
