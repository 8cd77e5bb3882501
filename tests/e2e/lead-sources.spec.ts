import type { Page } from "@playwright/test";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";
import { adminApi, stamp } from "./fixtures/admin.ts";
import { SUCCESS, statusOf, unique } from "./form-helpers.ts";

// Where leads come from: the landing page's UTM parameters travel with an enquiry sent later
// in the visit, the back office shows them, and the dashboard charts enquiries per week.

const longForm = (page: Page) => page.locator("form#long");

async function sendLongForm(page: Page, email: string) {
  const form = longForm(page);
  await form.getByLabel("Company Name").fill("Lead Source Ltd");
  await form.getByLabel("Full Name").fill("Lead Source Tester");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Ads Campaign Management").check();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(longForm(page))).toHaveText(SUCCESS);
}

/** The one stored enquiry with this e-mail, as the admin API answers it. */
async function storedEnquiry(page: Page, email: string): Promise<Enquiry> {
  const api = await adminApi(page.request);
  const response = await api.get(`/api/contact/?q=${encodeURIComponent(email)}&status=all`);
  expect(response.status()).toBe(200);
  const list = (await response.json()) as Enquiry[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

test("UTM parameters of the landing page go with an enquiry sent later in the visit", async ({
  page,
}) => {
  // A public visit and a back office sign-in in one test.
  test.slow();
  await page.goto("/?utm_source=whatsapp&utm_campaign=promo");
  // The next page of the same visit, without the parameters.
  await page.getByRole("banner").getByRole("link", { name: "Contact Us", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const email = unique("lead-source");
  await sendLongForm(page, email);
  const enquiry = await storedEnquiry(page, email);
  expect(enquiry.source).toEqual({ page: "/contact", utmSource: "whatsapp", utmCampaign: "promo" });

  await signIn(page);
  await page.goto(`/admin/enquiries/${enquiry._id}`);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText("Sent from", { exact: true })).toBeVisible();
  await expect(details.getByText("/contact", { exact: true })).toBeVisible();
  const campaign = details.locator("dd").filter({ hasText: "utm_source:" });
  await expect(campaign).toContainText("utm_source: whatsapp");
  await expect(campaign).toContainText("utm_campaign: promo");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page's own URL gives the enquiry its page and UTM parameters", async ({ page }) => {
    await page.goto("/contact?utm_source=newsletter&utm_medium=email", {
      referer: "https://mail.example.com/",
    });
    const email = unique("lead-source-nojs");
    await sendLongForm(page, email);
    const enquiry = await storedEnquiry(page, email);
    // The form posts from our own page, so the Referer names no other site.
    expect(enquiry.source).toEqual({
      page: "/contact",
      utmSource: "newsletter",
      utmMedium: "email",
    });
  });
});

test("the dashboard charts enquiries per week by service, as an image and a table", async ({
  page,
}) => {
  // Twelve enquiries, then axe on the dashboard with the table open.
  test.slow();
  const service = `Lead Chart ${stamp()}`;
  const source = `lead-chart-${stamp()}`;
  for (let i = 0; i < 12; i++) {
    const response = await page.request.post("/api/contact", {
      data: {
        companyName: "Chart Ltd",
        name: `Chart Tester ${i}`,
        email: unique("lead-chart"),
        options: ["Logo Design"],
        serviceType: service,
        source: { page: "/services", utmSource: source },
      },
    });
    expect(response.status()).toBe(201);
  }
  await signIn(page);
  await page.goto("/admin/dashboard");
  const chart = page.getByRole("img", { name: /Enquiries per week by service, last 12 weeks/ });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((element) => element.tagName.toLowerCase())).toBe("svg");
  await expect(chart.locator("rect").first()).toBeAttached();
  const charted = page.getByRole("region", { name: "Enquiries per week" });
  await expect(charted.getByRole("listitem").filter({ hasText: service })).toBeVisible();

  await charted.getByText("Show as table").click();
  const table = charted.getByRole("table", { name: /Enquiries per week/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: service })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(13);
  // This week is the last row; it holds at least the twelve just sent.
  const thisWeek = table.getByRole("row").last();
  const total = Number(await thisWeek.getByRole("cell").last().textContent());
  expect(total).toBeGreaterThanOrEqual(12);

  const sources = page.getByRole("table", { name: "Top sources" });
  await expect(sources.getByRole("columnheader")).toHaveText(["Source", "Enquiries"]);
  await expect(sources.getByRole("row", { name: new RegExp(source) })).toContainText("12");
  // admin-a11y.spec.ts checks the dashboard at 1280 and 375 px; here with the table open.
  await expectNoAxeViolations(page);
});
