import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

// Every control a visitor can see takes its own tap (issue 46): nothing invisible or
// underneath another part of the page lies over a link or a button. On a phone the hidden
// panel of the floating enquiry tab once lay over the hero's two calls to action, and the
// closed "Follow us" menu's links lay under the page's headings.

/**
 * The visible links, buttons and form controls of the page whose centre, once scrolled to the
 * middle of the screen, is not theirs to tap: each as "what (covered by what)". Controls
 * clipped away by a scrolling or overflow-hidden ancestor (a carousel's slides off to the
 * side) and screen-reader-only ones (the skip link until focused) are not visible and are
 * left out.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const describe = (element: Element | null) => {
      if (!element) return "nothing";
      const name =
        element.getAttribute("aria-label") ??
        element.textContent?.trim().replace(/\s+/g, " ").slice(0, 40) ??
        "";
      return `<${element.tagName.toLowerCase()}> "${name}"`;
    };
    const clippedAway = (element: Element, x: number, y: number) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const box = parent.getBoundingClientRect();
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) return true;
      }
      return false;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const found: string[] = [];
    const controls = document.querySelectorAll(
      "a[href], button, summary, input:not([type=hidden]), select, textarea",
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Screen-reader-only controls (clipped to nothing until focused) are no target for a finger.
      const { clipPath, clip } = getComputedStyle(control);
      if (clipPath.startsWith("inset(50%") || clip === "rect(0px, 0px, 0px, 0px)") continue;
      let box = control.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      control.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      await frame();
      box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      if (clippedAway(control, x, y)) continue;
      const hit = document.elementFromPoint(x, y);
      const own = hit && (control === hit || control.contains(hit));
      // A label's text or a wrapping label takes a control's tap for it.
      const label = hit?.closest("label");
      const labelled = label && (label.control === control || label.contains(control));
      if (!own && !labelled) found.push(`${describe(control)} (covered by ${describe(hit)})`);
    }
    return found;
  });
}

const screens = [
  { name: "a phone", viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true },
  { name: "a desktop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
];

for (const screen of screens) {
  test.describe(`on ${screen.name} (${screen.viewport.width} px)`, () => {
    test.use({
      viewport: screen.viewport,
      hasTouch: screen.hasTouch,
      isMobile: screen.isMobile,
    });

    for (const path of publicPaths) {
      test(`every visible control of ${path} takes its own tap`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        expect(await coveredControls(page)).toEqual([]);
      });
    }
  });
}

test.describe("the home page's calls to action on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  for (const [name, path] of [
    ["Get in Touch", "/contact"],
    ["Learn more", "/services"],
  ] as const) {
    test(`a tap on the hero's "${name}" opens ${path}`, async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("link", { name }).first().tap();
      await expect(page).toHaveURL(path);
    });
  }

  test("the enquiry tab still opens its form by a tap, and the form takes taps", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Enquiry" }).first().tap();
    const form = page.getByRole("heading", { name: "Send us an enquiry" });
    await expect(form).toBeVisible();
    const close = page.getByRole("button", { name: "Close the enquiry form" });
    await close.tap();
    await expect(form).toBeHidden();
  });

  test("the closed Follow us menu's links are out of reach; open, they take taps", async ({
    page,
  }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const social = page.getByRole("banner").locator('nav[aria-label="Social media"] a');
    // Not laid out at all while closed (a closed <details> alone still gives them boxes).
    expect(await social.first().boundingBox()).toBeNull();
    await page.getByRole("banner").locator("summary").tap();
    await expect(social.first()).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
  });
});
