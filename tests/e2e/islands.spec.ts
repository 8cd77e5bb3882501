import { expect, followAddedLink, test } from "./fixtures.ts";

// Islands pages (issue 31, docs/decisions/0039): the public pages the switch turns on are
// sent as HTML with one small script; React Router is never loaded for them.

/** The pages of issue 31 (a post is added from the API), and a few more islands pages. */
const ISLANDS_PAGES = [
  "/",
  "/blog",
  "/contact",
  "/services",
  "/social-media-management",
  "/about",
  "/policy",
];

test("between islands pages the browser navigates in the page: same document, new head, back and forward", async ({
  page,
  allowConsoleErrors,
}) => {
  await page.goto("/services");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // A mark on this document: a new document would not have it.
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  const sameDocument = () =>
    page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
  const views: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/traffic/views")) views.push(request.postData() ?? "");
  });

  await page.mouse.wheel(0, 700);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Policy", exact: true })
    .click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page).toHaveTitle(/Policy/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await sameDocument()).toBe(true);
  // The new page's head: its canonical address, not the old page's.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/policy$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  // Its parts are alive: the header's menu opens.
  await page.getByRole("button", { name: "Our Services" }).hover();
  await expect(page.getByRole("link", { name: "All services" })).toBeVisible();
  // The view was counted, with the new path.
  await expect.poll(() => views.some((body) => body.includes('"/policy"'))).toBe(true);

  // Back: the services page where it was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/services/i);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  expect(await sameDocument()).toBe(true);
  await page.goForward();
  await expect(page).toHaveURL(/\/policy$/);
  expect(await sameDocument()).toBe(true);

  // A page the switch leaves to React Router (a subscriber's link page) opens as a document
  // of its own, hydrated. It answers 404 for a link that is no longer valid; the browser
  // logs that, for the page's own request and for the document.
  allowConsoleErrors(/status of 404/);
  await followAddedLink(page, "/newsletter/unsubscribe/not-a-token");
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\/not-a-token$/);
  await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  expect(await sameDocument()).toBe(false);
  // React's header there behaves as the islands' (both are app/lib/site-header.ts).
  const services = page.getByRole("button", { name: "Our Services" });
  await expect(services).toHaveAttribute("aria-expanded", "false");
  await services.hover();
  await expect(page.getByRole("link", { name: "All services" })).toBeVisible();
  await page.mouse.move(640, 600);
  await expect(services).toHaveAttribute("aria-expanded", "false");
});

test("an islands page comes alive with no script running over 50 ms on a CPU six times slower", async ({
  page,
}, testInfo) => {
  // Every long animation frame from the navigation's start, with the scripts that ran in it
  // (the Long Animation Frames API: a long task's script work, by source), kept by the page.
  await page.addInitScript(() => {
    const frames: { duration: number; scripts: { duration: number; source: string }[] }[] = [];
    (window as { longFrames?: typeof frames }).longFrames = frames;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        scripts: { duration: number; sourceURL: string; invoker: string }[];
      })[]) {
        frames.push({
          duration: Math.round(entry.duration),
          // The site's own scripts: the page's and its files'. One without an address runs in
          // another world (the test runner's own, waiting for the page).
          scripts: entry.scripts
            .filter((script) => script.sourceURL !== "")
            .map((script) => ({
              duration: Math.round(script.duration),
              source: `${script.invoker} ${script.sourceURL.split("/").pop() ?? ""}`,
            })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  });
  const [post] = (await (await page.request.get("/api/blogs")).json()) as { _id: string }[];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  try {
    for (const path of [...ISLANDS_PAGES, `/blog/${post!._id}`]) {
      await page.goto(path, { waitUntil: "load" });
      // Alive, then the idle moments in which it counts the view and starts the outbox.
      await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })),
      );
      // The home page lays its sections out one per idle moment: all of them, too.
      await expect(page.locator(".sections-on-demand > :not([data-laid-out])")).toHaveCount(0);
      const frames = await page.evaluate(
        () =>
          (
            window as {
              longFrames?: { duration: number; scripts: { duration: number; source: string }[] }[];
            }
          ).longFrames ?? [],
      );
      // The browser's own work (parsing, style, layout of the page) is reported, not judged:
      // on two cores shared with the other tests its length is the machine's, not the page's.
      testInfo.annotations.push({
        type: "long frames (ms)",
        description: `${path}: ${frames.map((frame) => frame.duration).join(", ") || "none"}`,
      });
      const scripts = frames.flatMap((frame) => frame.scripts);
      expect(
        scripts.filter((script) => script.duration > 50),
        `${path}: scripts over 50 ms`,
      ).toEqual([]);
    }
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
});
