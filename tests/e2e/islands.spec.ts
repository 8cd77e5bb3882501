import { expect, followAddedLink, test } from "./fixtures.ts";

// Islands pages (issue 31, docs/decisions/0039): the public pages the switch turns on are
// sent as HTML with one small script; React Router is never loaded for them.

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
  // The address changes when the browser goes forward; the page's content comes after it.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/policy/i);
  expect(await sameDocument()).toBe(true);

  // A subscriber's link page is an islands page too (decision 0053): React never runs a
  // public page. It answers 404 for a link that is no longer valid; the browser logs that.
  allowConsoleErrors(/status of 404/);
  await followAddedLink(page, "/newsletter/unsubscribe/not-a-token");
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\/not-a-token$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // Its header is the islands' (app/lib/site-header.ts), alive after the navigation.
  const services = page.getByRole("button", { name: "Our Services" });
  await expect(services).toHaveAttribute("aria-expanded", "false");
  await services.hover();
  await expect(page.getByRole("link", { name: "All services" })).toBeVisible();
  await page.mouse.move(640, 600);
  await expect(services).toHaveAttribute("aria-expanded", "false");
});
