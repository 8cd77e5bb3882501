import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

// Accessibility of the public site, in one place: axe-core (WCAG 2.x A/AA) once on every
// distinct page template at 1280 px, and at 375 px on the templates whose phone layout is
// different (the header's menu and social button, one-card carousels, stacked forms and
// cards). Every public page, at both widths, is also checked for sideways scrolling, and at
// 320 px for text or controls cut off. Each page is loaded once per width and every check
// of that width runs on that load: the 320 px check narrows the 375 px page (the layout is
// CSS; the carousels follow the window through matchMedia). The seven service pages share
// one route module (app/routes/service-page.tsx): two are scanned whole, and of the others
// only the sections no other page has; the rest of what each shows is asserted in
// service-pages.spec.ts.

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
  await expectWidth(page, path, width);
}

async function expectWidth(page: Page, label: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(`${label}: ${scrollWidth}`).toBe(`${label}: ${width}`);
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

/** Runs axe on the open page, whole or on `include`, with every reveal shown. */
async function axeOn(page: Page, path: string, width: number, include?: string): Promise<void> {
  await test.step(`axe on ${path}${include ? ` (${include})` : ""} at ${width} px`, async () => {
    await revealAll(page);
    if (include) await expect(page.locator(include)).toHaveCount(1);
    await expectNoAxeViolations(page, { include });
  });
}

/**
 * What is checked on one page: its width always, axe when `axe` says so (true: the whole
 * page; a selector: that part only), and `then`, more checks on the same load.
 */
type Visit = { path: string; axe?: true | string; then?: () => Promise<void> };

/** Opens each page once at `width`: its fit, and axe where the page is a template's. */
async function visitAt(page: Page, width: number, visits: Visit[]): Promise<void> {
  for (const { path, axe, then } of visits) {
    await test.step(`${path} at ${width} px`, async () => {
      await openFitting(page, path, width);
      if (axe) await axeOn(page, path, width, axe === true ? undefined : axe);
      await then?.();
    });
  }
}

/** The public pages of the home, About and Services groups (all but the blog and contact). */
const siteVisits = (axeAt: (path: string) => true | string | undefined): Visit[] =>
  publicPaths
    .filter((path) => !["/blog", "/contact"].includes(path))
    .map((path) => ({ path, axe: axeAt(path) }));

// Each scan takes seconds on a busy 2-core machine: a few per test, and room for them.
test.describe.configure({ timeout: 180_000 });

// The 404 pages are scanned on purpose: the browser logs their status.
test.beforeEach(({ allowConsoleErrors }) =>
  allowConsoleErrors(
    /^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(at [^)]*\/(no-such-page|blog\/0{8}-0{4}-0{4}-0{4}-0{12})\)$/,
  ),
);

/** At 1280 px: the templates axe scans whole, or only the sections no other page has. */
const SCANNED_AT_1280: Record<string, true | string> = {
  "/": true,
  "/about": true,
  "/about/team": true,
  "/services": true,
  "/policy": true,
  // The service page template with its package section and form, and with its rate cards.
  "/social-media-management": true,
  "/video-creation": true,
  // The sections only one service page has.
  "/ads": "section[aria-labelledby='offers-title']",
  "/branding": "section[aria-labelledby='gallery-title']",
};

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("no page of home, About, Services, the service pages, policy or 404 scrolls sideways; each template passes axe", async ({
    page,
  }) => {
    expect(Object.keys(SCANNED_AT_1280).filter((path) => !publicPaths.includes(path))).toEqual([]);
    await visitAt(page, 1280, [
      ...siteVisits((path) => SCANNED_AT_1280[path]),
      { path: "/no-such-page", axe: true },
    ]);
  });

  test("no page of the blog or contact scrolls sideways; each passes axe, the open FAQ too", async ({
    page,
    request,
  }) => {
    await visitAt(page, 1280, [
      // The blog list, its empty search, a post and an unknown post.
      { path: "/blog", axe: true },
      { path: "/blog?q=zzzz-nothing", axe: true },
      { path: await seededPostPath(request), axe: true },
      { path: UNKNOWN_POST, axe: "main" },
      // Contact, and its FAQ with an answer open.
      {
        path: "/contact",
        axe: true,
        then: async () => {
          const question = page.getByRole("button", { name: "What services do you offer?" });
          await question.click();
          await expect(question).toHaveAttribute("aria-expanded", "true");
          await expectNoAxeViolations(page, { include: "section[aria-labelledby='faq-title']" });
        },
      },
    ]);
  });
});

/**
 * At 375 px, on the same load: the fit before and after scrolling to the end (parts that
 * appear on scrolling, carousels and reveals, must fit too), then at 320 px by 640 that no
 * text or control is cut off. A section that hides its overflow does not scroll sideways:
 * what is too wide is cut off instead (the blog's search once pushed its button and the
 * hero's text past the edge).
 */
async function phoneChecks(
  page: Page,
  path: string,
  { at320 = true }: { at320?: boolean } = {},
): Promise<void> {
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
  );
  // The reveals and carousels answer the scroll on the next frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expectWidth(page, `${path} scrolled`, 375);
  if (!at320) return;
  await page.setViewportSize({ width: 320, height: 640 });
  try {
    await expect.poll(() => page.evaluate(() => window.innerWidth), { message: path }).toBe(320);
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
    expect(cut, `${path} at 320 px`).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 375, height: 900 });
  }
}

test.describe("at 375 px, and 320 px", () => {
  test.use({ viewport: { width: 375, height: 900 } });

  test("no page of home, About, Services, the service pages or policy scrolls sideways or cuts text at 320 px; home, its menu drawer and a service page pass axe", async ({
    page,
  }) => {
    const visits = siteVisits((path) =>
      // The home page: the phone header (menu and social buttons) and one-card carousels;
      // a service page's packages and forms.
      path === "/" || path === "/social-media-management" ? true : undefined,
    );
    await visitAt(
      page,
      375,
      visits.map((visit) => ({
        ...visit,
        then: async () => {
          if (visit.path === "/") await homeMenus(page);
          await phoneChecks(page, visit.path);
        },
      })),
    );
  });

  test("the blog, a post and contact at phone width: no sideways scrolling, no cut text at 320 px, no axe violations", async ({
    page,
    request,
  }) => {
    const post = await seededPostPath(request);
    await visitAt(page, 375, [
      { path: "/blog", axe: true, then: () => phoneChecks(page, "/blog") },
      { path: post, axe: true, then: () => phoneChecks(page, post) },
      { path: "/contact", axe: true, then: () => phoneChecks(page, "/contact") },
    ]);
    // The unknown post's page: its fit, before and after scrolling.
    await openFitting(page, UNKNOWN_POST, 375);
    await phoneChecks(page, UNKNOWN_POST, { at320: false });
  });
});

/** The home page's menu drawer and its open social links at phone width: axe on each. */
async function homeMenus(page: Page): Promise<void> {
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
  // Closed again, as a visitor finds the page.
  await page.locator("summary", { hasText: "Follow us" }).click();
  await expect(page.getByRole("navigation", { name: "Social media" })).toBeHidden();
}

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
