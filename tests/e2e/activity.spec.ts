import path from "node:path";
import Database from "better-sqlite3";
import { createAdmin } from "../support/server-process.ts";
import { adminToken, expect, expectNoAxeViolations, signIn, test as base } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";

// The Activity screen (issue 13): changes made in the back office are on record with who,
// what and the change, and the owner filters them by type and person. The audit log must
// hold only this test's writes, so each worker runs against a server of its own over a
// fresh database (the same build).

type Admin = { email: string; password: string };
interface ActivityServer {
  url: string;
  owner: Admin;
  colleague: Admin;
  editor: Admin;
}

const test = base.extend<object, { activityServer: ActivityServer }>({
  activityServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      await withOwnServer("activity", {}, async (server, dataDir) => {
        const owner = createAdmin(server.env, "owner@example.com");
        const colleague = createAdmin(server.env, "colleague@example.com");
        const editor = createAdmin(server.env, "editor@example.com");
        // An editor as an invitation would make one (the invitation is another screen's).
        const db = new Database(path.join(dataDir, "site.db"));
        try {
          db.prepare("update admins set role = 'editor' where email = ?").run(editor.email);
        } finally {
          db.close();
        }
        await use({ url: server.url, owner, colleague, editor });
      });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ activityServer }, use) => use(activityServer.url),
});

// One worker runs this file, in order: one server of its own instead of one per worker.
test.describe.configure({ mode: "default", timeout: 90_000 });

test("a price and an offer changed in the back office are on the Activity screen: who, what, before → after", async ({
  page,
  activityServer,
}) => {
  const { owner } = activityServer;
  await signIn(page, owner);

  // A price, as staff change one.
  await page.goto("/admin/prices");
  const amount = page.getByRole("spinbutton", { name: "grow-me" });
  const oldAmount = Number(await amount.inputValue());
  await amount.fill("123456");
  await page.getByRole("button", { name: "Save grow-me" }).click();
  await expect(page.getByText("Saved grow-me: N123,456")).toBeVisible();

  // A content item: the Page Revamp offer's amount.
  await page.goto("/admin/content/offers");
  await page.getByRole("link", { name: "Edit Page Revamp", exact: true }).click();
  const offerAmount = page.getByLabel("Amount");
  await expect(offerAmount).toHaveValue("N30,000");
  await offerAmount.fill("35000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "One-time offers" })).toBeVisible();

  await page.getByRole("link", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  const rows = page.getByRole("table", { name: "Activity" }).getByRole("row");
  // Newest first: the offer, then the price (row 0 is the header).
  const [offer, growMe] = [rows.nth(1), rows.nth(2)];
  await expect(offer.getByRole("cell").nth(1)).toHaveText(owner.email);
  await expect(offer.getByRole("cell").nth(2)).toHaveText("Updated offer");
  // Only the changed field; the arrow is read out as "changed to".
  const change = (from: string, to: string) => new RegExp(`^${from} →\\s*changed to ${to}$`);
  await expect(offer.getByRole("listitem")).toHaveText(change("Amount: N30,000", "N35,000"));
  await expect(offer.getByRole("link")).toHaveAttribute("href", /^\/admin\/content\/offers\/.+/);
  await expect(growMe.getByRole("cell").nth(1)).toHaveText(owner.email);
  await expect(growMe.getByRole("cell").nth(2)).toHaveText("Updated price");
  await expect(growMe.getByRole("link", { name: "grow-me" })).toHaveAttribute(
    "href",
    "/admin/prices",
  );
  const naira = (value: number) => `N${value.toLocaleString("en-US")}`;
  await expect(growMe.getByRole("listitem")).toHaveText(
    change(`Amount: ${naira(oldAmount)}`, "N123,456"),
  );
  await expect(growMe.locator("time")).toHaveText(/\d{4}, \d{1,2}:\d{2}\s[AP]M/);
  await expectNoAxeViolations(page);
});

test("the owner filters the activity by person and type (kept in the address) and loads more", async ({
  page,
  activityServer,
}) => {
  const { owner, colleague } = activityServer;
  // The colleague's writes, through the API as their own browser would make them: an offer,
  // and 51 price changes (more than a page).
  const headers = { authorization: `Bearer ${await adminToken(page.request, colleague)}` };
  const offers = (await (await page.request.get("/api/content/offers")).json()) as {
    _id: string;
    name: string;
  }[];
  const { _id: brandingId, ...branding } = offers.find((offer) => offer.name === "Branding")!;
  const saved = await page.request.put(`/api/content/offers/${brandingId}`, {
    headers,
    data: { ...branding, amount: 110000 },
  });
  expect(saved.ok()).toBe(true);
  for (let amount = 1; amount <= 51; amount++) {
    const price = await page.request.post("/api/prices", {
      headers,
      data: { key: "paging", amount },
    });
    expect(price.ok()).toBe(true);
  }

  await signIn(page, owner);
  await page.goto("/admin/activity");
  const rows = page.getByRole("table", { name: "Activity" }).getByRole("row");

  // By person: the colleague's 52 entries, 50 a page; "Load more" brings the rest.
  await page.getByLabel("Person").selectOption(colleague.email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\?actor=colleague%40example\.com$/);
  await expect(rows).toHaveCount(51);
  await expect(page.getByText("50 entries shown, more to load")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(53);
  await expect(rows.last()).toContainText("Updated offer");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(page.getByText("52 entries", { exact: true })).toBeFocused();

  // And by type: the offer alone; both filters survive a reload.
  await page.getByLabel("Type").selectOption({ label: "One-time offers" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(/Amount: N100,000 →\s*changed to N110,000/);
  await page.reload();
  await expect(page.getByLabel("Person")).toHaveValue(colleague.email);
  await expect(page.getByLabel("Type")).toHaveValue("content:offers");
  await expect(rows).toHaveCount(2);

  // Back: the person filter alone again, the selects too.
  await page.goBack();
  await expect(page.getByLabel("Type")).toHaveValue("");
  await expect(rows).toHaveCount(51);

  // Nothing of this person and type: the filters' empty state; Clear shows everyone.
  await page.goto("/admin/activity?actor=colleague%40example.com&type=content%3Afaq");
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByLabel("Person")).toHaveValue("");
  await expect(rows).toHaveCount(51);
});

test("an editor is told that only the owner can see the activity", async ({
  page,
  activityServer,
  allowConsoleErrors,
}) => {
  await signIn(page, activityServer.editor);
  await page.goto("/admin/activity");
  await expect(page.getByRole("alert")).toHaveText("Only the owner can see the activity.");
  await expect(page.getByRole("table")).toHaveCount(0);
  allowConsoleErrors(/status of 403/);
});

test("without mail: my name, an invitation's one-time link, names in the Activity, and Sign out everywhere asks first", async ({
  page,
  activityServer,
}) => {
  const { owner } = activityServer;
  await signIn(page, owner);
  await page.goto("/admin/account");
  await page.getByLabel("Your name", { exact: true }).fill("Adaeze Owner");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved.")).toBeVisible();

  // This server has no SMTP_URL: the owner gets the link, and no text says a mail went.
  await page.goto("/admin/staff");
  await page.getByLabel("Email", { exact: true }).fill("guest@example.com");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(/^No mail was sent: this site cannot send mail\./)).toBeVisible();
  await expect(page.getByLabel("One-time link for guest@example.com")).toHaveValue(
    /\/admin\/accept-invite#token=[\w-]{43}$/,
  );
  await expect(page.getByText(/Invitation sent/)).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: owner.email })).toContainText(
    "Adaeze Owner",
  );

  // The Activity names the person and the item, and fits the screen.
  await page.goto("/admin/activity?type=admin");
  const invited = page.getByRole("row").filter({ hasText: "Invited staff member" });
  await expect(invited.getByRole("cell").nth(1)).toHaveText(`Adaeze Owner${owner.email}`);
  await expect(invited.getByRole("cell").nth(3)).toHaveText("guest@example.com");
  await expect(invited.locator("time")).toHaveText(/\d{4}, \d{1,2}:\d{2}\s[AP]M \(Lagos time\)$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // The Mail screen says mail is off, and passes axe.
  await page.getByRole("link", { name: "Mail", exact: true }).click();
  await expect(page.getByText("Mail is not set up: the site sends no mail.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Sign out everywhere asks; Cancel has the focus, so Enter keeps the session.
  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Sign out everywhere?");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await nav.getByRole("button", { name: "Sign out everywhere" }).click();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
