import { randomUUID } from "node:crypto";
import { createAdmin } from "../support/server-process.ts";
import { adminToken, expect, test } from "./fixtures.ts";

// The Devices panel of My account (issue 34): every session of mine, ending one from another
// browser (its next call answers 401 and it lands on the sign-in page), and Logout ending
// this session on the server, not only in the browser. A fresh account on the shared server,
// so the shared admins' sessions are left alone.

test("a session ended from another browser is signed out there; Logout ends its session", async ({
  browser,
  page,
}) => {
  const admin = createAdmin(
    {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: "",
      PASSWORD_HASH_COST: "4",
    },
    `devices-${randomUUID().slice(0, 8)}@agency.test`,
  );

  // The other browser: a phone, signed in first.
  const phone = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  });
  const phonePage = await phone.newPage();
  const phoneToken = await adminToken(phonePage.request, admin);
  await phonePage.goto("/admin/login");
  await phonePage.evaluate((value) => localStorage.setItem("adminToken", value), phoneToken);
  await phonePage.goto("/admin/dashboard");
  await expect(phonePage.getByRole("heading", { level: 1 })).toBeVisible();

  // This browser: My account lists both, this one marked.
  const token = await adminToken(page.request, admin);
  await page.goto("/admin/login");
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
  await page.goto("/admin/account");
  const devices = page.getByRole("region", { name: "Devices" });
  const rows = devices.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(devices.getByText("This device", { exact: true })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: "Chrome 131 on Android 14" });
  await expect(phoneRow).toContainText("Network 127.0.0.0/24");

  await phoneRow
    .getByRole("button", { name: /^End the session on Chrome 131 on Android 14/ })
    .click();
  await page.getByRole("button", { name: "End session", exact: true }).click();
  await expect(page.getByText("Session on Chrome 131 on Android 14 ended.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(devices.getByRole("button", { name: "Sign out all other devices" })).toHaveCount(0);

  // The phone's next step in the back office answers 401: it is on the sign-in page.
  await phonePage.goto("/admin/enquiries");
  await expect(phonePage).toHaveURL(/\/admin\/login\?expired=1$/);
  await expect(phonePage.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  expect(await phonePage.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  await phone.close();

  // Logout here ends this session on the server: the token no longer works anywhere.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect
    .poll(async () =>
      (
        await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    )
    .toBe(401);
});
