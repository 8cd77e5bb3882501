import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { signInMessages } from "../../common/schemas/sign-in.ts";
import {
  createAdmin,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from "../support/server-process.ts";
import { expect, expectNoAxeViolations, test as base } from "./fixtures.ts";

// Passkeys in the browser (issue 34), with Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain): add one on My account, sign out, sign in with it (no e-mail
// typed), see it used, rename it, remove it, and see it refused. Passkeys need a domain
// name, so the server of this file is reached as http://localhost:<port>, its PUBLIC_ORIGIN.

interface PasskeyServer {
  url: string;
  admin: { email: string; password: string };
  env: NodeJS.ProcessEnv;
}

const test = base.extend<object, { passkeyServer: PasskeyServer }>({
  passkeyServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "agency-passkeys-"));
      let server: ServerProcess | undefined;
      try {
        server = await spawnServer(
          dataDir,
          {
            BUILD_DIR: process.env.E2E_SITE_BUILD ?? "",
            SEED_SAMPLE_CONTENT: "false",
            RATE_LIMIT_PER_MINUTE: "100000",
            PASSWORD_HASH_COST: "4",
          },
          undefined,
          { hostname: "localhost" },
        );
        await waitForHealth(server);
        const admin = createAdmin(server.env, "passkeys@agency.test");
        await use({ url: server.url, admin, env: server.env });
      } finally {
        if (server) {
          server.child.kill("SIGTERM");
          await new Promise((resolve) => server!.child.once("exit", resolve));
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
});

// One server for the file's tests: they run in one worker, one after the other.
test.describe.configure({ mode: "default" });

/** Chromium's virtual platform authenticator: resident keys, the person always verified. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      // A synced passkey, as a password manager's would be.
      defaultBackupEligibility: true,
      defaultBackupState: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A token of `admin` (whose password alone signs in) from this file's server. */
async function tokenAt(
  request: APIRequestContext,
  server: PasskeyServer,
  admin: { email: string; password: string } = server.admin,
): Promise<string> {
  const login = await request.post(`${server.url}/api/auth/login`, { data: admin });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

async function signInWithPassword(page: Page, server: PasskeyServer) {
  const token = await tokenAt(page.request, server);
  await page.goto(`${server.url}/admin/login`);
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
}

async function logout(page: Page) {
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

test("add a passkey, sign out, sign in with it without an e-mail, rename and remove it", async ({
  page,
  passkeyServer: server,
}, testInfo) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signInWithPassword(page, server);
  await page.goto(`${server.url}/admin/account`);
  const panel = page.getByRole("region", { name: "Passkeys" });
  await expect(panel.getByText("You have no passkeys yet.")).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`passkeys-empty-${width}.png`) });
  }
  await expectNoAxeViolations(page, { include: "section[aria-labelledby='passkeys-title']" });

  // The name suggested from the browser; typed over.
  const name = panel.getByLabel("Passkey name");
  await expect(name).toHaveValue(/^(Chrome|Browser)/);
  await name.fill("Work laptop");
  // The password again (issue 46): a signed-in browser alone adds no passkey.
  await panel.getByRole("button", { name: "Add a passkey" }).click();
  await expect(panel.getByText("Type your password.")).toBeVisible();
  await panel.getByLabel("Your password", { exact: true }).fill(server.admin.password);
  await panel.getByRole("button", { name: "Add a passkey" }).click();
  await expect(
    panel
      .getByRole("status")
      .getByText("Passkey “Work laptop” added. You can sign in with it now."),
  ).toBeVisible();
  const item = panel.getByRole("listitem").filter({ hasText: "Work laptop" });
  await expect(item).toContainText("Never used");
  await expect(item).toContainText("Synced");
  await expect(item).toContainText(/Added \w{3} \d{1,2}, \d{4}/);
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`passkeys-one-${width}.png`) });
  }
  await expectNoAxeViolations(page, { include: "section[aria-labelledby='passkeys-title']" });

  // Signed out, the passkey alone signs in: no e-mail, no password.
  await logout(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.url}/admin/account`);
  await expect(item).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);

  // Renamed in place.
  await item.getByRole("button", { name: "Rename the passkey Work laptop" }).click();
  const newName = panel.getByLabel("New name for “Work laptop”");
  await expect(newName).toBeFocused();
  await newName.fill("");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(panel.getByText("The name is required.")).toBeVisible();
  await newName.fill("Home laptop");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("status").getByText("Passkey renamed to “Home laptop”."),
  ).toBeVisible();
  const renamed = panel.getByRole("listitem").filter({ hasText: "Home laptop" });
  await expect(renamed).toBeVisible();

  // Removed after a confirmation: gone from the list, and it no longer signs in.
  await renamed.getByRole("button", { name: "Remove the passkey Home laptop" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Remove the passkey “Home laptop”?");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").getByText("Passkey “Home laptop” removed.")).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(0);
  await expect(panel.getByText("You have no passkeys yet.")).toBeVisible();

  await logout(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText(signInMessages.unknownPasskey);
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("a cancelled passkey prompt is a quiet note, not an error", async ({
  page,
  passkeyServer: server,
}) => {
  // An authenticator without a passkey of this site: the browser's prompt ends refused, as
  // when the person cancels it.
  await addVirtualAuthenticator(page);
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("Signing in with a passkey was cancelled.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a passkey added lately is offered for removal: signing out the other devices, and after a password link", async ({
  page,
  browser,
  passkeyServer: server,
}, testInfo) => {
  // A person whose browser someone else used to add a passkey, and an owner who helps.
  const person = createAdmin(server.env, `offer-${Date.now()}@agency.test`);
  const helper = server.admin;
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, { ...server, admin: person });
  // Another browser of theirs is signed in too.
  const other = await browser.newContext();
  const otherToken = await tokenAt(other.request, server, person);
  await page.goto(`${server.url}/admin/account`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill("Not mine");
  await passkeys.getByLabel("Your password", { exact: true }).fill(person.password);
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Not mine" })).toBeVisible();

  // The Devices panel: signing out the other devices offers the passkey added lately.
  const devices = page.getByRole("region", { name: "Devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await devices.getByRole("button", { name: "Sign out all other devices" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out the other device?" });
  await expect(dialog.getByText("Passkeys added in the last 12 hours")).toBeVisible();
  const tick = dialog.getByRole("checkbox", { name: /Remove “Not mine”/ });
  await expect(tick).not.toBeChecked();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page, { include: "dialog" });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`devices-offer-${width}.png`) });
  }
  await tick.check();
  await dialog
    .getByRole("button", { name: "Sign out other devices and remove the passkey" })
    .click();
  await expect(
    page
      .getByRole("status")
      .getByText(
        "Every other device is signed out. This one stays signed in. One passkey was removed.",
      ),
  ).toBeVisible();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  expect(
    (
      await other.request.get(`${server.url}/api/auth/me`, {
        headers: { authorization: `Bearer ${otherToken}` },
      })
    ).status(),
  ).toBe(401);
  await other.close();

  // A second passkey, then a password link from the owner: the reset page asks for the
  // passkey (the link alone signs nobody in), then offers to remove it.
  await passkeys.getByLabel("Passkey name").fill("Also not mine");
  await passkeys.getByLabel("Your password", { exact: true }).fill(person.password);
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Also not mine" })).toBeVisible();
  const helperToken = await tokenAt(page.request, server, helper);
  const ids = await page.request.get(`${server.url}/api/staff`, {
    headers: { authorization: `Bearer ${helperToken}` },
  });
  const { members } = (await ids.json()) as { members: { id: string; email: string }[] };
  const made = await page.request.post(
    `${server.url}/api/staff/reset-links/${members.find((m) => m.email === person.email)!.id}`,
    { headers: { authorization: `Bearer ${helperToken}` } },
  );
  const { link } = (await made.json()) as { link: string };
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("passwordpassword");
  await page.getByLabel("Confirm the new password", { exact: true }).fill("passwordpassword");
  await page.getByRole("button", { name: "Save the new password" }).click();
  // The rule is said beside the field.
  await expect(page.getByText(/on the lists of common and breached passwords/)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
  const fresh = "a lagos sunrise over the lagoon";
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(fresh);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeFocused();
  await expect(page.getByText("The link alone does not sign anyone in.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`reset-second-step-${width}.png`) });
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("You are signed in here.")).toBeVisible();
  const offer = page.getByRole("group", { name: /Passkeys added in the last 12 hours/ });
  await expect(offer.getByRole("checkbox")).toHaveCount(1);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`reset-offer-${width}.png`) });
  }
  await offer.getByRole("checkbox", { name: /Remove “Also not mine”/ }).check();
  await page.getByRole("button", { name: "Remove the ticked passkeys" }).click();
  await expect(
    page.getByText("Removed “Also not mine”: it no longer signs anyone in."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.url}/admin/account`);
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
});
