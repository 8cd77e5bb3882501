import type { Locator, Page } from "@playwright/test";
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

// The public forms on islands pages (issue 31, docs/decisions/0039): no React in the browser,
// the same behaviour as React's forms (forms.spec.ts, form-errors-offline.spec.ts). The code
// (app/islands/forms-submit.ts) comes when a form is near or used, not with the page.

const form = (page: Page, id: string) => page.locator(`form#${id}`);
const noReact = (page: Page) => page.evaluate(() => !("__reactRouterContext" in window));

/** The text of the element(s) a control's aria-describedby names. */
async function description(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | "),
  );
}

/** Every script the page asked for, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("the contact page's long form by keyboard: each invalid field named and focused, busy, stored once with one key", async ({
  page,
  request,
}) => {
  const scripts = scriptsOf(page);
  await page.goto("/contact");
  expect(await noReact(page)).toBe(true);
  const long = form(page, "long");
  const company = long.getByLabel("Company Name");
  await company.focus();
  // Enter in a field sends the form, as in any HTML form.
  await page.keyboard.type("Eze & Sons");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("ngozi@example");
  await page.keyboard.press("Enter");
  await expect(alertOf(long)).toHaveText(REQUIRED);
  const name = long.getByLabel("Full Name");
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  expect(await description(name)).toBe("Full Name is required.");
  await expect(company).not.toHaveAttribute("aria-invalid");
  await expect(long.getByText(SELECT_OPTION, { exact: true })).toBeVisible();
  await expect(long.getByRole("checkbox").first()).toHaveAttribute("aria-invalid", "true");

  await page.keyboard.type("Ngozi Eze");
  await page.keyboard.press("Enter");
  await expect(alertOf(long)).toHaveText(INVALID_EMAIL);
  const email = long.getByLabel("Email Address");
  await expect(email).toBeFocused();
  expect(await description(email)).toBe(INVALID_EMAIL);
  await expect(name).not.toHaveAttribute("aria-invalid");
  expect(await name.getAttribute("aria-describedby")).toBeNull();

  const address = unique("islands-long");
  await email.fill(address);
  // A box is ticked by the keyboard's space bar.
  await long.getByLabel("Page Revamp").focus();
  await page.keyboard.press("Space");
  await expect(long.getByLabel("Page Revamp")).toBeChecked();
  const keys: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith("/api/contact")) keys.push(sent.headers()["idempotency-key"] ?? "");
  });
  const release = await holdApi(page, "/api/contact");
  await long.getByLabel("Message").focus();
  await page.keyboard.type("A full rebrand.");
  await page.keyboard.press("Tab");
  await expect(long.getByRole("button", { name: "Submit" })).toBeFocused();
  await page.keyboard.press("Enter");
  const busy = long.getByRole("button", { name: "submitting..." });
  await expect(busy).toBeDisabled();
  await expect(long).toHaveAttribute("aria-busy", "true");
  await expect(alertOf(long)).toHaveText("");
  release();
  await expect(statusOf(long)).toHaveText(SUCCESS);
  await expect(long).toHaveAttribute("aria-busy", "false");
  await expect(long.getByRole("button", { name: "Submit" })).toBeEnabled();
  await expect(long.getByLabel("Message")).toHaveValue("");
  await expect(long.getByLabel("Page Revamp")).not.toBeChecked();
  await expect(long.getByRole("checkbox").first()).not.toHaveAttribute("aria-invalid");
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  const stored = await storedBy(request, address);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    companyName: "Eze & Sons",
    name: "Ngozi Eze",
    serviceType: "Contact Form",
    options: ["Page Revamp"],
    message: "A full rebrand.",
  });
  // No React, React Router or zod came for it.
  expect(scripts.filter((path) => /\/(framework|shared|common|enquiry)-/.test(path))).toEqual([]);
  expect(scripts.some((path) => /\/forms-submit-[\w-]+\.js$/.test(path))).toBe(true);
});

test("a server's 400 puts each message under the field its `fields` names, whatever the text says", async ({
  page,
}) => {
  await page.goto("/contact");
  expect(await noReact(page)).toBe(true);
  const long = form(page, "long");
  await long.getByLabel("Full Name").fill("Ngozi Eze");
  await long.getByLabel("Email Address").fill(unique("islands-fields"));
  const phone = long.getByLabel("Phone Number");
  await phone.fill("803 123 4567");
  await long.getByLabel("Page Revamp").check();
  // A rule only the server knows, in words that name no field (decision 0053).
  const summary = "We cannot call that number.";
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: summary,
        fields: { phoneNumber: summary, "options.0": SELECT_OPTION },
      }),
    }),
  );
  await long.getByRole("button", { name: "Submit" }).click();
  await expect(alertOf(long)).toHaveText(summary);
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toBeFocused();
  expect(await description(phone)).toBe(summary);
  // A nested path ("options.0") is its top field's: the group of boxes.
  await expect(long.getByRole("checkbox").first()).toHaveAttribute("aria-invalid", "true");
  await expect(long.getByText(SELECT_OPTION, { exact: true })).toBeVisible();
  for (const label of ["Full Name", "Email Address", "Message"]) {
    await expect(long.getByLabel(label)).not.toHaveAttribute("aria-invalid");
  }
  // What the visitor typed stays.
  await expect(phone).toHaveValue("803 123 4567");
});

test("the blog's sign-up at 375 px with the mouse: messages, failure keeps the address, then subscribed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts = scriptsOf(page);
  const answer = await page.goto("/blog");
  expect(await noReact(page)).toBe(true);
  // The forms' code is not in the page's first scripts: the form is far below the first screen.
  expect(await answer!.text()).not.toMatch(/forms-submit/);
  const insights = form(page, "insights");
  expect((await insights.boundingBox())!.y).toBeGreaterThan(740 * 1.5);
  await insights.scrollIntoViewIfNeeded();
  const subscribe = insights.getByRole("button", { name: "Subscribe" });
  const input = insights.getByLabel("Email address");
  // Nothing wider than the screen.
  expect((await insights.boundingBox())!.width).toBeLessThanOrEqual(375);
  await subscribe.click();
  await expect(alertOf(insights)).toHaveText(REQUIRED);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toBeFocused();
  await input.fill("reader@nowhere");
  await subscribe.click();
  await expect(alertOf(insights)).toHaveText(INVALID_EMAIL);
  // Its own message first, then the consent wording it was described by already.
  expect(await description(input)).toMatch(/^Please enter a valid email address\. \| By /);

  const email = unique("islands-news");
  await input.fill(email);
  await failApi(page, "/api/newsletter");
  await subscribe.click();
  await expect(alertOf(insights)).toHaveText(FAILURE);
  await expect(input).toHaveValue(email);
  await expect(input).not.toHaveAttribute("aria-invalid");
  await page.unroute("**/api/newsletter");
  await subscribe.click();
  await expect(statusOf(insights)).toContainText("Thank you for subscribing!");
  await expect(alertOf(insights)).toHaveText("");
  await expect(input).toHaveValue("");
  expect(scripts.filter((path) => /\/(framework|shared)-/.test(path))).toEqual([]);
});

test("a form sent before its code arrived is sent by it: JSON with a key, no page post", async ({
  page,
}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route("**/assets/forms-submit-*.js", async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  const documentPosts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.resourceType() === "document") {
      documentPosts.push(sent.url());
    }
  });
  await page.goto("/contact");
  const quick = form(page, "quick");
  await quick.getByLabel("Full Name").fill("Early Visitor");
  await expect.poll(() => asked.length).toBe(1);
  const email = unique("islands-held");
  await quick.getByLabel("Email Address").fill(email);
  await quick.getByLabel("Phone Number").fill("8091112222");
  await chooseSlot(quick, 2);
  await quick.getByLabel("Message").fill("Sent while the code was on its way.");
  const sent = page.waitForRequest("**/api/bookings");
  await quick.getByRole("button", { name: "Send Message" }).click();
  release();
  const post = await sent;
  expect(post.headers()["content-type"]).toContain("application/json");
  expect(post.headers()["idempotency-key"]).toBeTruthy();
  await expect(statusOf(quick)).toHaveText(SUCCESS);
  expect(documentPosts).toEqual([]);
});

test("offline on an islands page: the enquiry is kept, then sent once when the connection is back", async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.goto("/contact");
  const long = form(page, "long");
  const email = unique("islands-offline");
  await long.getByLabel("Company Name").fill("Offline Ltd");
  await long.getByLabel("Full Name").fill("Offline Visitor");
  await long.getByLabel("Email Address").fill(email);
  await long.getByLabel("Social Media Management").check();
  // The forms' code is here before the connection goes (it comes when a form is used).
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((entry) => /forms-submit-/.test(entry.name)),
      ),
    )
    .toBe(true);
  await context.setOffline(true);
  await long.getByRole("button", { name: "Submit" }).click();
  await expect(statusOf(long)).toHaveText(/kept your message on this device/);
  await expect(long.getByLabel("Full Name")).toHaveValue("");
  expect(await storedBy(request, email)).toHaveLength(0);
  await context.setOffline(false);
  await expect(statusOf(long)).toHaveText(SUCCESS, { timeout: 15_000 });
  const stored = await storedBy(request, email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ name: "Offline Visitor", serviceType: "Contact Form" });
});

test("after a navigation in the page the new page's forms work", async ({ page }) => {
  await page.goto("/about");
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const insights = form(page, "insights");
  await insights.getByLabel("Email address").fill("not-an-address");
  await insights.getByRole("button", { name: "Subscribe" }).click();
  await expect(alertOf(insights)).toHaveText(INVALID_EMAIL);
  await insights.getByLabel("Email address").fill(unique("islands-swap"));
  await insights.getByRole("button", { name: "Subscribe" }).click();
  await expect(statusOf(insights)).toContainText("Thank you for subscribing!");
});
