import { expect, expectNoAxeViolations, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";
import { startMailServer, type MailServer } from "../support/mail-server.ts";

// The Mail screen's mail server (issue 50, item 2): an owner saves one, "Send test message"
// shows that server's own answer; saved again with a second real SMTP server, the next test
// goes there, without a restart. A server of its own (the shared one has no mail).

const test = base.extend<object, { mailServer: SignedInServer }>({
  mailServer: [signedInServer("mail-server", "mail-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ mailServer }, use) => use(mailServer.url),
  storageState: async ({ mailServer }, use) => use(signedInState(mailServer)),
});

const SHOTS = "/work/shots/wt-4";

test("an owner sets the mail server, tests it, and switches to another without a restart", async ({
  page,
}) => {
  const servers: MailServer[] = [await startMailServer(), await startMailServer()];
  try {
    await page.goto("/admin/mail");
    const panel = page.getByRole("region", { name: "Mail server" });
    await expect(panel.getByText("Mail is not set up: the site sends no mail.")).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/mail-empty-${width}.png`, fullPage: true });
    }
    await expectNoAxeViolations(page);

    // A bad port is refused beside its field, nothing saved.
    await panel.getByLabel("Host").fill("127.0.0.1");
    await panel.getByLabel("Port").fill("70000");
    await panel.getByRole("button", { name: "Save mail server" }).click();
    await expect(panel.getByText("The port is a whole number from 1 to 65535.")).toBeVisible();

    const test = page.getByRole("region", { name: "Send a test message" });
    for (const [index, smtp] of servers.entries()) {
      await panel.getByLabel("Host").fill("127.0.0.1");
      await panel.getByLabel("Port").fill(String(smtp.port));
      await panel.getByLabel("Security").selectOption("none");
      await panel.getByLabel("Sender (From)").fill("website@agency.test");
      await panel.getByRole("button", { name: "Save mail server" }).click();
      await expect(
        page.getByText("Mail server saved: the site uses it from the next mail on."),
      ).toBeVisible();
      await expect(panel.getByText("Mail is set up: the site can send mail.")).toBeVisible();
      await expect(panel.getByLabel("Port")).toHaveValue(String(smtp.port));

      await test.getByLabel("Send to").fill(`check${index}@example.com`);
      await test.getByRole("button", { name: "Send test message" }).click();
      await expect(test.getByRole("status")).toContainText(
        `The mail server accepted the test message to check${index}@example.com.`,
      );
      await expect(test.getByRole("status")).toContainText(/Its answer: 250 /);
      await smtp.received(1);
      expect(smtp.inbox.map((mail) => mail.rcptTo)).toEqual([[`check${index}@example.com`]]);
    }
    expect(servers[0]!.inbox).toHaveLength(1);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/mail-set-${width}.png`, fullPage: true });
    }

    // The server goes away: the answer is the error, never a claimed send.
    await servers[1]!.close();
    await test.getByRole("button", { name: "Send test message" }).click();
    await expect(test.getByRole("alert")).toContainText(/Not sent: .*ECONNREFUSED/);
  } finally {
    for (const smtp of servers) await smtp.close();
  }
});
