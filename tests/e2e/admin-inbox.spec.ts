import { readFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { createAdmin } from "../support/server-process.ts";
import { expect, signIn, test } from "./fixtures.ts";
import { adminApi, sendEnquiry, stamp } from "./fixtures/admin.ts";
import { withOwnServer } from "./own-server.ts";

// The enquiry inbox and the newsletter subscribers.

test("work an enquiry from the public API: unread, read, replied, CSV export of the filter", async ({
  page,
}) => {
  const name = `Inbox Tester ${stamp()}`;
  await sendEnquiry(page.request, {
    companyName: 'Csv, "Quoted" Ltd',
    name,
    options: ["Logo Design", "Flyer Design"],
  });
  await signIn(page);
  await page.goto("/admin/enquiries");
  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=Inbox\+Tester/);
  await expect(
    page.getByRole("navigation", { name: "Back office" }).getByText(/^\d+ unread$/),
  ).toBeVisible();
  let countings = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/contact/summary")) countings++;
  });
  const link = page.getByRole("link", { name: `${name} (unread)` });
  await expect(link).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("new");
  await link.click();

  await expect(page.getByRole("heading", { name })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  for (const text of [
    'Csv, "Quoted" Ltd',
    "inbox@example.com",
    "+2348031234567",
    "Logo Design, Flyer Design",
    "Branding and Graphic Designs",
  ]) {
    await expect(details.getByText(text, { exact: true })).toBeVisible();
  }
  // This server has no SMTP_URL: the page says no mail went out, in words.
  await expect(
    details.getByText("Mail is not configured: no notification e-mail is sent.", { exact: true }),
  ).toBeVisible();
  // Opening it marked it read, and the navigation counted the unread ones again.
  await expect(page.getByLabel("Status")).toHaveValue("read");
  await expect.poll(() => countings).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("link", { name: "Reply on WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/2348031234567",
  );
  const mail = page.getByRole("link", { name: "Reply by e-mail" });
  await expect(mail).toHaveAttribute("href", /^mailto:inbox@example\.com\?subject=Re%3A%20/);
  // A mailto: link opens the mail program; the page stays and marks the enquiry replied.
  await mail.evaluate((element) =>
    element.addEventListener("click", (event) => event.preventDefault()),
  );
  await mail.click();
  await expect(page.getByLabel("Status")).toHaveValue("replied");
  await page.getByLabel("Status").selectOption("read");
  await expect(page.getByText("Marked as read.")).toBeVisible();
  await page.getByLabel("Status").selectOption("replied");
  await expect(page.getByText("Marked as replied.")).toBeVisible();

  // Filters live in the address: a reload keeps them; the export follows them.
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(name)}&status=replied`);
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue(name);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("replied");
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines, csv).toHaveLength(2);
  expect(lines[0]).toBe(
    "Date,Status,Company Name,Name,Email,Phone Number,Options,Service Type,Package,Instagram,Website,Preferred Date,Message,Sent From,Referrer,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Service Name,Source Name",
  );
  expect(lines[1], csv).toContain(
    // The phone exactly as sent: it can run nothing, so it needs no guard (server/lib/csv.ts).
    `,replied,"Csv, ""Quoted"" Ltd",${name},inbox@example.com,+2348031234567,`,
  );
  expect(lines[1], csv).toContain("Logo Design");
  expect(lines[1], csv).toContain("Flyer Design");
});

test("Reply by e-mail writes to the enquirer alone, whatever their stored address holds", async ({
  page,
}) => {
  await withOwnServer("reply-link", {}, async (server, dataDir) => {
    // The form refuses such an address now; one stored before issue 46 still opens safely.
    const hostile = "ada@example.com?bcc=attacker@evil.test&subject=Won";
    const refused = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada Obi", email: hostile }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Please enter a valid email address.",
      fields: { email: "Please enter a valid email address." },
    });
    const sent = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada Obi", email: "ada@example.com" }),
    });
    const { _id: id } = (await sent.json()) as { _id: string };
    const db = new Database(path.join(dataDir, "site.db"));
    try {
      db.prepare("update enquiries set email = ? where id = ?").run(hostile, id);
    } finally {
      db.close();
    }
    const owner = createAdmin(server.env, "owner@example.com");
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(owner),
    });
    const { token } = (await login.json()) as { token: string };
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
    await page.goto(`${server.url}/admin/enquiries/${id}`);
    const reply = page.getByRole("link", { name: "Reply by e-mail" });
    await expect(reply).toBeVisible();
    // What the mail program is given, as the browser reads the link.
    const link = await reply.evaluate((element) => {
      const url = new URL((element as HTMLAnchorElement).href);
      return {
        to: decodeURIComponent(url.pathname),
        headers: [...url.searchParams.keys()],
        subject: url.searchParams.get("subject"),
      };
    });
    expect(link).toEqual({
      to: hostile,
      headers: ["subject"],
      subject: expect.stringMatching(/^Re: your enquiry to /),
    });
    // Off the back office before its server stops (it would fetch from a server gone).
    await page.goto("about:blank");
  });
});

test("paging, page size and filters survive a reload; spam stays out of the inbox; delete", async ({
  page,
}) => {
  const tag = `Pager${stamp()}`;
  for (let i = 1; i <= 27; i++) {
    await sendEnquiry(page.request, { name: `${tag} Person ${String(i).padStart(2, "0")}` });
  }
  await sendEnquiry(page.request, { name: `${tag} Robot`, faxNumber: "12345" });
  await signIn(page);
  await page.goto(`/admin/enquiries?q=${tag}`);
  await expect(page.getByText("27 enquiries")).toBeVisible();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  // Newest first.
  const rows = page.getByRole("table", { name: "Enquiries" }).getByRole("row");
  await expect(rows).toHaveCount(26);
  await expect(rows.nth(1)).toContainText(`${tag} Person 27`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows.nth(2)).toContainText(`${tag} Person 01`);
  await expect(page.getByRole("link", { name: new RegExp(`${tag} Robot`) })).toHaveCount(0);

  await page.getByLabel("Per page").selectOption("50");
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expect(rows).toHaveCount(28);

  await page.getByLabel("Status", { exact: true }).selectOption("spam");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=spam/);
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(page.getByText("1 enquiry", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: `${tag} Robot` }).click();
  await expect(page.getByLabel("Status")).toHaveValue("spam");
  await page.getByRole("button", { name: "Delete enquiry" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Are you sure you want to delete this enquiry?",
  });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Enquiry deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  const api = await adminApi(page.request);
  const left = await api.get(`/api/contact/?q=${tag}&status=all`);
  expect(left.headers()["x-total-count"]).toBe("27");
});

test("subscribers: list, search, CSV export and erase", async ({ page }) => {
  const email = `reader-${stamp()}@example.com`;
  expect((await page.request.post("/api/newsletter", { data: { email } })).status()).toBe(201);
  await signIn(page);
  await page.goto("/admin/subscribers");
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await page.getByLabel("Search subscribers").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=reader-/);
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
  await expect(page.getByText("1 subscriber", { exact: true })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Email,Subscribed,Status,Consent given,Consent source,Consent wording");
  expect(lines.slice(1)).toHaveLength(1);
  expect(lines[1]).toContain(email);

  await page.getByRole("button", { name: `Erase ${email}` }).click();
  const dialog = page.getByRole("dialog", {
    name: `Erase ${email}? The address and its history (consent, status, mails sent) are deleted for good.`,
  });
  await dialog.getByRole("button", { name: "Erase" }).click();
  await expect(page.getByText("Subscriber erased.")).toBeVisible();
  await expect(page.getByText("No subscribers match.")).toBeVisible();
});

test("subscribers: pages and page size in the address, a search starts at page 1, an erasure keeps the page", async ({
  page,
}) => {
  const tag = `pager${stamp()}`;
  const emails = Array.from(
    { length: 27 },
    (_, i) => `${tag}-${String(i + 1).padStart(2, "0")}@example.com`,
  );
  // One at a time, so each is newer than the one before.
  for (const email of emails) {
    expect((await page.request.post("/api/newsletter", { data: { email } })).status()).toBe(201);
  }
  await signIn(page);
  await page.goto(`/admin/subscribers?q=${tag}`);
  await expect(page.getByText("27 subscribers", { exact: true })).toBeVisible();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  const rows = page.getByRole("table", { name: "Subscribers" }).getByRole("row");
  await expect(rows).toHaveCount(26);
  // Newest first.
  await expect(rows.nth(1)).toContainText(emails[26]!);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows.nth(2)).toContainText(emails[0]!);

  // An erasure reloads the same page.
  await page.getByRole("button", { name: `Erase ${emails[0]}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Erase" }).click();
  await expect(page.getByText("Subscriber erased.")).toBeVisible();
  await expect(page.getByText("26 subscribers", { exact: true })).toBeVisible();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Newsletter subscribers" })).toBeFocused();

  await page.getByLabel("Per page").selectOption("50");
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expect(rows).toHaveCount(27);

  // A new search starts at page 1 and keeps the page size.
  await page.goto(`/admin/subscribers?q=${tag}&page=2&pageSize=25`);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await page.getByLabel("Search subscribers").fill(`${tag}-1`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}-1&pageSize=25$`));
  await expect(page.getByText("10 subscribers", { exact: true })).toBeVisible();
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
});
