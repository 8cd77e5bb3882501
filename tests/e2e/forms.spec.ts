import { dayIn } from "../../common/time-zone.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  FAILURE,
  INVALID_EMAIL,
  REQUIRED,
  SELECT_OPTION,
  SUCCESS,
  alertOf,
  failApi,
  holdApi,
  statusOf,
  storedBy,
  unique,
  chooseSlot,
} from "./form-helpers.ts";

// Every public form with JavaScript: the spec's messages in their order (required → e-mail →
// options), the busy button, failure keeps the input, success clears it and the enquiry is
// in the database. The same forms without JavaScript are in no-js.spec.ts.

const form = (page: Page, id: string) => page.locator(`form#${id}`);

test("home form: messages, busy text, failure keeps the input, success stores and clears", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const home = form(page, "home");
  const send = home.getByRole("button", { name: "Send Message" });
  await send.click();
  await expect(alertOf(home)).toHaveText(REQUIRED);
  await expect(home.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await home.getByLabel("Full Name").fill("Ada Obi");
  await home.getByLabel("Email Address").fill("ada@example");
  await send.click();
  await expect(alertOf(home)).toHaveText(INVALID_EMAIL);
  await expect(home.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
  await expect(home.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid");

  const email = unique("home");
  await home.getByLabel("Email Address").fill(email);
  await home.getByLabel("Phone Number").fill("8031234567");
  await home.getByLabel("Message").fill("Please call me about a campaign.");
  await failApi(page, "/api/contact");
  await send.click();
  await expect(alertOf(home)).toHaveText(FAILURE);
  await expect(home.getByLabel("Full Name")).toHaveValue("Ada Obi");
  await expect(home.getByLabel("Email Address")).toHaveValue(email);
  await expect(home.getByLabel("Message")).toHaveValue("Please call me about a campaign.");
  await page.unroute("**/api/contact");

  const release = await holdApi(page, "/api/contact");
  await send.click();
  const busy = home.getByRole("button", { name: "Submitting response" });
  await expect(busy).toBeDisabled();
  await expect(alertOf(home)).toHaveText("");
  release();
  await expect(statusOf(home)).toHaveText(SUCCESS);
  await expect(home.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await expect(home.getByLabel("Full Name")).toHaveValue("");
  await expect(home.getByLabel("Message")).toHaveValue("");
  const [stored] = await storedBy(request, email);
  expect(stored).toMatchObject({
    name: "Ada Obi",
    phoneNumber: "+2348031234567",
    message: "Please call me about a campaign.",
    serviceType: "Inquiry form response",
    status: "new",
  });
});

test("floating 'Send Enquiry': opens on hover and by keyboard, Escape closes, it sends", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const tab = page.getByRole("button", { name: "Send Enquiry", exact: true }).first();
  const floating = form(page, "floating");
  await expect(floating).toBeHidden();
  await tab.hover();
  await expect(floating).toBeVisible();
  await page.mouse.move(10, 700);
  await expect(floating).toBeHidden();

  // Focus shows it too, and Escape hides it; Enter opens it for good.
  await tab.focus();
  await expect(floating).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(floating).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(tab).toHaveAttribute("aria-expanded", "true");
  await expect(floating).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tab).toHaveAttribute("aria-expanded", "false");
  await expect(floating).toBeHidden();
  await expect(tab).toBeFocused();

  // A tap (click) opens it; its close button closes it.
  await tab.click();
  await expect(floating).toBeVisible();
  await floating.getByRole("button", { name: "Close the enquiry form" }).click();
  await expect(floating).toBeHidden();
  await expect(tab).toBeFocused();
  await tab.click();
  await expect(floating).toBeVisible();
  const submit = floating.getByRole("button", { name: "Send Enquiry" });
  await submit.click();
  await expect(alertOf(floating)).toHaveText(REQUIRED);
  const email = unique("floating");
  await floating.getByLabel("Full Name").fill("Bola Ade");
  await floating.getByLabel("Email Address").fill(email);
  const release = await holdApi(page, "/api/contact");
  await submit.click();
  await expect(floating.getByRole("button", { name: "sending..." })).toBeDisabled();
  release();
  await expect(statusOf(floating)).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]).toMatchObject({
    name: "Bola Ade",
    serviceType: "Inquiry form response",
  });
});

test("service form: required, e-mail, options; failure keeps ticks; success clears and stores", async ({
  page,
  request,
}) => {
  await page.goto("/social-media");
  const service = form(page, "service-form");
  const submit = service.getByRole("button", { name: "Submit" });
  await service.getByLabel("Full Name").fill("Chidi Obi");
  await submit.click();
  await expect(alertOf(service)).toHaveText(REQUIRED);
  await expect(service.getByLabel("Company Name")).toHaveAttribute("aria-invalid", "true");
  await service.getByLabel("Company Name").fill("Obi Foods");
  await service.getByLabel("Email Address").fill("chidi.example.com");
  await submit.click();
  await expect(alertOf(service)).toHaveText(INVALID_EMAIL);
  const email = unique("service");
  await service.getByLabel("Email Address").fill(email);
  await submit.click();
  await expect(alertOf(service)).toHaveText(SELECT_OPTION);
  await service.getByLabel("Paid Promotions").check();
  await service.getByLabel("Performance Tracking").check();
  await service.getByLabel("Phone Number").fill("0803 123 4567");

  await failApi(page, "/api/contact");
  await submit.click();
  await expect(alertOf(service)).toHaveText(FAILURE);
  await expect(service.getByLabel("Paid Promotions")).toBeChecked();
  await expect(service.getByLabel("Company Name")).toHaveValue("Obi Foods");
  await page.unroute("**/api/contact");

  const release = await holdApi(page, "/api/contact");
  await submit.click();
  await expect(service.getByRole("button", { name: "submitting..." })).toBeDisabled();
  release();
  await expect(statusOf(service)).toHaveText(SUCCESS);
  await expect(service.getByLabel("Company Name")).toHaveValue("");
  await expect(service.getByLabel("Paid Promotions")).not.toBeChecked();
  expect((await storedBy(request, email))[0]).toMatchObject({
    companyName: "Obi Foods",
    name: "Chidi Obi",
    phoneNumber: "+2348031234567",
    options: ["Paid Promotions", "Performance Tracking"],
    serviceType: "Social Media Marketing",
  });
});

test("package form: the same rules; the chosen package is the service type", async ({
  page,
  request,
}) => {
  await page.goto("/social-media-management");
  const pack = form(page, "package-form");
  const submit = pack.getByRole("button", { name: "Submit" });
  await submit.click();
  await expect(alertOf(pack)).toHaveText(REQUIRED);
  const email = unique("package");
  await pack.getByLabel("Company Name").fill("Lagos Lux");
  await pack.getByLabel("Full Name").fill("Funke Ade");
  await pack.getByLabel("Email Address").fill(email);
  await submit.click();
  await expect(alertOf(pack)).toHaveText(SELECT_OPTION);
  await expect(pack.getByRole("radio")).toHaveCount(4);
  await pack.getByLabel("Package").selectOption("GROW ME");
  await pack.getByLabel("Instagram Handle").fill("@lagoslux");
  await pack.getByLabel("Website").fill("https://lagoslux.ng");
  await pack.getByLabel("6 Months Contract").check();
  await failApi(page, "/api/contact");
  await submit.click();
  await expect(alertOf(pack)).toHaveText(FAILURE);
  await expect(pack.getByLabel("Package")).toHaveValue("GROW ME");
  await expect(pack.getByLabel("6 Months Contract")).toBeChecked();
  await page.unroute("**/api/contact");
  await submit.click();
  await expect(statusOf(pack)).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]).toMatchObject({
    companyName: "Lagos Lux",
    serviceType: "GROW ME",
    package: "GROW ME",
    instagram: "@lagoslux",
    website: "https://lagoslux.ng",
    options: ["6 Months Contract"],
  });
});

test("contact quick form: the browser requires every field; it sends 'contact'", async ({
  page,
  request,
}) => {
  await page.goto("/contact");
  const quick = form(page, "quick");
  const send = quick.getByRole("button", { name: "Send Message" });
  await send.click();
  // The browser refuses and points at the first empty field; nothing is sent.
  await expect(quick.getByLabel("Full Name")).toBeFocused();
  for (const label of ["Full Name", "Email Address", "Phone Number", "Message"]) {
    expect(
      await quick
        .getByLabel(label)
        .evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
      label,
    ).toBe(true);
  }
  const email = unique("quick");
  await quick.getByLabel("Full Name").fill("Emeka Eze");
  await quick.getByLabel("Email Address").fill(email);
  await quick.getByLabel("Phone Number").fill("8091112222");
  // The date is a free consultation time (decision 0052).
  const slot = await chooseSlot(quick, 1);
  await send.click();
  await expect(quick.getByLabel("Message")).toBeFocused();
  await quick.getByLabel("Message").fill("Can we meet next week?");
  await failApi(page, "/api/bookings");
  await send.click();
  await expect(alertOf(quick)).toHaveText(FAILURE);
  await expect(quick.getByLabel("Message")).toHaveValue("Can we meet next week?");
  await page.unroute("**/api/bookings");
  const release = await holdApi(page, "/api/bookings");
  await send.click();
  await expect(quick.getByRole("button", { name: "sending..." })).toBeDisabled();
  release();
  await expect(statusOf(quick)).toHaveText(SUCCESS);
  await expect(quick.getByLabel("Full Name")).toHaveValue("");
  expect((await storedBy(request, email))[0]).toMatchObject({
    name: "Emeka Eze",
    phoneNumber: "+2348091112222",
    serviceType: "contact",
    date: dayIn(slot),
    message: "Can we meet next week?",
  });
});

test("contact long form: required, e-mail, a service; failure keeps; success stores", async ({
  page,
  request,
}) => {
  await page.goto("/contact");
  const long = form(page, "long");
  const submit = long.getByRole("button", { name: "Submit" });
  await long.getByLabel("Email Address").fill("ngozi@");
  await submit.click();
  await expect(alertOf(long)).toHaveText(REQUIRED);
  await long.getByLabel("Company Name").fill("Eze & Sons");
  await long.getByLabel("Full Name").fill("Ngozi Eze");
  await submit.click();
  await expect(alertOf(long)).toHaveText(INVALID_EMAIL);
  const email = unique("long");
  await long.getByLabel("Email Address").fill(email);
  await submit.click();
  await expect(alertOf(long)).toHaveText(SELECT_OPTION);
  await expect(long.getByRole("checkbox")).toHaveCount(7);
  await long.getByLabel("Branding and Graphic Designs").check();
  await long.getByLabel("Page Revamp").check();
  await long.getByLabel("Message").fill("A full rebrand.");
  await failApi(page, "/api/contact");
  await submit.click();
  await expect(alertOf(long)).toHaveText(FAILURE);
  await expect(long.getByLabel("Page Revamp")).toBeChecked();
  await page.unroute("**/api/contact");
  await submit.click();
  await expect(statusOf(long)).toHaveText(SUCCESS);
  await expect(long.getByLabel("Message")).toHaveValue("");
  expect((await storedBy(request, email))[0]).toMatchObject({
    companyName: "Eze & Sons",
    name: "Ngozi Eze",
    serviceType: "Contact Form",
    options: ["Branding and Graphic Designs", "Page Revamp"],
    message: "A full rebrand.",
  });
});

test("newsletter box and the blog's insights block: messages, subscribed, a known address told the same", async ({
  page,
}) => {
  const email = unique("news");
  await page.goto("/");
  const box = form(page, "newsletter");
  await box.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(alertOf(box)).toHaveText(REQUIRED);
  await box.getByLabel("Email address").fill("reader@nowhere");
  await box.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(alertOf(box)).toHaveText(INVALID_EMAIL);
  await box.getByLabel("Email address").fill(email);
  await failApi(page, "/api/newsletter");
  await box.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(alertOf(box)).toHaveText(FAILURE);
  await expect(box.getByLabel("Email address")).toHaveValue(email);
  await page.unroute("**/api/newsletter");
  await box.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(statusOf(box)).toContainText("Thank you for subscribing!");
  await expect(box.getByLabel("Email address")).toHaveValue("");

  await page.goto("/blog");
  const insights = form(page, "insights");
  await expect(
    page.getByRole("heading", { name: "Don’t Miss Out on the Latest Insights" }),
  ).toBeVisible();
  await insights.getByLabel("Email address").fill(email.toUpperCase());
  await insights.getByRole("button", { name: "Subscribe" }).click();
  await expect(statusOf(insights)).toContainText("Thank you for subscribing!");
});

test("robots filling the hidden fax field are stored as spam, and people never see it", async ({
  page,
  request,
}) => {
  await page.goto("/social-media");
  const service = form(page, "service-form");
  const trap = service.locator('input[name="faxNumber"]');
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveAttribute("autocomplete", "off");
  expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
  expect(await trap.boundingBox().then((box) => (box ? box.x + box.width : 0))).toBeLessThan(0);
  const email = unique("robot");
  await service.getByLabel("Company Name").fill("Spam Co");
  await service.getByLabel("Full Name").fill("Robot");
  await service.getByLabel("Email Address").fill(email);
  await service.getByLabel("Account Management").check();
  await trap.fill("555-0100", { force: true });
  await service.getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(service)).toHaveText(SUCCESS);
  expect((await storedBy(request, email))[0]?.status).toBe("spam");
});
