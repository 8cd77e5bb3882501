import type { Page } from "@playwright/test";
import { startMailServer } from "../support/mail-server.ts";
import { createAdmin } from "../support/server-process.ts";
import { adminToken, expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";
import { stamp } from "./fixtures/admin.ts";
import { withOwnServer } from "./own-server.ts";

// The newsletter in the back office (issue 32): the subscribers screen (status, consent,
// filter, import) and the Newsletter screen (compose, preview, confirm, progress). Sending
// needs mail, so those tests run on a server of their own mailing a real SMTP server in the
// worker; the shared server has no mail, and its screens must say so.

interface MailServer {
  url: string;
  admin: { email: string; password: string };
  mail: Awaited<ReturnType<typeof startMailServer>>;
}

const mailTest = test.extend<object, { mailServer: MailServer }>({
  mailServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const mail = await startMailServer();
      try {
        const env = { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: "news@agency.test" };
        await withOwnServer("newsletter", env, async (server) => {
          await use({ url: server.url, admin: createAdmin(server.env, "owner@example.com"), mail });
        });
      } finally {
        await mail.close();
      }
    },
    { scope: "worker" },
  ],
  baseURL: async ({ mailServer }, use) => use(mailServer.url),
});

// One worker runs this file, in order: one server (and mail server) of its own.
test.describe.configure({ mode: "default" });

/** A CSV file as the import takes it: a header row, then one line per row. */
const csv = (...lines: string[]) => Buffer.from(`${["email,consent", ...lines].join("\n")}\n`);

/** Imports confirmed subscribers through the API, as the owner. */
async function importRows(page: Page, admin: MailServer["admin"], lines: string[]) {
  const token = await adminToken(page.request, admin);
  const response = await page.request.post("/api/newsletter/import", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: "list.csv", mimeType: "text/csv", buffer: csv(...lines) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { added: number };
}

mailTest(
  "a message of its own: preview, confirm, progress to Done, one mail to each confirmed subscriber",
  async ({ page, mailServer, allowConsoleErrors }) => {
    mailTest.slow();
    // Playwright tries to run its own script in every frame, and Chromium logs the sandbox's
    // refusal as an error (microsoft/playwright#33343); a visitor's browser logs nothing.
    // The preview's sandbox lets no script run in the mail (it allows only the same origin).
    allowConsoleErrors(
      /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
    );
    const tag = `send${stamp()}`;
    const readers = [1, 2, 3].map((i) => `${tag}-${i}@example.com`);
    expect(
      (
        await importRows(
          page,
          mailServer.admin,
          readers.map((email) => `${email},At our stand`),
        )
      ).added,
    ).toBe(3);
    await signIn(page, mailServer.admin);

    await page.goto("/admin/newsletter");
    await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Compose" })).toBeVisible();
    await expect(page.getByLabel("Mails per minute")).toHaveValue("600");
    await expectNoAxeViolations(page);

    const subject = `Harmattan tips ${tag}`;
    await page.getByLabel("A message of its own").check();
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Body").fill("# Stay ahead\nKeep your **brand** in view.");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    // Its srcdoc is read, not the frame's inside: the sandbox lets no script in, not even the
    // test runner's, and Chromium logs each attempt as a console error.
    await expect(
      page.getByTitle(`Preview of the mail “${subject}”`, { exact: true }),
    ).toHaveAttribute("srcdoc", /Stay ahead/);
    await page.getByText("Text version").click();
    // The text part writes a heading in capitals, as plain-text mail shows headings.
    await expect(page.locator("pre")).toContainText("STAY AHEAD");

    // A test goes to the signed-in person's address, offered, or a colleague's: no one else.
    const to = page.getByLabel("Send a test to");
    await expect(to).toHaveValue(mailServer.admin.email);
    await expect(to).toHaveAccessibleDescription(
      "A test goes to a staff address only: yours or a colleague's.",
    );
    await to.fill("someone.else@example.com");
    await page.getByRole("button", { name: "Send a test" }).click();
    await expect(
      page.getByText("Not sent: A test goes to a staff address only: yours or a colleague's."),
    ).toBeVisible();
    await to.fill(mailServer.admin.email);
    await page.getByRole("button", { name: "Send a test" }).click();
    await expect(
      page.getByText(`The mail server accepted the test to ${mailServer.admin.email}.`),
    ).toBeVisible();
    await expect
      .poll(() => mailServer.mail.inbox.some((entry) => entry.mail.subject === `[Test] ${subject}`))
      .toBe(true);

    // Every confirmed subscriber of this server: the three imported here (its own database).
    await page.getByRole("button", { name: "Send…" }).click();
    const dialog = page.getByRole("dialog", {
      name: `Send “${subject}” to 3 confirmed subscribers?`,
    });
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/sends\/[^/]+$/);
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByText("Done: 3 sent, 0 failed.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("progressbar", { name: "Progress" })).toHaveJSProperty("value", 3);

    // The send's mails (the test above went as "[Test] …").
    const sent = () => mailServer.mail.inbox.filter((entry) => entry.mail.subject === subject);
    await expect.poll(() => sent().length).toBe(3);
    expect(
      sent()
        .flatMap((entry) => entry.rcptTo)
        .sort(),
    ).toEqual(readers);

    // The list shows the send, done, with its numbers, and leads back to its progress.
    await page.getByRole("link", { name: "Back to the newsletter" }).click();
    const row = page.getByRole("table", { name: "Sends" }).getByRole("row").filter({
      hasText: subject,
    });
    await expect(row).toContainText("Done");
    await expect(row).toContainText("3 sent, 0 failed, 0 waiting, of 3");
  },
);

mailTest(
  "subscribers: status filter in the address, consent shown, CSV import with a refused line",
  async ({ page, mailServer }) => {
    const tag = `imp${stamp()}`;
    // With mail set up a sign-up waits for its confirmation: pending.
    const pending = `${tag}-pending@example.com`;
    expect(
      (
        await page.request.post("/api/newsletter", { data: { email: pending, source: "/blog" } })
      ).status(),
    ).toBe(202);
    await signIn(page, mailServer.admin);
    await page.goto(`/admin/subscribers?q=${tag}`);
    await expect(page.getByText("1 subscriber", { exact: true })).toBeVisible();
    // Double opt-in works here: no notice that it is off.
    await expect(page.getByText("Double opt-in is off")).toHaveCount(0);
    const rows = page.getByRole("table", { name: "Subscribers" }).getByRole("row");
    await expect(rows.nth(1).getByRole("cell").nth(1)).toContainText("Pending");

    await page.getByLabel("CSV file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: csv(
        `${tag}-a@example.com,Met at the Lagos workshop`,
        "not-an-email,Signed the sheet",
        `${tag}-b@example.com,Met at the Lagos workshop`,
      ),
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Added 2, unchanged 0, refused 1.")).toBeVisible();
    await expect(page.getByText(/^Line 3: Not a valid e-mail address/)).toBeVisible();
    await expect(page.getByText("3 subscribers", { exact: true })).toBeVisible();

    await page.getByLabel("Status").selectOption("confirmed");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&status=confirmed&pageSize=25$`));
    await expect(page.getByText("2 subscribers", { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: pending })).toHaveCount(0);
    const imported = rows.filter({ hasText: `${tag}-a@example.com` });
    await expect(imported).toContainText("Confirmed");
    await imported.getByText("Wording").click();
    await expect(imported).toContainText("Met at the Lagos workshop");
    await page.reload();
    await expect(page.getByLabel("Status")).toHaveValue("confirmed");
    await expect(page.getByText("2 subscribers", { exact: true })).toBeVisible();
  },
);

test("without mail: the Newsletter screen says sending needs mail, the subscribers screen that double opt-in is off", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/newsletter");
  await expect(page.getByText(/^Sending needs mail: no mail server is set up/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Mail screen" })).toHaveAttribute(
    "href",
    "/admin/mail",
  );
  await expect(page.getByRole("button", { name: "Send…" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Sends" })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/admin/subscribers");
  await expect(page.getByText("Double opt-in is off: mail is not set up.")).toBeVisible();
  await expect(page.getByText(/until SMTP_URL is set/)).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

mailTest(
  "the post editor offers 'Send as newsletter': the Newsletter screen opens with that post chosen",
  async ({ page, mailServer }) => {
    const token = await adminToken(page.request, mailServer.admin);
    const title = `Post to mail ${stamp()}`;
    const made = await page.request.post("/api/blogs", {
      headers: { authorization: `Bearer ${token}` },
      multipart: { title, content: "One point.", bg: "#ffffff" },
    });
    expect(made.status()).toBe(201);
    const { _id: id } = (await made.json()) as { _id: string };
    await signIn(page, mailServer.admin);
    await page.goto(`/admin/edit/${id}`);
    await page
      .getByRole("group", { name: "Publishing" })
      .getByRole("link", { name: "Send as newsletter" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/newsletter\\?post=${id}$`));
    await expect(page.getByLabel("A post")).toBeChecked();
    await expect(page.getByLabel("Post", { exact: true })).toHaveValue(id);
    await expect(page.getByLabel("Subject (optional)")).toHaveAttribute("placeholder", title);
  },
);
