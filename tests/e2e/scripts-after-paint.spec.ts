import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { SUCCESS, isEnhanced, statusOf, storedBy, unique } from "./form-helpers.ts";

// Public pages request their scripts only after the first paint (docs/decisions/0015), and a
// form used before they arrive is a plain HTML form that posts to its page.

test("no script before the first paint; a form sent before the script came gets the server's answer", async ({
  context,
  request,
}) => {
  // A page of its own: the fixture's page waits for the page's scripts on every goto.
  const page = await context.newPage();
  const held: (() => void)[] = [];
  let holding = true;
  await page.route("**/assets/*.js", async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });

  await page.goto("/");
  // An islands page (decision 0039) asks for its one script once the page has been painted.
  await page.waitForFunction(() => performance.getEntriesByName("first-paint").length > 0);
  const timings = await page.evaluate(() => {
    return {
      paint: performance.getEntriesByName("first-paint")[0]!.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    };
  });
  expect(timings.preloads).toBe(0);
  for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.paint);
  // The script is asked for after the first paint (and held here): nothing is alive yet.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-enhanced"))).toBe(
    false,
  );

  const email = unique("before-hydration");
  const form = page.locator("form#home");
  await form.getByLabel("Full Name").fill("Early Visitor");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Message").fill("Sent before the scripts came.");
  await form.getByRole("button", { name: "Send Message" }).click();
  // The page's action answered the plain post.
  await expect(statusOf(page.locator("form#home"))).toHaveText(SUCCESS);
  expect(await storedBy(request, email)).toHaveLength(1);

  holding = false;
  for (const release of held) release();
  await page.close();
});

// The forms' enhancement is not in a page's first scripts either (docs/decisions/0016): it is
// loaded when a form comes near the viewport or is used, and a moment after hydration when
// the browser is idle. Until then the form is the server's.

/** Holds the forms' enhancement chunk until `release()`, and counts the requests for it. */
async function holdFormsChunk(page: Page) {
  const requested: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/forms-*.js", async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { requested, release };
}

test("a form's code comes when the browser is idle, not in the first scripts; a form sent while it loads is sent by it", async ({
  page,
}) => {
  const chunk = await holdFormsChunk(page);
  const documentPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.resourceType() === "document") {
      documentPosts.push(request.url());
    }
  });
  // The home page (an islands page, docs/decisions/0039): its forms' code is a chunk of its
  // own (app/islands/forms-submit.ts).
  const answer = await page.goto("/");
  expect(await answer!.text()).not.toMatch(/\/assets\/forms-[\w-]+\.js/);
  const insights = page.locator("form#newsletter");
  // Far below the first screen: asked for once the browser is idle, held here.
  const viewport = page.viewportSize()!;
  expect((await insights.boundingBox())!.y).toBeGreaterThan(viewport.height * 1.5);
  await expect.poll(() => chunk.requested.length).toBe(1);
  expect(await isEnhanced(insights)).toBe(false);

  await insights.scrollIntoViewIfNeeded();
  // Sent while the enhancement is still on its way: it waits for it, no page post.
  await insights.getByLabel("Email address").fill(unique("held"));
  const subscribed = page.waitForRequest("**/api/newsletter");
  await insights.getByRole("button", { name: "Subscribe Now" }).click();
  chunk.release();
  const request = await subscribed;
  expect(request.headers()["content-type"]).toContain("application/json");
  expect(request.headers()["idempotency-key"]).toBeTruthy();
  await expect(statusOf(insights)).toContainText("Thank you for subscribing!");
  expect(await isEnhanced(insights)).toBe(true);
  expect(documentPosts).toEqual([]);
});

test("a navigation from a page whose form was never enhanced shows its notice and arrives", async ({
  page,
}) => {
  const chunk = await holdFormsChunk(page);
  await page.goto("/");
  let releasePage = () => {};
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  // The islands page's navigation asks for the next page's HTML (app/islands/navigate.ts).
  await page.route("**/about", async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About Us", exact: true })
    .click();
  // The bar shows at once: the navigation does not wait for the form's code (held here).
  await expect(page.locator("div.fixed.animate-pulse")).toBeVisible();
  releasePage();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  chunk.release();
});

test("a form the browser renders itself (after a navigation) is whole at once and enhanced", async ({
  page,
}) => {
  // From a subscriber's link page, an islands page too since decision 0053: the contact page
  // comes by the islands' own navigation, and its forms come alive after the swap.
  await page.goto("/newsletter/unsubscribe/not-a-token");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const quick = page.locator("form#quick");
  // The page came with its forms: none is shown later than the rest.
  await expect(quick.getByRole("button", { name: "Send Message" })).toBeVisible();
  // Their code comes after the swap, in tasks of its own: wait for it, never a fixed time.
  await expect.poll(() => isEnhanced(quick)).toBe(true);
  await expect.poll(() => isEnhanced(page.locator("form#long"))).toBe(true);
});
