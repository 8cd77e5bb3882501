import { expect, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";

// Rough edges a new owner hit (issue 50, item 5), each as the back office shows it now.
// A server of its own: the posts it makes would show in other specs' lists.

const test = base.extend<object, { edgesServer: SignedInServer }>({
  edgesServer: [signedInServer("rough-edges", "edges-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ edgesServer }, use) => use(edgesServer.url),
  storageState: async ({ edgesServer }, use) => use(signedInState(edgesServer)),
});

test("at 1280 × 900 every side nav entry shows; a nav that scrolls shows a shade", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Back office" });
  const last = nav.getByRole("button", { name: "Sign out everywhere" });
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(nav.getByRole("link", { name: "My account" })).toBeInViewport({ ratio: 1 });
  // The shades: backgrounds that scroll with the entries over ones that stay.
  const attachment = await nav.evaluate(
    (element) => getComputedStyle(element).backgroundAttachment,
  );
  expect(attachment).toBe("local, local, scroll, scroll");
  await page.screenshot({ path: "/tmp/shots-50/side-nav-1280x900.png" });
});

test("the dashboard's Blogs table shows a post's text without its Markdown", async ({
  page,
  edgesServer,
}) => {
  const created = await page.request.post("/api/blogs", {
    headers: { authorization: `Bearer ${edgesServer.token}` },
    multipart: {
      title: "Markdown in the dashboard",
      content: "A **bold** start and _slanted_ words with a [link](https://example.com)",
      bg: "#ffffff",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/admin/dashboard");
  const row = page.getByRole("row", { name: /Markdown in the dashboard/ });
  await expect(row).toContainText("A bold start and slanted words with a link");
  await expect(row).not.toContainText("**");
  await expect(row).not.toContainText("](");
});

test("a saved notice never keeps the field under it from a tap or the focus", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/identity");
    await page.getByRole("button", { name: "Save the site identity" }).click();
    const notice = page
      .getByRole("status")
      .getByText("Site identity saved. The site shows it now.");
    await expect(notice).toBeVisible();
    // A text field of the form brought under the notice, as when one goes on editing.
    const box = (await notice.boundingBox())!;
    const spot = await page.evaluate((notice) => {
      const fields = [
        ...document.querySelectorAll(
          "input[type=text], input[type=url], input[type=email], input:not([type])",
        ),
      ];
      window.scrollTo({ top: 0, behavior: "instant" });
      const middle = notice.y + notice.height / 2;
      // The first one below the notice: the page scrolls it up to there.
      const field = fields.find((element) => {
        const r = element.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.top > middle &&
          r.right > notice.x + 20 &&
          r.left < notice.x + notice.width - 20
        );
      }) as HTMLInputElement | undefined;
      if (!field) throw new Error("no text field below the notice");
      const r = field.getBoundingClientRect();
      window.scrollBy({ top: r.top + r.height / 2 - middle, behavior: "instant" });
      field.setAttribute("data-under-notice", "");
      const after = field.getBoundingClientRect();
      return { x: Math.max(after.left, notice.x) + 10, y: after.top + after.height / 2 };
    }, box);
    await expect(notice).toBeVisible();
    await page.mouse.click(spot.x, spot.y);
    await expect(page.locator("[data-under-notice]")).toBeFocused();
    await expect(notice).toBeHidden();
  }
});
