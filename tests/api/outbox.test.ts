import { connect, createServer, type Server, type Socket } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Enquiry, EnquiryNotification } from "../../common/schemas/enquiry.ts";
import { createOutboxRepository } from "../../server/modules/outbox/repository.ts";
import { GIVE_UP_AFTER_MS, LEASE_MS, RETRY_MAX_MS } from "../../server/modules/outbox/service.ts";
import { call, createTestApp, type TestApp, sameDatabase } from "./helpers.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { freePort } from "../support/free-port.ts";
import { startMailServer } from "../support/mail-server.ts";

// The notification outbox (issue 10): an enquiry's mail to the agency is a row written in
// the enquiry's transaction and sent by a worker that retries, so a mail server that is
// down, a restart or a second instance neither loses nor doubles the mail.

const withMail = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  NOTIFY_TO: "sales@agency.test",
  MAIL_FROM: "website@agency.test",
});

/** A test clock: starts at the real time and moves only when a test moves it. */
function testClock() {
  let now = Date.now();
  return {
    clock: () => now,
    advance: (ms: number) => (now += ms),
    iso: (offsetMs = 0) => new Date(now + offsetMs).toISOString(),
  };
}

/**
 * An address for the mail server that refuses connections (nothing listens, like a mail
 * server that is down) until `up()`, from when it hands every connection to the real SMTP
 * test server: the mail server comes back on the address the app was given.
 */
async function mailAddress(target: number) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  return {
    port,
    async up() {
      server = createServer((client) => {
        const upstream = connect(target, "127.0.0.1");
        track(client);
        track(upstream);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

// What a test opens closes when it ends, last made first (onTestFinished; createTestApp
// registers its own): an app that shares a database closes before the one that owns it,
// and every app before the mail server it sends to.
const open = (env: Record<string, string>, clock?: () => number): Promise<TestApp> =>
  createTestApp(env, clock ? { clock } : {});

async function mailServer(ackDelayMs = 0) {
  const smtp = await startMailServer(ackDelayMs);
  onTestFinished(() => smtp.close());
  return smtp;
}

async function post(t: TestApp, payload: object = payloads.service): Promise<Enquiry> {
  const { status, body } = await call<Enquiry>(t.app, {
    method: "POST",
    url: "/api/contact",
    payload,
  });
  expect(status).toBe(201);
  return body;
}

async function notification(
  t: TestApp,
  id: string,
  headers: { authorization: string },
): Promise<EnquiryNotification> {
  const { status, body } = await call<EnquiryNotification>(t.app, {
    method: "GET",
    url: `/api/contact/${id}/notification`,
    headers,
  });
  expect(status).toBe(200);
  return body;
}

const outboxRows = (t: TestApp) =>
  t.app.services.database.db
    .selectFrom("notification_outbox")
    .selectAll()
    .orderBy("created_at")
    .execute();

describe("the notification outbox", () => {
  it("writes an enquiry and its outbox row in one transaction: neither is stored without the other", async () => {
    // Nothing listens: the rows stay unsent, so every one can be counted.
    const t = await open(withMail(await freePort()));
    const { db } = t.app.services.database;
    // Arriving together, these are committed by one group commit (one transaction).
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(t, { ...payloads.home, name: `Batch ${i}` })),
    );
    const spam = await post(t, { ...payloads.home, faxNumber: "robot" });
    const rows = await outboxRows(t);
    expect(rows.map((row) => row.subject_id).sort()).toEqual(sent.map((e) => e._id).sort());
    expect(rows.every((row) => row.kind === "enquiry_received")).toBe(true);
    // A honeypot hit mails no one, so it has no row.
    expect(rows.some((row) => row.subject_id === spam._id)).toBe(false);

    // When the outbox row cannot be written, the enquiry is not stored either.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("enquiries")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await db.schema
      .alterTable("notification_outbox")
      .renameTo("notification_outbox_away")
      .execute();
    try {
      const failed = await call(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: { ...payloads.home, name: "Never Stored" },
      });
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await db.schema
        .alterTable("notification_outbox_away")
        .renameTo("notification_outbox")
        .execute();
    }
    expect(await count()).toBe(before);
    const stray = await db
      .selectFrom("enquiries")
      .select("id")
      .where("name", "=", "Never Stored")
      .execute();
    expect(stray).toEqual([]);

    // Deleting an enquiry (an erasure request) takes its queued mail with it.
    const headers = await t.adminHeaders();
    const del = await call(t.app, {
      method: "DELETE",
      url: `/api/contact/${sent[0]!._id}`,
      headers,
    });
    expect(del.status).toBe(200);
    expect((await outboxRows(t)).some((row) => row.subject_id === sent[0]!._id)).toBe(false);
  });

  it("keeps retrying while the mail server is down, then delivers the mail once it is back", async () => {
    const smtp = await mailServer();
    const address = await mailAddress(smtp.port);
    onTestFinished(() => address.close());
    const time = testClock();
    const lines: string[] = [];
    const t = await createTestApp(
      { ...withMail(address.port), LOG_LEVEL: "info" },
      {
        clock: time.clock,
        logger: true,
        logStream: {
          write: (line: string) => lines.push(line),
        } as unknown as NodeJS.WritableStream,
      },
    );
    const headers = await t.adminHeaders();
    const { outbox } = t.app.services;

    const started = Date.now();
    const enquiry = await post(t);
    // The visitor's answer never waits for the mail server.
    expect(Date.now() - started).toBeLessThan(2000);
    // The commit nudged the worker: its first try is under way; wait for it to end.
    await outbox.runNow();
    let state = await notification(t, enquiry._id, headers);
    expect(state).toMatchObject({
      state: "pending",
      attempts: 1,
      nextAttemptAt: time.iso(15_000),
      at: null,
    });
    expect(state.lastError).toMatch(/ECONNREFUSED/);
    const detail = await call<Enquiry>(t.app, {
      method: "GET",
      url: `/api/contact/${enquiry._id}`,
      headers,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe("Chidi Obi");

    // Not due before its backoff has passed.
    time.advance(14_000);
    await outbox.runNow();
    expect((await notification(t, enquiry._id, headers)).attempts).toBe(1);
    // Then tried again, and the wait doubles.
    time.advance(1_000);
    await outbox.runNow();
    state = await notification(t, enquiry._id, headers);
    expect(state).toMatchObject({ state: "pending", attempts: 2, nextAttemptAt: time.iso(30_000) });

    // The mail server comes back on the same address.
    await address.up();
    time.advance(30_000);
    await outbox.runNow();
    await smtp.received(1);
    state = await notification(t, enquiry._id, headers);
    expect(state).toEqual({
      state: "sent",
      at: time.iso(),
      nextAttemptAt: null,
      attempts: 3,
      lastError: null,
    });
    // Nothing more is sent, however long the worker runs.
    time.advance(RETRY_MAX_MS * 3);
    await outbox.runNow();
    await t.close();
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.mail.subject).toBe("New enquiry: Social Media Marketing from Chidi Obi");
    expect(smtp.inbox[0]!.mail.text).toContain(`/admin/enquiries/${enquiry._id}`);

    // The log tells the story: two failures with the reason and the next try, then the send.
    const log = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.enquiry === enquiry._id);
    expect(log.map((entry) => [entry.msg, entry.attempt])).toEqual([
      ["enquiry notification failed", 1],
      ["enquiry notification failed", 2],
      ["enquiry notification sent", 3],
    ]);
    expect(log[0]!.error).toMatch(/ECONNREFUSED/);
    if (process.env.OUTBOX_TRANSCRIPT) console.log(log.map((e) => JSON.stringify(e)).join("\n"));
  });

  it("backs off 15 s, 30 s, 1 min … up to an hour, and gives up after three days with the last error", async () => {
    const time = testClock();
    const t = await open(withMail(await freePort()), time.clock);
    const headers = await t.adminHeaders();
    const { outbox } = t.app.services;
    const enquiry = await post(t);
    await outbox.runNow();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const state = await notification(t, enquiry._id, headers);
      expect(state.attempts).toBe(attempt);
      const wait = Date.parse(state.nextAttemptAt!) - time.clock();
      waits.push(wait / 1000);
      time.advance(wait);
      await outbox.runNow();
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);

    // Three days after the enquiry came in, the next failure is the last.
    time.advance(GIVE_UP_AFTER_MS);
    await outbox.runNow();
    const state = await notification(t, enquiry._id, headers);
    expect(state).toMatchObject({ state: "given-up", at: time.iso(), nextAttemptAt: null });
    expect(state.attempts).toBe(12);
    expect(state.lastError).toMatch(/ECONNREFUSED/);
    time.advance(GIVE_UP_AFTER_MS);
    await outbox.runNow();
    expect((await notification(t, enquiry._id, headers)).attempts).toBe(12);
  });

  it("is sent by a new instance after a restart, and by another once a crashed instance's lease runs out", async () => {
    const smtp = await mailServer();
    const address = await mailAddress(smtp.port);
    onTestFinished(() => address.close());
    const time = testClock();
    // The mail server is down while the first instance runs: both rows stay unsent.
    const first = await open(withMail(address.port), time.clock);
    const crashed = await post(first, { ...payloads.home, name: "Held By A Crash" });
    await first.app.services.outbox.runNow();
    time.advance(1_000);
    const stopped = await post(first, { ...payloads.home, name: "Left By A Restart" });
    await first.app.services.outbox.runNow();
    await first.app.services.outbox.close();

    // An instance that claimed a row and died before it could send it (its lease stays).
    time.advance(14_000);
    const { db, dialect } = first.app.services.database;
    const claimed = await createOutboxRepository(db, dialect).claim(
      "crashed-instance",
      time.iso(),
      time.iso(LEASE_MS),
      10,
    );
    expect(claimed.map((row) => row.subject_id)).toEqual([crashed._id]);
    // Stopped, not crashed: its database is left as it is for the next instance.
    await first.app.close();

    // The mail server is back; a new instance starts on the same database.
    await address.up();
    time.advance(1_000);
    const next = await open({ ...withMail(address.port), ...sameDatabase(first) }, time.clock);
    const headers = await next.adminHeaders();
    await next.app.services.outbox.runNow();
    await smtp.received(1);
    expect(smtp.inbox.map((m) => m.mail.subject)).toEqual([
      "New enquiry: Inquiry form response from Left By A Restart",
    ]);
    expect((await notification(next, stopped._id, headers)).state).toBe("sent");
    // The row the crashed instance holds waits for its lease to run out.
    expect(await notification(next, crashed._id, headers)).toMatchObject({
      state: "pending",
      attempts: 2,
    });
    time.advance(LEASE_MS);
    await next.app.services.outbox.runNow();
    await smtp.received(2);
    expect(smtp.inbox.at(-1)!.mail.subject).toBe(
      "New enquiry: Inquiry form response from Held By A Crash",
    );
    expect(await notification(next, crashed._id, headers)).toMatchObject({
      state: "sent",
      attempts: 3,
    });
    await next.app.services.outbox.runNow();
    expect(smtp.inbox).toHaveLength(2);
  });

  it("sends each mail once with two instances on one database", async () => {
    // A slow "250 OK" keeps sends in flight while the other instance looks for due rows.
    const smtp = await mailServer(50);
    const a = await open(withMail(smtp.port));
    const b = await open({ ...withMail(smtp.port), ...sameDatabase(a) });
    const apps = [a, b];
    const names = Array.from({ length: 20 }, (_, i) => `Twin ${String(i).padStart(2, "0")}`);
    // Each instance takes half the enquiries, and both workers run all the while.
    let posting = true;
    const workers = apps.map(async (t) => {
      while (posting) {
        await t.app.services.outbox.runNow();
        // SQLite answers without I/O: let the requests have the event loop between runs.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await Promise.all(
      names.map((name, i) => post(apps[i % 2]!, { ...payloads.home, name })),
    ).finally(() => (posting = false));
    await Promise.all(workers);
    await smtp.received(names.length);
    // Every row is marked sent once both are idle: nothing can be sent again after this.
    await Promise.all(apps.map((t) => t.app.services.outbox.runNow()));
    const rows = await outboxRows(a);
    expect(rows).toHaveLength(names.length);
    expect(rows.every((row) => row.sent_at !== null && row.next_attempt_at === null)).toBe(true);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // Closing waits for any send still on its way; then count at the mail server.
    await b.app.close();
    await a.app.close();
    const subjects = smtp.inbox.map((m) => m.mail.subject!.replace(/^.* from /, "")).sort();
    expect(subjects).toEqual(names);
  });

  it("writes no row and says so when enquiry mail is not configured", async () => {
    const smtp = await mailServer();
    const settings: Record<string, string>[] = [{}, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }];
    for (const env of settings) {
      const t = await open(env);
      const headers = await t.adminHeaders();
      const enquiry = await post(t);
      expect(await outboxRows(t)).toEqual([]);
      expect(await notification(t, enquiry._id, headers)).toEqual({
        state: "not-configured",
        at: null,
        nextAttemptAt: null,
        attempts: 0,
        lastError: null,
      });
    }
    expect(smtp.inbox).toHaveLength(0);
  });

  it("answers the notification state to admins only, 404 for an unknown enquiry", async () => {
    const t = await open(withMail(await freePort()));
    const enquiry = await post(t);
    const anonymous = await call(t.app, {
      method: "GET",
      url: `/api/contact/${enquiry._id}/notification`,
    });
    expect(anonymous.status).toBe(401);
    const headers = await t.adminHeaders();
    const unknown = await call<{ error: string }>(t.app, {
      method: "GET",
      url: "/api/contact/00000000-0000-0000-0000-000000000000/notification",
      headers,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Enquiry not found.");
  });
});
