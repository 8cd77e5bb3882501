import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";
import { expect, test as base } from "./fixtures.ts";

// Services as a content list (issue 47, decision 0048): a person adds a service in the back
// office, opens its page, finds it in the Our Services dropdown, the footer and /services, and
// removes it again: its page is then a 404. A server of its own, so no other spec sees it.

const test = base.extend<object, { servicesServer: SignedInServer }>({
  servicesServer: [
    signedInServer("services-list", "services-admin@example.com"),
    { scope: "worker" },
  ],
  baseURL: async ({ servicesServer }, use) => use(servicesServer.url),
  storageState: async ({ servicesServer }, use) => use(signedInState(servicesServer)),
});

test.describe.configure({ mode: "default", timeout: 180_000 });

const SHOTS = "/work/shots/wt-2";

test("a new service: added in the back office, on its page, in the menus and cards; removed, a 404", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/content/services");
  await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(8);
  await page.screenshot({ path: `${SHOTS}/services-list-1280.png`, fullPage: true });

  await page.getByRole("link", { name: "Add service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add service" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Website Design");
  await page.getByLabel("Address", { exact: true }).fill("web-design");
  await page.getByLabel("Footer label", { exact: true }).fill("Websites");
  await page.getByLabel("Summary", { exact: true }).fill("Fast, clear websites that sell.");
  await page
    .getByLabel("Built-in illustration")
    .selectOption({ label: "Branding and Graphic Designs" });
  await page.getByLabel("Hero text", { exact: true }).fill("A website your customers trust.");
  // The words every service page shares are there already.
  await expect(page.getByLabel("Hero button", { exact: true })).toHaveValue("Request this service");
  await expect(page.getByLabel("Blocks badge", { exact: true })).toHaveValue("What You Get");
  await page.getByLabel("Blocks heading", { exact: true }).fill("Our Website Services");
  await page.getByLabel("Enquiry heading", { exact: true }).fill("Request a Website");
  await expect(page.getByLabel("Promises (optional)")).toHaveValue(
    /^A free consultation about your goals and budget\n/,
  );
  await page.getByLabel("Promises (optional)").fill("A free consultation about your website");
  await page.getByLabel("Call us heading", { exact: true }).fill("Rather call?");
  await page.screenshot({ path: `${SHOTS}/services-edit-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Service saved.")).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(9);

  // Its page, with the enquiry form that offers the service itself (no blocks yet).
  await page.goto("/web-design");
  await expect(page.getByRole("heading", { level: 1, name: "Website Design" })).toBeVisible();
  await expect(page.getByText("A website your customers trust.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request this service" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Request a Website" })).toBeVisible();
  await expect(page.getByText("A free consultation about your website")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Website Design" })).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/service-page-1280.png`, fullPage: true });

  // The Our Services dropdown.
  const bar = page.getByRole("navigation", { name: "Main" });
  await bar.getByRole("button", { name: "Our Services" }).click();
  await expect(bar.getByRole("link", { name: "Website Design" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Website Design" })).toHaveAttribute(
    "href",
    "/web-design",
  );
  // The footer's service column.
  const footer = page.locator("footer").getByRole("navigation", { name: "Our Services" });
  await expect(footer.getByRole("link", { name: "Websites" })).toHaveAttribute(
    "href",
    "/web-design",
  );
  // The cards of /services.
  await page.goto("/services");
  await page.getByRole("link", { name: "Learn More about Website Design" }).click();
  await expect(page).toHaveURL(/\/web-design$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Website Design" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/service-page-375.png`, fullPage: true });
  await page.goto("/admin/content/services");
  await expect(page.getByRole("row")).toHaveCount(9);
  await page.screenshot({ path: `${SHOTS}/services-list-375.png`, fullPage: true });
  await page.goto("/admin/content/services/new");
  await expect(page.getByLabel("Address", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/services-edit-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removed: its page is a 404 and the menus leave it.
  await page.goto("/admin/content/services");
  await page.getByRole("button", { name: "Delete Website Design" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “Website Design”?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").getByText("Service deleted.")).toBeVisible();
  const gone = await page.goto("/web-design");
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.locator("footer").getByRole("link", { name: "Websites" })).toHaveCount(0);
});
