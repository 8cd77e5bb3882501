import { expect, expectNoAxeViolations, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";

// The Site identity screen (issue 29): an owner changes the agency's name and a colour, and
// every public page shows them at once. That changes every page, so this file runs against
// a server of its own over a fresh database.

const test = base.extend<object, { identityServer: SignedInServer }>({
  identityServer: [signedInServer("identity", "identity-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ identityServer }, use) => use(identityServer.url),
  storageState: async ({ identityServer }, use) => use(signedInState(identityServer)),
});

test("an owner renames the agency and changes its colours: header, footer, title and manifest follow", async ({
  page,
}) => {
  await page.goto("/admin/identity");
  await expect(page.getByRole("heading", { name: "Site identity", level: 1 })).toBeVisible();
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue("Brightlane Digital");
  await expectNoAxeViolations(page);
  await name.fill("Sunrise Media");

  // The live contrast check says pass or fail in words, and the text shade a failing colour gets.
  const primary = page.getByRole("group", { name: "Primary colour" });
  await primary.getByLabel("Hex code").fill("#0B6E4F");
  await expect(primary).toContainText("Contrast on white: 6.25:1 AA pass for text");
  const accent = page.getByRole("group", { name: "Accent colour" });
  await accent.getByLabel("Hex code").fill("#FFD23F");
  await expect(accent).toContainText("AA fail for text");
  await expect(accent).toContainText("Text uses the darker shade #8c7423");
  await accent.getByLabel("Hex code").fill("nope");
  await page.getByRole("button", { name: "Save the site identity" }).click();
  await expect(accent).toContainText("The accent colour must be a colour like #053685");
  await accent.getByLabel("Hex code").fill("#FFD23F");
  await page.getByRole("button", { name: "Save the site identity" }).click();
  await expect(page.getByText("Site identity saved. The site shows it now.")).toBeVisible();
  // The back office's own frame follows after the save.
  await expect(page.getByRole("contentinfo")).toContainText("Sunrise Media. Back office.");

  await page.goto("/");
  await expect(page).toHaveTitle(
    "Sunrise Media | Digital marketing and advertising that grows Nigerian brands",
  );
  await expect(page.getByRole("banner").getByRole("link").first()).toHaveText("Sunrise Media");
  await expect(page.getByRole("contentinfo")).toContainText("Sunrise Media");
  await expect(page.getByRole("contentinfo")).not.toContainText("Brightlane Digital");
  // The brand classes follow the stored colours; accent text gets the derived shade.
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      brand: style.getPropertyValue("--color-brand").trim(),
      accentInk: style.getPropertyValue("--color-accent-ink").trim(),
      theme: document.querySelector('meta[name="theme-color"]')?.getAttribute("content"),
    };
  });
  expect(colours).toEqual({ brand: "#0b6e4f", accentInk: "#8c7423", theme: "#0b6e4f" });

  const manifest = await page.request.get("/manifest.webmanifest");
  expect(await manifest.json()).toMatchObject({
    name: "Sunrise Media",
    short_name: "Brightlane",
    theme_color: "#0b6e4f",
  });
});
