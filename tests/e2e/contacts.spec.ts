import { mkdir } from "node:fs/promises";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";
import { sendEnquiry, stamp } from "./fixtures/admin.ts";

// One contact per person (issue 52, item 2): the enquiry screen's Person panel lists the
// person's enquiries; staff merge another person in by e-mail and split an enquiry out
// again, by keyboard; the inbox counts each person's enquiries.

const SHOTS = "/work/shots/wt-8";

test("the enquiry screen merges a person in by e-mail and splits an enquiry out, by keyboard", async ({
  page,
}) => {
  const run = stamp();
  const work = `work${run}@example.com`;
  const home = `home${run}@example.com`;
  const first = await sendEnquiry(page.request, {
    name: `Person Peju ${run}`,
    email: work,
    phoneNumber: "",
    source: { page: "/services", utmSource: "facebook" },
  });
  const second = await sendEnquiry(page.request, {
    name: `Person Peju ${run}`,
    email: home,
    phoneNumber: "",
    serviceType: "Social Media Marketing",
    source: { page: "/social-media-marketing", referrer: "www.google.com" },
  });

  await signIn(page);
  await page.goto(`/admin/enquiries/${first._id}`);
  const panel = page.getByRole("region", { name: "Person" });
  await expect(panel).toContainText("No other enquiries from this person yet");
  await expect(panel).toContainText(`${work}: Not subscribed`);

  // Merge: the address typed, Enter pressed.
  await panel.getByLabel("Merge with another person").fill(home);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Merged: this person now has 2 enquiries.")).toBeVisible();
  await expect(panel).toContainText("2 enquiries from this person");
  const history = panel.getByRole("list", { name: "This person's enquiries, newest first" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  const other = history.getByRole("listitem").first();
  await expect(other).toContainText("Social Media Marketing");
  await expect(other).toContainText("/social-media-marketing");
  await expect(other).toContainText("Google");
  await expect(other).toContainText("joined by hand");
  await expect(history.getByRole("listitem").nth(1)).toContainText(
    "Branding and Graphic Designs (this enquiry)",
  );
  await expect(history.getByRole("listitem").nth(1)).toContainText("Facebook");

  await expectNoAxeViolations(page);
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/enquiry-person-${width}.png`, fullPage: true });
    // Long addresses wrap: nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The inbox counts the person's enquiries.
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(`Person Peju ${run}`)}`);
  const rows = page.getByRole("row", { name: new RegExp(`Person Peju ${run}`) });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("2 from this person");

  // To the other enquiry by its link, then split it out by keyboard.
  await page.goto(`/admin/enquiries/${first._id}`);
  await history.getByRole("link", { name: "Social Media Marketing" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/enquiries/${second._id}$`));
  await expect(panel).toContainText("Social Media Marketing (this enquiry)");
  await panel.getByRole("button", { name: "Not the same person: split this enquiry out" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Split: this enquiry is now a person of its own.")).toBeVisible();
  await expect(panel).toContainText("No other enquiries from this person yet");
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await page.goto(`/admin/enquiries/${first._id}`);
  await expect(panel).toContainText("No other enquiries from this person yet");
});
