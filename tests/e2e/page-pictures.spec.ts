import { pngBytes } from "./fixtures/admin.ts";
import { expect, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";

// Issue 47, item 3 (decision 0049): the home page's illustration is replaced on the Home page
// screen, removed, and put back; the built-in pictures follow new colours. Colours change every
// page, so this file runs against a server of its own. With SHOTS_DIR set it also keeps
// screenshots of home, contact and team after the recolour, at 375 and 1280 px.

const test = base.extend<object, { picturesServer: SignedInServer }>({
  picturesServer: [signedInServer("pictures", "pictures-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ picturesServer }, use) => use(picturesServer.url),
  storageState: async ({ picturesServer }, use) => use(signedInState(picturesServer)),
});

test("staff replace the home page's illustration with an upload, remove it, and put the built-in one back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/settings/home-page");
  const top = page.getByRole("group", { name: "Top of the page" });
  const picture = top.getByRole("group", { name: "Picture" });
  await expect(picture.locator("img")).toHaveAttribute("src", "/images/hero.svg");
  await picture
    .getByLabel("Replace the picture")
    .setInputFiles({ name: "studio.png", mimeType: "image/png", buffer: await pngBytes(800, 700) });
  await expect(picture.getByText("Uploaded studio.png. Save to keep it.")).toBeVisible();
  await picture.getByLabel("Alt text").fill("Our studio in Lagos");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Home page saved.")).toBeVisible();

  await page.goto("/");
  const hero = page.getByRole("img", { name: "Our studio in Lagos" });
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute("src", /^\/media\/content\//);
  // The upload takes the built-in picture's box: nothing below it moves.
  const box = await hero.boundingBox();
  expect(Math.round(box!.width / box!.height)).toBe(Math.round(640 / 560));
  await expect(page.locator('img[src^="/images/hero.svg"]')).toHaveCount(0);

  await page.goto("/admin/settings/home-page");
  await picture.getByRole("button", { name: "Remove the picture" }).click();
  await expect(picture.getByText("Picture removed. Save to keep the change.")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Home page saved.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: "Our studio in Lagos" })).toHaveCount(0);
  await expect(page.locator('img[src^="/images/hero.svg"]')).toHaveCount(0);

  await page.goto("/admin/settings/home-page");
  await picture.getByRole("button", { name: "Use the built-in picture" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Home page saved.")).toBeVisible();
  await page.goto("/");
  await expect(page.locator('img[src="/images/hero.svg"]')).toBeVisible();

  if (process.env.SHOTS_DIR) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/settings/contact-page");
      await expect(page.getByRole("group", { name: /Picture behind/ })).toBeVisible();
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/admin-contact-page-${width}.png`,
        fullPage: true,
      });
    }
  }
});

test("after a recolour the built-in pictures are drawn in the new colours", async ({ page }) => {
  await page.goto("/admin/identity");
  await page.getByRole("group", { name: "Primary colour" }).getByLabel("Hex code").fill("#1B5E20");
  await page.getByRole("group", { name: "Accent colour" }).getByLabel("Hex code").fill("#FFB300");
  await page.getByRole("button", { name: "Save the site identity" }).click();
  await expect(page.getByText("Site identity saved. The site shows it now.")).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name] of [
      ["/", "home"],
      ["/contact", "contact"],
      ["/about/team", "team"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (width === 1280 && path !== "/contact") {
        const illustration = page.locator('main img[src*=".svg?v=1b5e20ffb300"]').first();
        await expect(illustration).toBeVisible();
        const svg = await page.request.get(String(await illustration.getAttribute("src")));
        expect((await svg.text()).toLowerCase()).toContain("#1b5e20");
      }
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png` });
      }
    }
  }
});
