import { expect, test } from "./fixtures.ts";

// Islands pages (issue 31, docs/decisions/0039): the public pages the switch turns on are
// sent as HTML with one small script; React Router is never loaded for them.

/** The islands pages of today (their routes export `handle = islandsPage`). */
const ISLANDS_PAGES = ["/services", "/about", "/about/team", "/policy"];

test("between islands pages the browser navigates in the page: same document, new head, back and forward", async ({
  page,
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

  // A page the switch leaves to React Router opens as a document of its own, hydrated.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Home", exact: true })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  expect(await sameDocument()).toBe(false);
});

test("while a post loads in the page it says 'Loading...' (spec §2), then the post shows", async ({
  page,
  request,
}) => {
  const [post] = (await (await request.get("/api/blogs")).json()) as {
    _id: string;
    title: string;
  }[];
  await page.goto("/policy");
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/blog/${post!._id}`, async (route) => {
    await released;
    await route.continue();
  });
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement("a"), {
      href,
      id: "to-post",
      textContent: "A post",
    });
    document.querySelector("main")!.append(link);
  }, `/blog/${post!._id}`);
  await page.locator("#to-post").click();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post!.title);
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
});

test("an islands page comes alive without a task over 50 ms on a CPU six times slower", async ({
  page,
}) => {
  // Every long task from the navigation's start, kept by the page itself.
  await page.addInitScript(() => {
    const durations: number[] = [];
    (window as { longTasks?: number[] }).longTasks = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  for (const path of ISLANDS_PAGES) {
    await page.goto(path, { waitUntil: "load" });
    // Alive, and then a quiet second for anything the script set off.
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    await page.waitForTimeout(1000);
    const longTasks = await page.evaluate(() => (window as { longTasks?: number[] }).longTasks);
    expect(longTasks, `${path}: long tasks (ms)`).toEqual([]);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});
