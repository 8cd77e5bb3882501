import { expect, test } from "./fixtures.ts";

// The console-error check of fixtures.ts can fail (docs/decisions/0025): each test marked
// test.fail() passes only because the check fails it. The pages are set in place, so these
// tests cost no request to the site.

test("a console error nobody allowed fails the test", async ({ page }) => {
  test.fail();
  await page.setContent("<p>A page</p>");
  await page.evaluate(() => console.error("an error on purpose"));
});

test("an uncaught exception fails the test", async ({ page }) => {
  test.fail();
  await page.setContent(`<script>throw new Error("thrown on purpose")</script>`);
  await expect(page.locator("script")).toHaveCount(1);
});

test("an error in a context the test opens itself fails the test", async ({ browser }) => {
  test.fail();
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.setContent("<p>Another visitor</p>");
  await page.evaluate(() => console.error("an error in the other context"));
  await other.close();
});

test("an error the test allows by a pattern passes, and the list still holds it", async ({
  page,
  allowConsoleErrors,
  consoleErrors,
}) => {
  await page.setContent("<p>A page</p>");
  allowConsoleErrors(/^an allowed error\b/);
  await page.evaluate(() => console.error("an allowed error"));
  await expect.poll(() => consoleErrors).toEqual([expect.stringMatching(/^an allowed error\b/)]);
});
