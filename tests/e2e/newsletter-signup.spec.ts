import { randomBytes } from "node:crypto";
import { NEWSLETTER_CONSENT } from "../../common/newsletter.ts";
import { linkToken } from "../../server/modules/newsletter/links.ts";
import { startMailServer } from "../support/mail-server.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { statusOf, unique } from "./form-helpers.ts";
import { withOwnServer } from "./own-server.ts";

// The newsletter's sign-up and link pages in the browser (issue 32, decision 0036). The
// rules (same answer for a known address, confirm once, one-click) are in
// tests/api/newsletter*.test.ts; here, what a visitor sees.

test("the home box shows the consent wording and, without mail, says the visitor is subscribed", async ({
  page,
}) => {
  await page.goto("/");
  const box = page.locator("form#newsletter");
  await expect(box.getByText(NEWSLETTER_CONSENT)).toBeVisible();
  await box.getByLabel("Email address").fill(unique("news-consent"));
  await box.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(statusOf(box)).toContainText("Thank you for subscribing!");
});

test("with mail, the box asks to confirm; the unsubscribe link's button unsubscribes", async ({
  page,
}) => {
  const mail = await startMailServer();
  const secret = randomBytes(32).toString("hex");
  try {
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      MAIL_FROM: "news@agency.test",
      TOKEN_SECRET: secret,
    };
    await withOwnServer("newsletter", env, async (server) => {
      const email = unique("news-mail");
      await page.goto(`${server.url}/`);
      const box = page.locator("form#newsletter");
      await box.getByLabel("Email address").fill(email);
      await box.getByRole("button", { name: "Subscribe Now" }).click();
      await expect(statusOf(box)).toContainText(
        "Almost there! Check your inbox and confirm your subscription.",
      );
      // A second sign-up answers the same, with the subscriber's id.
      const again = await fetch(`${server.url}/api/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(again.status).toBe(202);
      const { _id } = (await again.json()) as { _id: string };

      await page.goto(
        `${server.url}/newsletter/unsubscribe/${linkToken(secret, "unsubscribe", _id)}`,
      );
      await expect(
        page.getByRole("heading", { name: "Unsubscribe from our newsletter" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(
        page.getByText("You’re unsubscribed. You won’t get our newsletter any more."),
      ).toBeVisible();
      // Away from the site before its server stops (its idle work would meet a closed port).
      await page.goto("about:blank");
    });
  } finally {
    await mail.close();
  }
});
