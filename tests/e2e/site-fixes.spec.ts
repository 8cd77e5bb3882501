import type { Locator, Page } from "@playwright/test";
import { site } from "../../common/site-config.ts";
import { signIn } from "./fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { SUCCESS, statusOf, storedBy, unique } from "./form-helpers.ts";

// Issue 8, public site and back office: the package "Choose Package" picks, SEO named on the
// Digital Marketing page, reveals that never hide the focus, the phone social button, the
// team in the navigation, the 404 title, the enquiry filters, the testimonial index after a
// resize, WhatsApp click-to-chat and the NDPA in the privacy policy.

/** The package enquiry form's heading sits below the fixed header and in the viewport. */
async function expectHeadingBelowHeader(page: Page) {
  const heading = page.getByRole("heading", { name: "Get Started With a Package" });
  // The scroll is smooth: wait until it has settled.
  await expect
    .poll(
      async () => {
        const box = await heading.boundingBox();
        const header = await page.locator("header").first().boundingBox();
        const height = page.viewportSize()!.height;
        return (
          !!box && !!header && box.y >= header.y + header.height && box.y + box.height <= height
        );
      },
      // A look every 100 ms: the scroll takes a fraction of a second, not the backoff's 2 s.
      { intervals: [100], timeout: 5_000 },
    )
    .toBe(true);
  // And it stays there (not a moment during the scroll): once two looks 100 ms apart find
  // the heading in the same place (no script of the page's: it works without JavaScript).
  let previous: number | undefined;
  await expect
    .poll(
      async () => {
        const y = (await heading.boundingBox())?.y;
        const still = y !== undefined && y === previous;
        previous = y;
        return still;
      },
      { intervals: [100], timeout: 5_000 },
    )
    .toBe(true);
  const box = (await heading.boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

async function sendPackageForm(page: Page) {
  const form = page.locator("form#package-form");
  const email = unique("choose-package");
  await form.getByLabel("Company Name").fill("Grow Foods");
  await form.getByLabel("Full Name").fill("Ada Grow");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("3 Months Contract").check();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(page.locator("form#package-form"))).toHaveText(SUCCESS);
  return email;
}

test("Choose Package on GROW ME selects GROW ME, shows the form's heading and stores GROW ME", async ({
  page,
  request,
}) => {
  await page.goto("/social-media-management");
  await expect(page.locator("form#package-form").getByLabel("Package")).toHaveValue("TAKE OFF");
  // No full reload: a mark set on the window survives the click.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  await page.getByRole("link", { name: "Choose Package: GROW ME" }).click();
  await expect(page).toHaveURL(/\/social-media-management\?package=grow-me#package-enquiry$/);
  await expect(page.locator("form#package-form").getByLabel("Package")).toHaveValue("GROW ME");
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  await expectHeadingBelowHeader(page);
  const email = await sendPackageForm(page);
  expect((await storedBy(request, email))[0]).toMatchObject({
    package: "GROW ME",
    serviceType: "GROW ME",
  });

  // Another package after the first: the select follows again.
  await page.getByRole("link", { name: "Choose Package: BRAND ME" }).click();
  await expect(page.locator("form#package-form").getByLabel("Package")).toHaveValue("BRAND ME");

  // From the home page, the package arrives chosen too.
  await page.goto("/");
  await page.getByRole("link", { name: "Choose Package: EMPOWER ME" }).click();
  await expect(page).toHaveURL(/\/social-media-management\?package=empower-me#package-enquiry$/);
  await expect(page.locator("form#package-form").getByLabel("Package")).toHaveValue("EMPOWER ME");
  await expectHeadingBelowHeader(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Choose Package on GROW ME selects GROW ME from the address and stores it", async ({
    page,
    request,
  }) => {
    await page.goto("/social-media-management");
    await page.getByRole("link", { name: "Choose Package: GROW ME" }).click();
    await expect(page).toHaveURL(/\?package=grow-me#package-enquiry$/);
    await expect(page.locator("form#package-form").getByLabel("Package")).toHaveValue("GROW ME");
    await expectHeadingBelowHeader(page);
    const email = await sendPackageForm(page);
    expect((await storedBy(request, email))[0]).toMatchObject({
      package: "GROW ME",
      serviceType: "GROW ME",
    });
  });
});

test("the Digital Marketing page lists Search Engine Optimisation (SEO) among its services", async ({
  page,
}) => {
  await page.goto("/digital-marketing");
  const blocks = page.locator("section[aria-labelledby='blocks-title'] h3");
  await expect(blocks.first()).toHaveText("Search Engine Optimisation (SEO)");
  for (const text of ["Email Marketing", "Pay-Per-Click Advertising", "Analytics"]) {
    await expect(blocks.filter({ hasText: text })).toHaveCount(1);
  }
  await expect(
    page.locator("form#service-form").getByLabel("Search Engine Optimisation (SEO)"),
  ).toBeVisible();
});

/** The opacity the eye sees: the element's times every ancestor's. */
const seenOpacity = (locator: Locator) =>
  locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });

test("a scroll reveal shows a link as soon as Tab reaches it (About Us' Learn More)", async ({
  page,
}) => {
  await page.goto("/");
  const learnMore = page.getByRole("link", { name: "Learn More about us" });
  // Hidden until it scrolls into view (it starts below the fold).
  expect(await seenOpacity(learnMore)).toBe(0);
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press("Tab");
    if (await learnMore.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(learnMore).toBeFocused();
  // The focus handler has shown it already, with no fade (a fade takes 2 s).
  expect(await seenOpacity(learnMore)).toBe(1);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the social button covers no text or field at any scroll position", async ({ page }) => {
    for (const path of ["/", "/services", "/social-media-management", "/contact"]) {
      await page.goto(path);
      const button = page.locator("summary", { hasText: "Follow us" });
      await expect(button).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (const y of [0, 300, 900, Math.floor(height / 2), height]) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
        // The header turns opaque on the scroll event's re-render, a frame after the scroll:
        // wait for it, or content under the header still counts as under the button.
        await page.waitForFunction(
          (contactPage) =>
            document.querySelector("header")?.getAttribute("data-solid") ===
            String(window.scrollY > 100 || contactPage),
          path === "/contact",
        );
        const covered = await button.evaluate((summary) => {
          const box = summary.getBoundingClientRect();
          const header = summary.closest("header");
          // Content under an opaque header is hidden by the header, not by the button.
          const headerBottom =
            header && header.getAttribute("data-solid") === "true"
              ? header.getBoundingClientRect().bottom
              : 0;
          const selector =
            "p, h1, h2, h3, h4, li, a, button, label, input, select, textarea, blockquote";
          return [...document.querySelectorAll<HTMLElement>(selector)]
            .filter((element) => !element.closest("header") && !element.closest("[hidden]"))
            .filter((element) => getComputedStyle(element).visibility !== "hidden")
            .filter((element) => {
              const rect = element.getBoundingClientRect();
              const top = Math.max(rect.top, headerBottom);
              return (
                rect.width > 0 &&
                rect.left < box.right &&
                rect.right > box.left &&
                top < box.bottom &&
                rect.bottom > box.top
              );
            })
            .map((element) => `${element.tagName} ${element.textContent?.trim().slice(0, 30)}`);
        });
        expect(covered, `${path} at ${y}`).toEqual([]);
      }
    }
  });

  test("the drawer leads to the team page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("link", { name: "Our Team" }).click();
    await expect(page).toHaveURL(/\/about\/team$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Team/);
  });

  test("the testimonial index goes back to 0 when a resize puts it out of range", async ({
    page,
  }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client feedback" });
    const dots = carousel.getByRole("button", { name: /^Show page/ });
    await carousel.scrollIntoViewIfNeeded();
    await expect(dots).toHaveCount(9);
    await dots.nth(7).click();
    await expect(dots.nth(7)).toHaveAttribute("aria-current", "true");
    // Card 8 does not begin a page of three: out of range, so the carousel starts over.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    // The stored index was reset: back on a phone it is still the first card, not card 8.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(dots).toHaveCount(9);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(dots.nth(7)).not.toHaveAttribute("aria-current", "true");
    // An index that begins a page on both widths stays.
    await dots.nth(3).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  });
});

test("the team page is reached from the header's About Us menu, by pointer and by keyboard", async ({
  page,
}) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.getByRole("button", { name: "More about us" });
  await nav.getByRole("link", { name: "About Us", exact: true }).hover();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Our Team" }).click();
  await expect(page).toHaveURL(/\/about\/team$/);
  await expect(nav.getByRole("link", { name: "About Us", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await page.goto("/blog");
  await nav.getByRole("link", { name: "Home" }).focus();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "About Us", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(nav.getByRole("link", { name: "About the agency" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(nav.getByRole("link", { name: "Our Team" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/about\/team$/);
});

test("the 404 page's title names the site like every other page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`Page not found | ${site.name}`);
});

test("the enquiry filters show every label and field in full at 1280 px and at 375 px", async ({
  page,
}) => {
  await signIn(page);
  // One load, measured at each width (the filters' layout is CSS: a resize relays it out).
  await page.goto("/admin/enquiries");
  const filters = page.getByRole("form", { name: "Filter enquiries" });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await expect(filters.getByLabel("Status")).toBeVisible();
    const cut = await filters.evaluate((form) => {
      const context = document.createElement("canvas").getContext("2d")!;
      const textWidth = (element: Element, text: string) => {
        const style = getComputedStyle(element);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return context.measureText(text).width;
      };
      const problems: string[] = [];
      for (const control of form.querySelectorAll<HTMLElement>("label, input, select")) {
        if (control instanceof HTMLInputElement && control.type === "hidden") continue;
        const name = control.id
          ? (form.querySelector(`label[for="${control.id}"]`)?.textContent ?? "")
          : (control.textContent ?? "");
        if (control.scrollWidth > control.clientWidth) problems.push(`${name}: scrolls`);
        const style = getComputedStyle(control);
        const room =
          control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (control instanceof HTMLSelectElement) {
          // The text of the chosen option and of every fixed one beside the arrow (~20 px).
          const texts =
            control.name === "status"
              ? [...control.options].map((option) => option.text)
              : [control.selectedOptions[0]?.text ?? ""];
          for (const text of texts) {
            if (textWidth(control, text) + 20 > room) problems.push(`${name}: "${text}" cut`);
          }
        } else if (control instanceof HTMLInputElement && control.type === "date") {
          // The natural width of a date field shows mm/dd/yyyy and its calendar button.
          const copy = control.cloneNode() as HTMLInputElement;
          copy.style.cssText = "width:auto;min-width:0;position:absolute;visibility:hidden";
          form.append(copy);
          const natural = copy.getBoundingClientRect().width;
          copy.remove();
          if (control.getBoundingClientRect().width + 0.5 < natural) {
            problems.push(`${name}: ${control.getBoundingClientRect().width} < ${natural}`);
          }
        }
      }
      return problems;
    });
    expect(cut, `at ${width} px`).toEqual([]);
  }
});

test("WhatsApp click-to-chat on the package cards, the service pages and the contact page", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  const expectChat = async (name: string, words: string) => {
    const link = page.getByRole("link", { name: new RegExp(`^${name}`) }).first();
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${site.whatsapp}`);
    expect(href.searchParams.get("text")).toContain(words);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
  };
  expect(site.whatsapp).toMatch(/^\d{8,15}$/);
  expect(site.whatsapp).toBe(site.phoneHref.replace(/\D/g, ""));

  await page.goto("/social-media-management");
  for (const pack of ["TAKE OFF", "EMPOWER ME", "GROW ME", "BRAND ME"]) {
    await expectChat(`Chat on WhatsApp about ${pack}`, pack);
  }
  await expectChat("Chat on WhatsApp about Social Media Management", "Social Media Management");
  await page.goto("/branding");
  await expectChat(
    "Chat on WhatsApp about Branding and Graphic Designs",
    "Branding and Graphic Designs",
  );
  await page.goto("/contact");
  await expectChat("Chat on WhatsApp", site.name);
  // Nothing is fetched from WhatsApp before a click (our own chunk may be named after it).
  const hosts = requests.map((url) => new URL(url).hostname);
  expect(hosts.filter((host) => /(^|\.)(wa\.me|whatsapp\.(com|net))$/i.test(host))).toEqual([]);
});

test("the privacy policy keeps its twelve sections and adds the NDPA 2023 and the NDPC", async ({
  page,
}) => {
  await page.goto("/policy");
  await expect(page.locator("main ol > li > h2")).toHaveCount(12);
  await expect(page.locator("main ol > li > h2").last()).toHaveText("12. Changes to This Policy");
  const ndpa = page.getByRole("region", { name: "Nigeria Data Protection Act 2023 (NDPA)" });
  await expect(ndpa).toBeVisible();
  for (const text of [
    "Consent",
    "Contract",
    "Legitimate interests",
    "Legal obligation",
    "Nigeria Data Protection Commission (NDPC)",
  ]) {
    await expect(ndpa.getByText(text).first(), text).toBeVisible();
  }
  await page
    .getByRole("navigation", { name: "Contents" })
    .getByRole("link", { name: "Nigeria Data Protection Act 2023 (NDPA)" })
    .click();
  await expect(page).toHaveURL(/#ndpa$/);
});
