import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, inject, it, onTestFinished } from "vitest";
import type { NewsletterSend } from "../../common/schemas/newsletter.ts";
import { mailsPerAddress, startMailServer } from "../support/mail-server.ts";
import {
  createAdmin,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from "../support/server-process.ts";

// kill -9 of the server in the middle of a send (issue 32): after a restart every confirmed
// subscriber has exactly one mail. The server process is killed while the mail server holds
// back its "250 OK" for the mails in flight (as a slow server would), so none of them was
// confirmed to the sender: the mail server drops them, as the sender's retry is the mail.
// Their leases would run out after LEASE_MS (60 s); the test ends them in the database
// instead of waiting. Runs once, on SQLite (vitest.config.ts): the engine is not the point.

const COUNT = 300;

async function stop(server: ServerProcess, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
}

it(
  "resumes a send after kill -9: every subscriber mailed exactly once",
  { timeout: 60_000 },
  async () => {
    const smtp = await startMailServer(2, { timeoutMs: 30_000 });
    onTestFinished(() => smtp.close());
    const dataDir = await mkdtemp(path.join(tmpdir(), "agency-newsletter-crash-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      BUILD_DIR: inject("buildDir"),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "news@agency.test",
      SEED_SAMPLE_CONTENT: "false",
      TOKEN_SECRET: "a-fixed-secret-for-both-runs-of-the-server-000",
    };
    const first = await spawnServer(dataDir, env);
    onTestFinished(() => stop(first, "SIGTERM"));
    await waitForHealth(first);

    const sqlite = new Database(path.join(dataDir, "site.db"));
    onTestFinished(() => {
      sqlite.close();
    });
    sqlite.pragma("busy_timeout = 5000");
    const insert = sqlite.prepare(
      "insert into newsletter_subscribers (id, email, created_at, status) values (?, ?, ?, 'confirmed')",
    );
    const now = new Date().toISOString();
    sqlite.transaction(() => {
      for (let i = 0; i < COUNT; i++) insert.run(randomUUID(), `reader${i}@example.com`, now);
    })();

    const admin = createAdmin(first.env, "owner@agency.test");
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    const api = (server: ServerProcess, url: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });
    await api(first, "/admin/newsletter/settings", {
      method: "PUT",
      body: JSON.stringify({ ratePerMinute: 100_000 }),
    });
    const created = await api(first, "/admin/newsletter/sends", {
      method: "POST",
      body: JSON.stringify({ subject: "Mid-send", body: "Hello." }),
    });
    expect(created.status).toBe(202);
    const { _id: id } = (await created.json()) as { _id: string };

    // A third of the way: the mail server stops confirming, lets every sender that already
    // had its 250 record it, and the server dies.
    await smtp.received(COUNT / 3);
    smtp.hold();
    // Every mail that had its 250 is recorded as sent (none is acknowledged while held).
    const recorded = sqlite.prepare(
      "select count(*) as n from newsletter_deliveries where sent_at is not null",
    );
    await expect
      .poll(() => (recorded.get() as { n: number }).n, { timeout: 10_000 })
      .toBe(smtp.inbox.length);
    await stop(first, "SIGKILL");
    // The mail server sees the dead connections close; the mails held on them are dropped.
    await expect.poll(() => smtp.connections(), { timeout: 10_000 }).toBe(0);
    smtp.resume();
    expect(smtp.inbox.length).toBeLessThan(COUNT);
    // As if the dead instance's leases had run out (LEASE_MS).
    const leased = sqlite
      .prepare(
        "update newsletter_deliveries set claimed_until = ? where sent_at is null and claimed_until is not null",
      )
      .run(new Date(Date.now() - 1000).toISOString());
    expect(leased.changes).toBeGreaterThan(0);

    const second = await spawnServer(dataDir, env);
    onTestFinished(() => stop(second, "SIGTERM"));
    await waitForHealth(second);
    await smtp.received(COUNT);
    let send: NewsletterSend | undefined;
    for (let tries = 0; tries < 100 && send?.state !== "done"; tries++) {
      send = (await (await api(second, `/admin/newsletter/sends/${id}`)).json()) as NewsletterSend;
      if (send.state !== "done") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(send).toMatchObject({ state: "done", total: COUNT, sent: COUNT, failed: 0 });

    const perAddress = mailsPerAddress(smtp.inbox);
    expect(perAddress.size).toBe(COUNT);
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  },
);
