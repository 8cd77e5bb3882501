import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import type { Page } from "@playwright/test";
import { startMailServer } from "../support/mail-server.ts";
import { createAdmin } from "../support/server-process.ts";
import { expect, expectNoAxeViolations, signIn, test as base } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";

// Staff accounts in the browser (issue 13). These tests make, change and remove accounts,
// so each worker runs them against a server of its own, over a fresh database, mailing
// through a real SMTP server in the worker: the links are read from the mails it receives.

interface StaffServer {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  mail: Awaited<ReturnType<typeof startMailServer>>;
}

const test = base.extend<object, { staffServer: StaffServer }>({
  staffServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const mail = await startMailServer();
      try {
        const env = { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: "website@agency.test" };
        await withOwnServer("staff", env, async (server, dataDir) => {
          await use({ url: server.url, dataDir, env: server.env, mail });
        });
      } finally {
        await mail.close();
      }
    },
    { scope: "worker" },
  ],
  baseURL: async ({ staffServer }, use) => use(staffServer.url),
});

const read = new WeakSet<object>();

/** The link of the next unread mail to `email` (waits for it) in the SMTP server's inbox. */
async function mailedLink(server: StaffServer, email: string, route: string): Promise<string> {
  const unread = () => server.mail.inbox.filter((m) => m.rcptTo.includes(email) && !read.has(m));
  await expect.poll(() => unread().length).toBeGreaterThan(0);
  const entry = unread()[0]!;
  read.add(entry);
  const pattern = new RegExp(`${server.url.replace(/\./g, "\\.")}${route}#token=[\\w-]+`);
  const link = pattern.exec(entry.mail.text ?? "")?.[0];
  expect(link, entry.mail.text).toBeTruthy();
  return link!;
}

// One worker runs this file, in order: one server (and mail server) of its own, not one per
// worker. Each test hashes several passwords (scrypt) on it: room for a busy machine.
test.describe.configure({ mode: "default", timeout: 120_000 });

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office" });

test("a forgotten password is reset by the mailed link, which works once; an expired link is refused", async ({
  page,
  browser,
  staffServer,
}) => {
  const admin = createAdmin(staffServer.env, "forgetful@example.com");
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If an account exists for that e-mail, we have sent a link to reset the password. It expires in 1 hour.",
  );

  const link = await mailedLink(staffServer, admin.email, "/admin/reset-password");
  await page.goto(link);
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/admin\/reset-password$/);
  const newPassword = "a fresh password for ada";
  await page.getByLabel("New password", { exact: true }).fill("too short");
  await page.getByLabel("Confirm the new password", { exact: true }).fill("too short");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The password must be at least 12 characters.")).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your password is changed" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The same link again, in another browser: refused.
  const other = await browser.newContext({ baseURL: staffServer.url });
  const second = await other.newPage();
  await second.goto(link);
  await second.getByLabel("New password", { exact: true }).fill("yet another password");
  await second.getByLabel("Confirm the new password", { exact: true }).fill("yet another password");
  await second.getByRole("button", { name: "Save the new password" }).click();
  await expect(second.getByRole("alert")).toContainText(
    "This link has expired or has already been used. Ask for a new one.",
  );

  // A fresh link whose hour has passed: refused too.
  const asked = await second.request.post("/api/auth/forgot-password", {
    data: { email: admin.email },
  });
  expect(asked.status()).toBe(200);
  const late = await mailedLink(staffServer, admin.email, "/admin/reset-password");
  const db = new BetterSqlite3(path.join(staffServer.dataDir, "site.db"));
  try {
    db.prepare("update admin_tokens set expires_at = ? where email = ? and used_at is null").run(
      new Date(Date.now() - 60_000).toISOString(),
      admin.email,
    );
  } finally {
    db.close();
  }
  // Opened from the mail: a new tab.
  const third = await other.newPage();
  await third.goto(late);
  await third.getByLabel("New password", { exact: true }).fill("yet another password");
  await third.getByLabel("Confirm the new password", { exact: true }).fill("yet another password");
  await third.getByRole("button", { name: "Save the new password" }).click();
  await expect(third.getByRole("alert")).toContainText(
    "This link has expired or has already been used. Ask for a new one.",
  );
  await other.close();
  // The password set by the link is the one that works.
  expect(
    (
      await page.request.post("/api/auth/login", {
        data: { email: admin.email, password: newPassword },
      })
    ).status(),
  ).toBe(200);
});

test("the owner invites an editor, who accepts, signs in, and is kept out of the staff screens", async ({
  page,
  browser,
  staffServer,
}) => {
  const owner = createAdmin(staffServer.env, "owner@example.com");
  await signIn(page, owner);
  await page.goto("/admin/staff");
  await expect(nav(page).getByRole("link", { name: "Staff" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Activity" })).toBeVisible();
  const email = "ngozi.editor@example.com";
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const invitations = page.getByRole("table", { name: "Open invitations" });
  await expect(invitations.getByRole("row").filter({ hasText: email })).toContainText("Editor");
  await expectNoAxeViolations(page);

  const link = await mailedLink(staffServer, email, "/admin/accept-invite");
  const editorContext = await browser.newContext({ baseURL: staffServer.url });
  const editor = await editorContext.newPage();
  await editor.goto(link);
  const password = "ngozi edits the posts";
  await editor.getByLabel("Your name", { exact: true }).fill("Ngozi Okafor");
  await editor.getByLabel("Password", { exact: true }).fill(password);
  await editor.getByLabel("Confirm the password", { exact: true }).fill(password);
  await editor.getByRole("button", { name: "Make my account" }).click();
  await expect(editor).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });

  // Signed out with the back office's button, then in again with the login form. (Clearing
  // the storage while the dashboard still loaded made its next call a 401, whose move to the
  // sign-in page aborted the test's own.)
  await expect(nav(editor).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await editor.getByRole("button", { name: "Logout" }).click();
  await expect(editor).toHaveURL(/\/admin\/login$/);
  await editor.getByLabel("Email", { exact: true }).fill(email);
  await editor.getByLabel("Password", { exact: true }).fill(password);
  const me = editor.waitForResponse((response) => response.url().endsWith("/api/auth/me"));
  await editor.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);
  expect((await (await me).json()).role).toBe("editor");
  await expect(nav(editor).getByRole("link", { name: "My account" })).toBeVisible();
  await expect(nav(editor).getByRole("link", { name: "Staff" })).toHaveCount(0);
  await expect(nav(editor).getByRole("link", { name: "Activity" })).toHaveCount(0);
  await editor.goto("/admin/staff");
  await expect(editor.getByRole("alert")).toHaveText("Only the owner can manage staff accounts.");
  await editor.goto("/admin/account");
  await expect(editor.getByText("Ngozi Okafor")).toBeVisible();
  await expect(editor.getByText("Editor", { exact: true })).toBeVisible();
  // The weekly traffic report is for owners: an editor has no switch for it.
  await expect(editor.getByRole("checkbox", { name: /weekly traffic report/ })).toHaveCount(0);

  // The owner sees the new person and removes them; their session ends.
  await page.reload();
  const row = page
    .getByRole("table", { name: "People with an account" })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(row).toContainText("Ngozi Okafor");
  await row.getByRole("button", { name: /^Remove/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Account removed.")).toBeVisible();
  await expect(row).toHaveCount(0);
  await editor.goto("/admin/account");
  await expect(editor).toHaveURL(/\/admin\/login\?expired=1$/);
  await editorContext.close();
});

test("changing my password needs the current one and keeps this browser signed in", async ({
  page,
  staffServer,
}) => {
  const admin = createAdmin(staffServer.env, "changer@example.com");
  const oldToken = await signIn(page, admin);
  await page.goto("/admin/account");
  await expect(page.getByText(admin.email)).toBeVisible();
  await expect(page.getByText("Owner", { exact: true })).toBeVisible();

  const newPassword = "my own new password";
  await page.getByLabel("Current password", { exact: true }).fill("not the password at all");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is wrong.")).toBeVisible();
  await expect(page.getByLabel("Current password", { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(/\/admin\/account$/);

  await page.getByLabel("Current password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed.")).toBeVisible();
  await expect(page.getByLabel("Current password", { exact: true })).toHaveValue("");

  // The old token is refused everywhere; this browser carries on with its new one.
  const old = await page.request.get("/api/auth/me", {
    headers: { authorization: `Bearer ${oldToken}` },
  });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(page.getByText(admin.email)).toBeVisible();
  const login = await page.request.post("/api/auth/login", {
    data: { email: admin.email, password: newPassword },
  });
  expect(login.status()).toBe(200);
});
