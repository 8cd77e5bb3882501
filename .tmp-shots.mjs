import { chromium } from "@playwright/test";
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = [];
  page.on("console", (m) => console.log("console", m.type(), m.text()));
  await page.goto(`${url}/social-media-management#packages-title`);
  await page.screenshot({ path: `/tmp/p49/packages-${width}.png`, fullPage: false });
  await page.getByRole("link", { name: "Subscribe monthly: GROW ME" }).click();
  await page.waitForURL(/checkout/);
  await page.screenshot({ path: `/tmp/p49/checkout-${width}.png`, fullPage: true });
  await page.locator("input[name=name]").fill("Ada Obi");
  await page.locator("input[name=email]").fill("ada@client.ng");
  await page.locator("input[name=phone]").fill("8031234567");
  await page.getByRole("button", { name: /Subscribe monthly/ }).click();
  await page.waitForTimeout(3000); console.log(page.url()); await page.screenshot({ path: `/tmp/p49/after-${width}.png`, fullPage: true });
  await page.waitForURL(/127\.0\.0\.1:\d+\/checkout\//);
  await page.screenshot({ path: `/tmp/p49/paystack-${width}.png` });
  await page.getByRole("button", { name: /^Pay NGN/ }).click();
  await page.waitForURL(/payments\/callback/);
  await page.screenshot({ path: `/tmp/p49/callback-${width}.png` });
  console.log(width, page.url(), errors);
  await page.close();
}
await browser.close();
