import { generatedAdminEmail } from "../../server/modules/setup/service.ts";
import { expect, expectNoAxeViolations, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";

// The set-up at first sign-in (issue 47): the first owner, signed in with the generated
// admin@ address, meets a set-up card on the dashboard (a card, not a wall), names the
// agency, gives their own name and real e-mail and removes the sample content. The home page
// then names the agency and shows no sample videos. It renames the site: a server of its own.

const test = base.extend<object, { setupServer: SignedInServer }>({
  setupServer: [
    // The owner the first start made, with the generated address (a new password, by the CLI).
    signedInServer("setup", generatedAdminEmail, "reset-password"),
    { scope: "worker" },
  ],
  baseURL: async ({ setupServer }, use) => use(setupServer.url),
  storageState: async ({ setupServer }, use) => use(signedInState(setupServer)),
});

test("the first owner sets the site up from the dashboard's card", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#portfolio-title")).toBeVisible();

  await page.goto("/admin/dashboard");
  const card = page.getByRole("region", { name: "Set up your site" });
  await expect(card).toBeVisible();
  // A card, not a wall: the rest of the dashboard is there too.
  await expect(page.getByRole("heading", { name: "ADMIN DASHBOARD" })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `/tmp/shots-47/setup-card-${width}.png` });
  }
  await expect(card.getByLabel("Your e-mail")).toHaveValue(generatedAdminEmail);
  await card.getByLabel("Agency name").fill("");
  await card.getByRole("button", { name: "Save and start" }).click();
  await expect(card).toContainText("The agency's name is required.");
  await card.getByLabel("Agency name").fill("Lagos Bloom Media");
  await card.getByLabel("Your name").fill("Ada Obi");
  await card.getByLabel("Your e-mail").fill("ada@lagosbloom.example");
  await card.getByLabel("Remove it: start with empty lists").check();
  await card.getByRole("button", { name: "Save and start" }).click();
  await expect(
    page.getByText("The site is set up. You sign in as ada@lagosbloom.example from now on."),
  ).toBeVisible();
  await expect(card).toBeHidden();

  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "ADMIN DASHBOARD" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Set up your site" })).toBeHidden();

  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link").first()).toHaveText("Lagos Bloom Media");
  await expect(page.locator("#portfolio-title")).toHaveCount(0);

  await page.goto("/admin/identity");
  const samples = page.getByRole("region", { name: "Sample content" });
  await samples.getByRole("button", { name: "Remove sample content" }).click();
  await expect(samples).toContainText("Remove the sample content? This cannot be undone.");
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await samples.screenshot({ path: `/tmp/shots-47/sample-content-${width}.png` });
  }
  await samples.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(page.getByText(/^Sample content removed: 0 posts and 0 items\./)).toBeVisible();
});
