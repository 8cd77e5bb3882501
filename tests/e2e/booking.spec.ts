import { dayIn } from "../../common/time-zone.ts";
import { expect, signIn, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { chooseSlot, statusOf, SUCCESS, unique } from "./form-helpers.ts";

// Free consultations in real slots (issue 52, item 4): the contact page books a time with and
// without JavaScript, the week view shows it (by keyboard) and cancels it, which frees it.

const SHOTS = "/tmp/shots-wt6";
const form = (page: Page, id: string) => page.locator(`form#${id}`);

async function fillQuick(page: Page, name: string, email: string) {
  const quick = form(page, "quick");
  await quick.getByLabel("Full Name").fill(name);
  await quick.getByLabel("Email Address").fill(email);
  await quick.getByLabel("Phone Number").fill("8091112222");
  await quick.getByLabel("Message").fill("A free consultation, please.");
  return quick;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the server-rendered list of times books one, which is then no longer offered", async ({
    page,
  }) => {
    await page.goto("/contact");
    const quick = await fillQuick(page, "Nojs Booker", unique("book-nojs"));
    await expect(quick.getByRole("group", { name: /Preferred Date/ })).toBeVisible();
    const slot = await chooseSlot(quick, 4);
    await quick.getByRole("button", { name: "Send Message" }).click();
    await expect(statusOf(form(page, "quick"))).toHaveText(SUCCESS);
    await expect(page.locator(`input[name=slot][value="${slot}"]`)).toHaveCount(0);
  });
});

test("with JavaScript the form books through the API; staff see it in the week view and cancel it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/contact");
  const quick = await fillQuick(page, "Week Viewer", unique("book-js"));
  const slot = await chooseSlot(quick, 5);
  await page.screenshot({ path: `${SHOTS}/booking-form-1280.png`, fullPage: false });
  const sent = page.waitForRequest("**/api/bookings");
  await quick.getByRole("button", { name: "Send Message" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ slot, name: "Week Viewer" });
  await expect(statusOf(quick)).toHaveText(SUCCESS);

  await signIn(page);
  await page.goto(`/admin/bookings?week=${dayIn(slot)}`);
  const link = page.getByRole("link", { name: "Week Viewer" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", /\/admin\/enquiries\//);
  await page.screenshot({ path: `${SHOTS}/week-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/week-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // By keyboard: the next week and back.
  await page.getByRole("link", { name: "Next week →" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(new RegExp(`week=${dayIn(slot)}$`));
  await page.getByRole("link", { name: "← Previous week" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Week Viewer" })).toBeVisible();
  await expect(page).toHaveURL(/week=/);
  // The week as a page of its own before cancelling (a cancel right after the two client
  // navigations once met a list that kept re-rendering: see the stop note, issue 52).
  await page.goto(`/admin/bookings?week=${dayIn(slot)}`);
  await expect(page.getByRole("link", { name: "Week Viewer" })).toBeVisible();

  await page.getByRole("button", { name: "Cancel Week Viewer's consultation" }).click();
  await page.getByRole("button", { name: "Cancel consultation" }).click();
  await expect(page.getByRole("link", { name: "Week Viewer" })).toHaveCount(0);

  await page.goto("/contact");
  await expect(page.locator(`input[name=slot][value="${slot}"]`)).toHaveCount(1);
  await page.setViewportSize({ width: 375, height: 800 });
  await form(page, "quick").scrollIntoViewIfNeeded();
  await form(page, "quick").screenshot({ path: `${SHOTS}/booking-form-375.png` });
});
