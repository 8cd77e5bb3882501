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
