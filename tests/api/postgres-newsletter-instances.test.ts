import { expect, it, onTestFinished } from "vitest";
import { insertSubscribers } from "../factories/subscribers.ts";
import { mailsPerAddress, startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, newsletterSendDone, sameDatabase, waitFor } from "./helpers.ts";

// Two instances on one PostgreSQL schema send one newsletter (issue 32): each claims rows
// with FOR UPDATE SKIP LOCKED, so every subscriber gets exactly one mail, both instances
// take part, and the send is finished once. PostgreSQL only (the SQLite project leaves
// postgres-*.test.ts out).

const COUNT = 500;

it("sends each mail once with two instances on one database", { timeout: 60_000 }, async () => {
  const smtp = await startMailServer(1, { timeoutMs: 45_000 });
  onTestFinished(() => smtp.close());
  const mail = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "news@agency.test" };
  const a = await createTestApp(mail);
  const b = await createTestApp({ ...mail, ...sameDatabase(a) });
  const headers = await a.adminHeaders();
  const db = a.app.services.database.db;
  await insertSubscribers(db, COUNT);
  await call(a.app, {
    method: "PUT",
    url: "/api/admin/newsletter/settings",
    headers,
    payload: { ratePerMinute: 100_000 },
  });
  const created = await call<{ _id: string }>(a.app, {
    method: "POST",
    url: "/api/admin/newsletter/sends",
    headers,
    payload: { subject: "Twice the hands", body: "Once each." },
  });
  expect(created.status).toBe(202);
  // B learns of the rows at its next poll or nudge: nudged here so both start together.
  b.app.services.newsletterWorker.nudge();
  // Who holds claims while the mails go: both instances, if both take part.
  const owners = new Set<string>();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const rows = await db
        .selectFrom("newsletter_deliveries")
        .select("claimed_by")
        .distinct()
        .where("claimed_by", "is not", null)
        .execute();
      for (const row of rows) owners.add(row.claimed_by!);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await smtp.received(COUNT);
  watching = false;
  await watch;
  expect(owners.size).toBe(2);
  expect(await newsletterSendDone(a, headers, created.body._id)).toMatchObject({
    total: COUNT,
    sent: COUNT,
    failed: 0,
    waiting: 0,
  });

  const perAddress = mailsPerAddress(smtp.inbox);
  expect(perAddress.size).toBe(COUNT);
  expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
});

it("mails a working link, once, when one address signs up on two instances while its mail goes", async () => {
  const smtp = await startMailServer();
  onTestFinished(() => smtp.close());
  const mail = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "news@agency.test" };
  const a = await createTestApp(mail);
  // Instances of one site share its token secret, which signs the links.
  const b = await createTestApp({
    ...mail,
    ...sameDatabase(a),
    TOKEN_SECRET: a.config.tokenSecret,
  });
  const email = "pressed-twice@example.com";
  const subscribe = (app: typeof a, remoteAddress: string) =>
    call(app.app, { method: "POST", url: "/api/newsletter", payload: { email }, remoteAddress });
  smtp.hold();
  try {
    expect((await subscribe(a, "198.51.100.1")).status).toBe(202);
    // A's worker has rendered the mail and is sending it when the second press reaches B.
    await waitFor(
      async () => smtp.heldFor,
      (held) => held.includes(email),
      10_000,
    );
    expect((await subscribe(b, "203.0.113.9")).status).toBe(202);
  } finally {
    smtp.resume();
  }
  await smtp.received(1);
  await Promise.all([a, b].map((t) => t.app.services.newsletterWorker.runNow()));
  expect(mailsPerAddress(smtp.inbox).get(email)).toBe(1);
  const token = /\/newsletter\/confirm\/(\S+)/.exec(smtp.inbox[0]!.mail.text ?? "")?.[1];
  expect(await b.app.services.newsletter.confirmable(token!)).toBe(true);
});
