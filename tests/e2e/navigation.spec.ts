import type { Page } from "@playwright/test";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";
import { expect, expectNoAxeViolations, test as base, waitForHydration } from "./fixtures.ts";

// The Navigation screen (issue 47 item 4, decision 0047): staff rename an entry of the bar,
// add a page they made to the footer and move an entry of the drawer by keyboard; the
// public pages show it at the next load, in the bar at 1280 px and in the drawer at 375 px.
// The menus of every page change, so the file runs on a server of its own.

const test = base.extend<object, { navServer: SignedInServer }>({
  navServer: [signedInServer("navigation", "navigation-admin@example.com"), { scope: "worker" }],
  baseURL: async ({ navServer }, use) => use(navServer.url),
  storageState: async ({ navServer }, use) => use(signedInState(navServer)),
});

test.describe.configure({ mode: "default", timeout: 180_000 });

/** A published staff page, made through the API as the Pages screen would. */
async function publishPage(page: Page, token: string, title: string, slug: string) {
  const answer = await page.request.post("/api/pages", {
    headers: { authorization: `Bearer ${token}` },
    data: { title, slug, body: "What we agree with our clients.", status: "published" },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

test("staff edit the menus and the public pages show them at 1280 and 375 px", async ({
  page,
  navServer,
}) => {
  await publishPage(page, navServer.token, "Terms of Service", "terms-of-service");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/navigation");
  await expect(page.getByRole("heading", { level: 1, name: "Navigation" })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Rename Home in the bar.
  const bar = page.getByRole("region", { name: "Header bar" });
  await bar.getByRole("group", { name: "1. Home" }).getByLabel("Label").fill("Start here");

  // Add the staff page to the footer's first column.
  const columns = page.getByRole("region", { name: "Footer columns" });
  const company = columns.getByRole("group", { name: "Column 1: Our Company" });
  await company.getByRole("button", { name: "Add a link" }).click();
  const added = company.getByRole("group", { name: "7. entry 7" });
  // The link first: the entry's name (its legend) becomes its label once typed.
  await added.getByLabel("Link").fill("/terms-of-service");
  await added.getByLabel("Label").fill("Our terms");
  await expect(company.getByRole("group", { name: "7. Our terms" })).toBeVisible();

  // Move Blog above Our Services in the drawer, by keyboard; the focus stays on Blog's button.
  const drawer = page.getByRole("region", { name: "Drawer" });
  await drawer.getByRole("button", { name: "Move up: Blog" }).focus();
  await page.keyboard.press("Enter");
  await expect(drawer.getByRole("button", { name: "Move up: Blog" })).toBeFocused();
  await expect(drawer.getByRole("group").nth(3)).toHaveAccessibleName("4. Blog");
  await page.keyboard.press("Space");
  await expect(drawer.getByRole("group").nth(2)).toHaveAccessibleName("3. Blog");
  await page.keyboard.press("Tab"); // Move down: Blog
  await page.keyboard.press("Enter");
  await expect(drawer.getByRole("group").nth(3)).toHaveAccessibleName("4. Blog");
  await expect(drawer.getByRole("button", { name: "Move down: Blog" })).toBeFocused();

  await page.getByRole("button", { name: "Save navigation" }).click();
  await expect(page.getByText("Navigation saved.")).toBeVisible();

  // The wide bar and the footer.
  await page.goto("/about");
  await waitForHydration(page);
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Start here" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveCount(0);
  const footerColumn = page.getByRole("navigation", { name: "Our Company" });
  await footerColumn.getByRole("link", { name: "Our terms" }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();

  // The drawer on a phone, in the new order.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const phoneMenu = page.getByRole("dialog", { name: "Menu" });
  await expect(phoneMenu.getByRole("link")).toHaveText([
    "Home",
    "About",
    "Our Team",
    "Blog",
    "Our Services",
    "Contact",
    "Policy",
  ]);

  // Reset the drawer and the bar to today's and save: the site is as it was.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/navigation");
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await page.getByRole("button", { name: "Reset header bar to the default" }).click();
  await page.getByRole("button", { name: "Reset drawer to the default" }).click();
  await page.getByRole("button", { name: "Reset footer columns to the default" }).click();
  await page.getByRole("button", { name: "Save navigation" }).click();
  await expect(page.getByText("Navigation saved.")).toBeVisible();
  await page.goto("/about");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Our Company" }).getByRole("link")).toHaveCount(
    6,
  );
});

test("at 375 px the screen fits and passes axe; a link to another site is refused with the server's message", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/navigation");
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save navigation" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  const popular = page.getByRole("region", { name: "Page not found: popular pages" });
  await popular.getByRole("group", { name: "1. Home" }).getByLabel("Link").fill("//evil.test");
  await page.getByRole("button", { name: "Save navigation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "a page of this site" })).toBeVisible();
});
