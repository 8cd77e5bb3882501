import { expect, test } from "./fixtures.ts";
import { SUCCESS, statusOf, storedBy, unique } from "./form-helpers.ts";

// Public pages request their scripts only after the first paint (docs/decisions/0015), and a
// form used before they arrive is a plain HTML form that posts to its page.

test("no script before the load event; a form sent before hydration gets the server's answer", async ({
  context,
  request,
}) => {
  // A page of its own: the fixture's page waits for hydration on every goto.
  const page = await context.newPage();
  const held: (() => void)[] = [];
  let holding = true;
  await page.route("**/assets/*.js", async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });

  await page.goto("/");
  const timings = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    return {
      loadStart: navigation!.loadEventStart,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    };
  });
  expect(timings.preloads).toBe(0);
  for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.loadStart);
  // The scripts are asked for after the load event (and held here): not hydrated.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__react"))),
  ).toBe(false);

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
