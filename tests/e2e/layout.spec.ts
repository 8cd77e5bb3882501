import { defaultNavServices as services } from "../../app/lib/nav-services.ts";
import { postalAddress, site } from "../../common/site-config.ts";
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

// The shared public layout: skip link, header with the Our Services dropdown, mobile
// drawer, social rail and footer.

const menuOf = async (page: Page) => {
  const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", {
    name: "Our Services",
  });
  const id = await button.getAttribute("aria-controls");
  return { button, menu: page.locator(`[id="${id}"]`) };
};

test("the desktop header has the spec's entries and a Contact Us button", async ({ page }) => {
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, href] of [
    ["Home", "/"],
    ["About Us", "/about"],
    ["Blog", "/blog"],
    ["Policy", "/policy"],
    ["Contact Us", "/contact"],
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
});

test("the Our Services dropdown opens on hover and closes 200 ms after the pointer leaves", async ({
  page,
}) => {
  await page.goto("/");
  const { button, menu } = await menuOf(page);
  await expect(menu).toBeHidden();
  await button.hover();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("link")).toHaveCount(services.length + 1);
  for (const service of services) {
    await expect(menu.getByRole("link", { name: service.name })).toHaveAttribute(
      "href",
      service.path,
    );
  }
  // 100 ms after the pointer leaves the menu is still open (measured in the page's own
  // clock); then it closes.
  await button.evaluate((element) => {
    const menuElement = document.getElementById(element.getAttribute("aria-controls")!)!;
    element.closest("li")!.addEventListener(
      "mouseleave",
      () => {
        setTimeout(() => {
          (window as unknown as { openAfter100: boolean }).openAfter100 = !menuElement.hidden;
        }, 100);
      },
      { once: true },
    );
  });
  await page.mouse.move(640, 500);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { openAfter100?: boolean }).openAfter100))
    .toBe(true);
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // A click on a service goes there and closes the menu.
  await button.hover();
  await menu.getByRole("link", { name: "Ads Campaign Management" }).click();
  await expect(page).toHaveURL(/\/ads$/);
  await expect(menu).toBeHidden();
});

test("the Our Services dropdown works by keyboard: focus, Enter, arrows, Escape", async ({
  page,
}) => {
  await page.goto("/policy");
  const { button, menu } = await menuOf(page);
  // Just before it: the button of the About Us menu (Our Team); Escape closes that menu if
  // the focus opened it, so that Tab goes on to Our Services.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "More about us" })
    .focus();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("link", { name: "All services" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: "Social Media Marketing" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("link", { name: "Page Revamp" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: "All services" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/social-media$/);
});

test("the header switches style past 100 px of scroll and always on /contact", async ({ page }) => {
  await page.goto("/services");
  const header = page.locator("header[data-solid]");
  await expect(header).toHaveAttribute("data-solid", "false");
  await expect(header).toHaveClass(/bg-transparent/);
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect(header).toHaveAttribute("data-solid", "true");
  await expect(header).toHaveClass(/bg-white/);
  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.goto("/contact");
  await expect(header).toHaveAttribute("data-solid", "true");
});

test("the skip link is the first stop and moves the focus to the page", async ({ page }) => {
  await page.goto("/services");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("the social rail: four links, each in a new tab without an opener", async ({ page }) => {
  await page.goto("/about/team");
  const rail = page.getByRole("navigation", { name: "Social media" });
  await expect(rail.getByRole("link")).toHaveCount(4);
  for (const [name, href] of Object.entries({
    Instagram: site.socials.instagram,
    Facebook: site.socials.facebook,
    Twitter: site.socials.twitter,
    LinkedIn: site.socials.linkedin,
  })) {
    const link = rail.getByRole("link", { name: `${name} (opens in a new tab)` });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  // Fixed: it stays in view while the page scrolls.
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(rail.getByRole("link", { name: /Instagram/ })).toBeInViewport();
});

test("the footer: Our Company, the service column, Get in Touch, policy and copyright", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.locator("footer");
  const company = footer.getByRole("navigation", { name: "Our Company" });
  await expect(company.getByRole("link")).toHaveText([
    "Home",
    "About us",
    "Our Services",
    "Blog",
    "Contact",
    "Policy",
  ]);
  const companyHrefs = await company
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(companyHrefs).toEqual(["/", "/about", "/services", "/blog", "/contact", "/policy"]);

  const column = footer.getByRole("navigation", { name: "Our Services" });
  await expect(column.getByRole("link")).toHaveText([
    "Social Media Marketing",
    "Social Media Management",
    "Digital Management",
    "Video Content Creation",
    "Ads Campaigns Management",
    "Branding/Graphics",
    "Page Revamp",
  ]);
  const serviceHrefs = await column
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(serviceHrefs).toEqual(services.map((service) => service.path));
  expect(serviceHrefs.every((href) => href?.startsWith("/"))).toBe(true);

  await expect(footer.getByText("Get in Touch")).toBeVisible();
  await expect(footer.getByRole("link", { name: site.phone })).toHaveAttribute(
    "href",
    `tel:${site.phoneHref}`,
  );
  await expect(footer.getByRole("link", { name: site.email })).toHaveAttribute(
    "href",
    `mailto:${site.email}`,
  );
  await expect(footer.getByText(postalAddress)).toBeVisible();
  expect(postalAddress).toContain("Lagos");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/policy",
  );
  await expect(footer.getByText("Terms of Service")).toBeVisible();
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveCount(0);
  await expect(footer.getByText(`© ${new Date().getFullYear()} ${site.name}`)).toBeVisible();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu button opens the drawer; focus stays inside; Escape closes it", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    const drawerId = await toggle.getAttribute("aria-controls");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Close menu" })).toBeFocused();
    await expect(drawer).toHaveAttribute("id", drawerId!);
    await expect(page.locator(`[aria-controls="${drawerId}"]`)).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(drawer.getByRole("link")).toHaveText([
      "Home",
      "About",
      "Our Team",
      "Our Services",
      "Blog",
      "Contact",
      "Policy",
    ]);
    // Eight stops inside (close button + seven links): Tab and Shift+Tab wrap around.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
        true,
      );
    }
    await drawer.getByRole("button", { name: "Close menu" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(drawer.getByRole("link", { name: "Policy" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    // Following a link closes it.
    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "Our Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(drawer).toBeHidden();
  });

  test("the social links sit behind one round button in the header", async ({ page }) => {
    await page.goto("/services");
    const rail = page.getByRole("navigation", { name: "Social media" });
    await expect(rail).toBeHidden();
    await page.locator("summary", { hasText: "Follow us" }).click();
    await expect(rail.getByRole("link")).toHaveCount(4);
    await expect(rail.getByRole("link", { name: "LinkedIn (opens in a new tab)" })).toBeVisible();
  });
});
