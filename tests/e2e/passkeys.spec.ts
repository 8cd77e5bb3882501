import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
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
        await use({ url: server.url, admin });
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

async function signInWithPassword(page: Page, server: PasskeyServer) {
  const login = await page.request.post(`${server.url}/api/auth/login`, { data: server.admin });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
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
