import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createAdmin } from "../support/server-process.ts";
import { expect, expectNoAxeViolations, test as base } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";

// Two-step sign-in in the browser (issue 34): the authenticator app set up on My account,
// signing in with a code and with a recovery code, and the owners' requirement holding an
// editor on the set-up screen. The requirement changes every sign-in of a server, so these
// run on a server of their own, in order, with fresh accounts.

interface Server {
  url: string;
  env: NodeJS.ProcessEnv;
}

const test = base.extend<object, { twoStepServer: Server }>({
  twoStepServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      await withOwnServer("two-step", {}, async (server) => {
        await use({ url: server.url, env: server.env });
      });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ twoStepServer }, use) => use(twoStepServer.url),
});

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** The code an authenticator app shows `ahead` steps from now. */
const codeOf = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead * 30_000 });

async function passwordScreen(page: Page, admin: { email: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

let owner: { email: string; password: string };
let recoveryCodes: string[] = [];

test("an authenticator app set up on My account; then a code, a recovery code once", async ({
  page,
  twoStepServer,
}, testInfo) => {
  owner = createAdmin(twoStepServer.env, "two-step-owner@agency.test");
  await passwordScreen(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/account");
  const panel = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(panel.getByText("Authenticator app: not set up")).toBeVisible();
  await panel.getByRole("button", { name: "Set up authenticator app" }).click();
  // The password first (issue 46): a signed-in browser alone adds no app.
  const password = panel.getByLabel("Your password", { exact: true });
  await expect(password).toBeFocused();
  await password.fill("not the password");
  await panel.getByRole("button", { name: "Show the QR code" }).click();
  await expect(panel.getByText("The current password is wrong.")).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`app-password-again-${width}.png`) });
  }
  await password.fill(owner.password);
  await panel.getByRole("button", { name: "Show the QR code" }).click();
  await expect(panel.getByRole("img", { name: /QR code/ })).toBeVisible();
  const panelOnly = { include: 'section[aria-labelledby="two-step-title"]' };
  await expectNoAxeViolations(page, panelOnly);
  const secret = (await panel.locator("[data-secret]").getAttribute("data-secret"))!;
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await panel.getByLabel("Code from the app").fill("000000");
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByText("That code is not right.")).toBeVisible();
  await panel.getByLabel("Code from the app").fill(codeOf(secret));
  await panel.getByRole("button", { name: "Turn on" }).click();
  const list = panel.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  recoveryCodes = await list.getByRole("listitem").allTextContents();
  await expectNoAxeViolations(page, panelOnly);
  await panel.getByRole("button", { name: "I have saved them" }).click();
  await expect(panel.getByText("Authenticator app turned on.")).toBeVisible();
  await expect(panel.getByText("10 recovery codes left")).toBeVisible();
  await signOut(page);

  // The password, then the app's code (the next step's: the confirming one is used).
  await passwordScreen(page, owner);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel("Code from your authenticator app").fill(codeOf(secret, 1));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);

  // A recovery code works once.
  for (const attempt of ["first", "again"]) {
    await passwordScreen(page, owner);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    if (attempt === "first") {
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await signOut(page);
    } else {
      await expect(page.getByRole("alert")).toHaveText(
        "That code is not right. Check the code and try again.",
      );
      await page.getByRole("button", { name: "Back to the password" }).click();
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    }
  }
});

test("a password link to an account with an app: the reset page asks for the second step", async ({
  page,
  twoStepServer,
}, testInfo) => {
  // Another owner makes the "Password link" (no mail on this server: it is handed over).
  const helper = createAdmin(twoStepServer.env, "two-step-helper@agency.test");
  const login = await page.request.post("/api/auth/login", { data: helper });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const staff = (await (await page.request.get("/api/staff", { headers })).json()) as {
    members: { id: string; email: string }[];
  };
  const id = staff.members.find((member) => member.email === owner.email)!.id;
  const made = await page.request.post(`/api/staff/reset-links/${id}`, { headers });
  const { link } = (await made.json()) as { link: string };

  await page.goto(link);
  const password = "an owner's brand new passphrase";
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Save the new password" }).click();
  // The password is set, but nobody is signed in until the second step.
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeFocused();
  await expect(page.getByRole("status")).toContainText("Your password is changed");
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  owner = { ...owner, password };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`reset-code-${width}.png`) });
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[2]!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("You are signed in here.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).not.toBeNull();
  await page.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);
});

test("owners require a second step: a new editor is held on the set-up screen", async ({
  page,
  browser,
  twoStepServer,
}, testInfo) => {
  // The owner signs in with another recovery code and turns the requirement on.
  await passwordScreen(page, owner);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[1]!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/staff");
  const panel = page.getByRole("region", { name: "Sign-in security" });
  await panel.getByLabel("Require a second step for everyone").check();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(panel.getByRole("status")).toContainText("A second step is now required");

  const editor = { email: "two-step-editor@agency.test", password: "an editor's own password 7" };
  const made = spawnSync(
    process.execPath,
    ["scripts/admin.ts", "create", "--email", editor.email, "--role", "editor", "--password-stdin"],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: twoStepServer.env,
      input: editor.password,
    },
  );
  expect(made.status).toBe(0);
  const otherContext = await browser.newContext({ baseURL: twoStepServer.url });
  const other = await otherContext.newPage();
  await passwordScreen(other, editor);
  await expect(other).toHaveURL(/\/admin\/second-step$/);
  await expect(other.getByRole("heading", { name: "Set up a second step" })).toBeVisible();
  await expect(other.getByText("Your team requires a second step")).toBeVisible();
  await expectNoAxeViolations(other);
  await other.goto("/admin/dashboard");
  await expect(other).toHaveURL(/\/admin\/second-step$/);
  // Setting up the app lets them in.
  await other.getByRole("button", { name: "Set up authenticator app" }).click();
  for (const width of [375, 1280]) {
    await other.setViewportSize({ width, height: 900 });
    await other.screenshot({
      path: testInfo.outputPath(`setup-password-${width}.png`),
      fullPage: true,
    });
  }
  await other.getByLabel("Your password", { exact: true }).fill(editor.password);
  await other.getByRole("button", { name: "Show the QR code" }).click();
  const secret = (await other.locator("[data-secret]").getAttribute("data-secret"))!;
  await other.getByLabel("Code from the app").fill(codeOf(secret));
  await other.getByRole("button", { name: "Turn on" }).click();
  await other.getByRole("button", { name: "I have saved them" }).click();
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other).toHaveURL(/\/admin\/dashboard$/);
  await expect(other.getByRole("navigation", { name: "Back office" })).toBeAttached();
  await otherContext.close();

  // Off again.
  await panel.getByLabel("Require a second step for everyone").uncheck();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(panel.getByRole("status")).toContainText("no longer required");
});
