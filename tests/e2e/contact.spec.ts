import { expect, test } from "./fixtures.ts";

test("contact details, office hours and the follow-us links", async ({ page }) => {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  const details = page.locator("section[aria-labelledby='details-title']");
  await expect(details.getByRole("link", { name: "+234 812 345 6789" })).toHaveAttribute(
    "href",
    "tel:+2348123456789",
  );
  await expect(details.getByRole("link", { name: "hello@brightlanedigital.com" })).toHaveAttribute(
    "href",
    "mailto:hello@brightlanedigital.com",
  );
  await expect(details.getByText("12 Admiralty Way, Lekki Phase 1, Lagos, Nigeria")).toBeVisible();
  await expect(details.getByText("8am-5pm Mon-Sat", { exact: true })).toBeVisible();
  const follow = details.getByRole("list").filter({ hasText: "Instagram" });
  for (const network of ["Instagram", "Facebook", "Twitter", "LinkedIn"]) {
    const link = follow.getByRole("link", { name: new RegExp(network) });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  await expect(page.locator("form#quick")).toBeVisible();
  await expect(page.locator("form#long")).toBeVisible();
});

test("the FAQ: three questions that open and close by mouse and keyboard, 250 px at most", async ({
  page,
}) => {
  // Animations at 1 % of their speed: a transition of 300 ms that starts while the page comes
  // alive is still running when the test looks.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 0.01 });
  await page.goto("/contact");
  const faq = page.locator("section[aria-labelledby='faq-title']");
  const questions = faq.getByRole("button");
  await expect(questions).toHaveText([
    "What services do you offer?",
    "How do I choose the right service for my business?",
    "Do you work with businesses in different industries?",
  ]);
  const first = questions.nth(0);
  const second = questions.nth(1);
  const panel = (button: typeof first) =>
    button.getAttribute("aria-controls").then((id) => page.locator(`[id="${id}"]`));
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(await panel(first)).toBeHidden();
  // Collapsed at once when the page came alive: no answer's transition runs on its own, which
  // would lay the list out at every frame while the page loads.
  expect(
    await faq.evaluate((section) => section.getAnimations({ subtree: true }).length),
    "transitions running with nobody having clicked",
  ).toBe(0);
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 1 });

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const firstPanel = await panel(first);
  await expect(firstPanel).toBeVisible();
  await expect(firstPanel).toContainText("Social media marketing and management");
  // The panel grows to its 250 px cap over a short transition.
  await expect(firstPanel).toHaveCSS("max-height", "250px");
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstPanel).toBeHidden();

  await second.focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(await panel(second)).toContainText("free consultation");
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Tab");
  await expect(questions.nth(2)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
  await expect(await panel(questions.nth(2))).toContainText("food and hospitality");
  // One answer open at a time: opening another closes it.
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "false");
});

test("the FAQ is described for search engines as FAQPage structured data", async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!) as { "@type": string; mainEntity?: unknown[] })
    .filter((block) => block["@type"] === "FAQPage");
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.mainEntity).toHaveLength(3);
  expect(JSON.stringify(blocks[0])).toContain("How do I choose the right service for my business?");
});

test("the banner picture moves slower than the page, and stands still under reduced motion", async ({
  page,
}) => {
  const layerTransform = () =>
    page
      .locator("main section")
      .first()
      .locator("[aria-hidden='true']")
      .first()
      .evaluate((el) => getComputedStyle(el).transform);
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const before = await layerTransform();
  await page.mouse.wheel(0, 400);
  await expect.poll(layerTransform).not.toBe(before);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await layerTransform()).toBe("none");
});
