import { expect, it, onTestFinished } from "vitest";
import { insertSubscribers } from "../factories/subscribers.ts";
import { mailsPerAddress, startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, newsletterSendDone, sameDatabase } from "./helpers.ts";

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
