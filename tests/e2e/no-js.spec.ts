import { dayIn } from "../../common/time-zone.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  INVALID_EMAIL,
  REQUIRED,
  SELECT_OPTION,
  SUCCESS,
  alertOf,
  statusOf,
  storedBy,
  unique,
  chooseSlot,
} from "./form-helpers.ts";

// The public site with JavaScript off: every form posts to its page, the page's action checks
// it with the shared schema and stores it, and the page comes back with the same message and,
// after a failure, what the visitor typed. Pages and their content are all in the HTML.

test.use({ javaScriptEnabled: false });

// A refused post comes back as its page with 400 (the browser logs that status): these
// tests send refused posts on purpose.
test.beforeEach(({ allowConsoleErrors }) =>
  allowConsoleErrors(
    /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)/,
  ),
);

// The page is loaded again after each post: always look the form up afresh.
const form = (page: Page, id: string) => page.locator(`form#${id}`);

test("home form: a message with the input kept, then success and stored", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await form(page, "home").getByLabel("Full Name").fill("No Script");
  await form(page, "home").getByLabel("Email Address").fill("no-script@example");
  await form(page, "home").getByLabel("Message").fill("Hello without JavaScript");
  await form(page, "home").getByRole("button", { name: "Send Message" }).click();
  await expect(alertOf(form(page, "home"))).toHaveText(INVALID_EMAIL);
  await expect(form(page, "home").getByLabel("Full Name")).toHaveValue("No Script");
  await expect(form(page, "home").getByLabel("Message")).toHaveValue("Hello without JavaScript");
  await expect(form(page, "home").getByLabel("Email Address")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  const email = unique("nojs-home");
  await form(page, "home").getByLabel("Email Address").fill(email);
  await form(page, "home").getByRole("button", { name: "Send Message" }).click();
  await expect(statusOf(form(page, "home"))).toHaveText(SUCCESS);
  await expect(form(page, "home").getByLabel("Full Name")).toHaveValue("");
  expect((await storedBy(request, email))[0]).toMatchObject({
    name: "No Script",
    message: "Hello without JavaScript",
    serviceType: "Inquiry form response",
  });
});

test("floating form: shown on hover without JavaScript, and its answer stays open", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Send Enquiry", exact: true }).first().hover();
  const floating = form(page, "floating");
  await expect(floating).toBeVisible();
  // Click once it has slid in: a click that finds it still moving scrolls the page, and the
  // pointer leaves the hovered tab.
  await expect(floating.locator("..")).toHaveCSS("opacity", "1");
  await floating.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(alertOf(form(page, "floating"))).toHaveText(REQUIRED);
  await expect(form(page, "floating")).toBeVisible();
  const email = unique("nojs-floating");
  await form(page, "floating").getByLabel("Full Name").fill("Hover Only");
  await form(page, "floating").getByLabel("Email Address").fill(email);
  await form(page, "floating").getByRole("button", { name: "Send Enquiry" }).click();
  await expect(statusOf(form(page, "floating"))).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]?.serviceType).toBe("Inquiry form response");
});

test("service form: asks for an option, keeps the input, then stores the enquiry", async ({
  page,
  request,
}) => {
  await page.goto("/branding");
  const email = unique("nojs-service");
  await form(page, "service-form").getByLabel("Full Name").fill("Dr Ivory");
  await form(page, "service-form").getByRole("button", { name: "Submit" }).click();
  await expect(alertOf(form(page, "service-form"))).toHaveText(REQUIRED);
  await form(page, "service-form").getByLabel("Company Name").fill("Ivory Dental");
  await form(page, "service-form").getByLabel("Email Address").fill(email);
  await form(page, "service-form").getByRole("button", { name: "Submit" }).click();
  await expect(alertOf(form(page, "service-form"))).toHaveText(SELECT_OPTION);
  await expect(form(page, "service-form").getByLabel("Company Name")).toHaveValue("Ivory Dental");
  await expect(form(page, "service-form").getByLabel("Full Name")).toHaveValue("Dr Ivory");
  await form(page, "service-form").getByLabel("Logo Design").check();
  await form(page, "service-form").getByLabel("Brand Identity").check();
  await form(page, "service-form").getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(form(page, "service-form"))).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]).toMatchObject({
    companyName: "Ivory Dental",
    serviceType: "Branding and Graphic Designs",
    options: ["Logo Design", "Brand Identity"],
  });
});

test("package form: keeps the chosen package after a message, then stores it", async ({
  page,
  request,
}) => {
  await page.goto("/social-media-management");
  const email = unique("nojs-package");
  await form(page, "package-form").getByLabel("Company Name").fill("Naija Threads");
  await form(page, "package-form").getByLabel("Full Name").fill("Tolu");
  await form(page, "package-form").getByLabel("Email Address").fill(email);
  await form(page, "package-form").getByLabel("Package").selectOption("BRAND ME");
  await form(page, "package-form").getByRole("button", { name: "Submit" }).click();
  await expect(alertOf(form(page, "package-form"))).toHaveText(SELECT_OPTION);
  await expect(form(page, "package-form").getByLabel("Package")).toHaveValue("BRAND ME");
  await form(page, "package-form").getByLabel("12 Months Contract").check();
  await form(page, "package-form").getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(form(page, "package-form"))).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]).toMatchObject({
    serviceType: "BRAND ME",
    package: "BRAND ME",
    options: ["12 Months Contract"],
  });
});

test("contact quick form: the browser still requires every field; then it is stored", async ({
  page,
  request,
}) => {
  await page.goto("/contact");
  await form(page, "quick").getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(form(page, "quick").getByLabel("Full Name")).toBeFocused();
  const email = unique("nojs-quick");
  await form(page, "quick").getByLabel("Full Name").fill("Offline Eze");
  await form(page, "quick").getByLabel("Email Address").fill(email);
  await form(page, "quick").getByLabel("Phone Number").fill("8091112222");
  const slot = await chooseSlot(form(page, "quick"), 3);
  await form(page, "quick").getByLabel("Message").fill("Christmas campaign");
  await form(page, "quick").getByRole("button", { name: "Send Message" }).click();
  await expect(statusOf(form(page, "quick"))).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]).toMatchObject({
    serviceType: "contact",
    date: dayIn(slot),
    phoneNumber: "+2348091112222",
  });
});

test("contact long form: the e-mail rule with ticks kept, then stored", async ({
  page,
  request,
}) => {
  await page.goto("/contact");
  await form(page, "long").getByLabel("Company Name").fill("Ade Motors");
  await form(page, "long").getByLabel("Full Name").fill("Ade");
  await form(page, "long").getByLabel("Email Address").fill("ade@motors");
  await form(page, "long").getByLabel("Ads Campaign Management").check();
  await form(page, "long").getByRole("button", { name: "Submit" }).click();
  await expect(alertOf(form(page, "long"))).toHaveText(INVALID_EMAIL);
  await expect(form(page, "long").getByLabel("Ads Campaign Management")).toBeChecked();
  const email = unique("nojs-long");
  await form(page, "long").getByLabel("Email Address").fill(email);
  await form(page, "long").getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(form(page, "long"))).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]).toMatchObject({
    serviceType: "Contact Form",
    options: ["Ads Campaign Management"],
  });
});

test("newsletter box and insights block subscribe, and say so (the same for a known address)", async ({
  page,
}) => {
  const email = unique("nojs-news");
  await page.goto("/");
  await form(page, "newsletter").getByLabel("Email address").fill(email);
  await form(page, "newsletter").getByRole("button", { name: "Subscribe Now" }).click();
  await expect(statusOf(form(page, "newsletter"))).toContainText("Thank you for subscribing!");
  await page.goto("/blog");
  await form(page, "insights").getByLabel("Email address").fill("someone@");
  await form(page, "insights").getByRole("button", { name: "Subscribe" }).click();
  await expect(alertOf(form(page, "insights"))).toHaveText(INVALID_EMAIL);
  await expect(form(page, "insights").getByLabel("Email address")).toHaveValue("someone@");
  await form(page, "insights").getByLabel("Email address").fill(email);
  await form(page, "insights").getByRole("button", { name: "Subscribe" }).click();
  await expect(statusOf(form(page, "insights"))).toContainText("Thank you for subscribing!");
});

test("blog search filters by a shareable ?q= link", async ({ page }) => {
  await page.goto("/blog");
  await page.getByLabel("Search the blog").fill("branding");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/blog\?q=branding$/);
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Branding on a Budget");
  await expect(page.getByLabel("Search the blog")).toHaveValue("branding");
});

test("the FAQ answers and every service page's blocks are readable", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByText("Book a free consultation. We look at your goals")).toBeVisible();
  await page.goto("/page-revamp");
  await expect(page.getByRole("heading", { name: "Content and Visual Updates" })).toBeVisible();
});
