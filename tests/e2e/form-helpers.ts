import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { adminToken, allowConsoleErrorsIn, expect } from "./fixtures.ts";

// Shared by the public form specs (forms, no-js, service-pages, contact, blog).

export const SUCCESS = "Form submitted successfully!";
export const FAILURE = "An error occurred. Please try again later.";
export const REQUIRED = "Please fill in all required fields.";
export const INVALID_EMAIL = "Please enter a valid email address.";
export const SELECT_OPTION = "Please select at least one option.";

export interface StoredEnquiry {
  name: string;
  email: string;
  companyName: string;
  phoneNumber: string;
  options: string[];
  serviceType: string;
  message: string;
  package: string;
  instagram: string;
  website: string;
  date: string;
  status: string;
}

/** The stored enquiries with this e-mail, read through the admin API (GET /api/contact/). */
export async function storedBy(
  request: APIRequestContext,
  email: string,
): Promise<StoredEnquiry[]> {
  const token = await adminToken(request);
  const response = await request.get(`/api/contact/?q=${encodeURIComponent(email)}&status=all`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredEnquiry[];
}

/** A fresh e-mail address, so that parallel tests never see each other's enquiries. */
export const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Makes the API fail for this page until `page.unroute` (and allows the error it logs). */
export async function failApi(
  page: Page,
  path: "/api/contact" | "/api/newsletter" | "/api/bookings",
) {
  allowConsoleErrorsIn(
    page,
    new RegExp(`status of 500 \\(Internal Server Error\\) \\(at [^)]*${path}\\)$`),
  );
  await page.route(`**${path}`, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }),
  );
}

/** Holds the API's answer until the returned function is called (to see the busy state). */
export async function holdApi(
  page: Page,
  path: "/api/contact" | "/api/newsletter" | "/api/bookings",
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The error message of a form (role="alert"). */
export const alertOf = (form: Locator) => form.getByRole("alert");
/** The success message of a form (role="status"). */
export const statusOf = (form: Locator) => form.getByRole("status");

/**
 * Whether a form's own code is here: React's (its props on the element) on a page React
 * renders, or the islands' (`data-enhanced`, app/islands/forms-submit.ts) on an islands page.
 */
export const isEnhanced = (form: Locator) =>
  form.evaluate(
    (element) =>
      element.hasAttribute("data-enhanced") ||
      Object.keys(element).some((key) => key.startsWith("__reactProps$")),
  );

/**
 * Chooses the first free consultation time of the `day`-th day the booking form offers
 * (1 or later: each test its own day, so tests running side by side never want one slot).
 * Answers the slot's start (UTC ISO).
 */
export async function chooseSlot(form: Locator, day: number): Promise<string> {
  const group = form.locator("[data-slots] details").nth(day);
  await group.locator("summary").click();
  const radio = group.getByRole("radio").first();
  await radio.check();
  return (await radio.getAttribute("value")) ?? "";
}
