import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { defaultIdentity, type SiteIdentity } from "../../common/identity.ts";
import type { MailOverview } from "../../common/schemas/mail.ts";
import { down, up } from "../../server/db/migrations/0036-policy-name-placeholder.ts";
import { useMailServer } from "../support/mail-server.ts";
import { call, createTestApp, useTestApp, waitFor, type TestApp } from "./helpers.ts";

// Issue 47: the stored identity is the one owner of the agency's name and colours. The
// privacy policy's "Who We Are" names it by {name} (migration 0036 rewrites the seeded text,
// never a text staff changed); the Mail screen's test message, the auto-reply's default and
// the newsletter's confirmation name the stored identity and use its colours.

const BUILT_IN = /Brightlane/i;
const renamed: SiteIdentity = {
  ...defaultIdentity,
  name: "Lagos Bloom Media",
  shortName: "Bloom",
  primaryColour: "#1b5e20",
  accentColour: "#ffb300",
};

async function whoWeAre(t: TestApp): Promise<{ id: string; body: string }> {
  const rows = await t.app.services.database.db
    .selectFrom("content_items")
    .select(["id", "data"])
    .where("type", "=", "policy-sections")
    .execute();
  const found = rows
    .map((row) => ({ id: row.id, ...(JSON.parse(row.data) as { title: string; body: string }) }))
    .find((section) => section.title === "Who We Are")!;
  return { id: found.id, body: found.body };
}

async function rename(t: TestApp): Promise<Record<string, string>> {
  const headers = await t.adminHeaders();
  const saved = await call(t.app, {
    method: "PUT",
    url: "/api/identity",
    headers,
    payload: renamed,
  });
  expect(saved.status).toBe(200);
  return headers;
}

describe("migration 0036: the policy names the agency by {name}", () => {
  it("a new install has the placeholder; a seeded text gets it; a changed text stays", async () => {
    const t = await createTestApp();
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    const fresh = await whoWeAre(t);
    expect(fresh.body).toMatch(/^\{name\} is a digital marketing and advertising agency/);

    // A site as it was before: the built-in name in the words.
    await down(db);
    expect((await whoWeAre(t)).body).toMatch(/^Brightlane Digital is a digital marketing/);
    await up(db);
    await up(db);
    expect((await whoWeAre(t)).body).toBe(fresh.body);

    // Staff wrote their own words: the migration leaves them.
    const own = "We are a small studio in Ibadan.";
    await t.app.services.database.db
      .updateTable("content_items")
      .set({ data: JSON.stringify({ title: "Who We Are", body: own }) })
      .where("id", "=", fresh.id)
      .execute();
    await down(db);
    await up(db);
    expect((await whoWeAre(t)).body).toBe(own);
  });
});

describe("mails name the stored identity", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({
    ...smtp.env(),
    MAIL_FROM: "website@agency.test",
    PUBLIC_ORIGIN: "https://agency.test",
  }));

  it("the auto-reply's default and the test message: the built-in name, then the stored one", async () => {
    const before = await call<MailOverview>(t.app, {
      method: "GET",
      url: "/api/mail",
      headers: await t.adminHeaders(),
    });
    expect(before.body.autoReply.subject).toBe("Thank you for contacting Brightlane Digital");

    const headers = await rename(t);
    const overview = await call<MailOverview>(t.app, { method: "GET", url: "/api/mail", headers });
    expect(overview.body.autoReply).toEqual({
      enabled: false,
      subject: "Thank you for contacting Lagos Bloom Media",
      text: "Hello {name},\n\nThank you for your enquiry. We have received it and will get back to you as soon as we can.\n\nLagos Bloom Media",
    });
    const start = smtp.inbox.length;
    const test = await call(t.app, {
      method: "POST",
      url: "/api/mail/test",
      headers,
      payload: { to: "check@example.com" },
    });
    expect(test.body).toEqual({
      accepted: true,
      error: null,
      response: expect.stringMatching(/^250 /),
    });
    await smtp.received(start + 1);
    const { mail } = smtp.inbox[start]!;
    expect(mail.subject).toBe("Lagos Bloom Media back office: test message");
    expect(mail.text).toContain("This is a test message from the Lagos Bloom Media back office.");
    expect(`${mail.subject} ${mail.text}`).not.toMatch(BUILT_IN);
  });

  it("the newsletter's confirmation: the stored name and primary colour, no built-in one", async () => {
    await rename(t);
    const email = "reader-47@example.com";
    const signUp = await call(t.app, {
      method: "POST",
      url: "/api/newsletter",
      payload: { email },
    });
    expect(signUp.status).toBeLessThan(300);
    const mailed = () => smtp.inbox.filter((entry) => entry.rcptTo.includes(email));
    await waitFor(
      async () => {
        await t.app.services.newsletterWorker.runNow();
        return mailed().length;
      },
      (n) => n >= 1,
      10_000,
    );
    const { mail } = mailed()[0]!;
    expect(mail.subject).toBe("Confirm your subscription to Lagos Bloom Media");
    const html = String(mail.html);
    expect(html).toContain("background:#1b5e20");
    expect(`${mail.subject} ${mail.text} ${html}`).not.toMatch(BUILT_IN);
    expect(html.toLowerCase()).not.toContain(defaultIdentity.primaryColour);
  });
});
