import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../../server/errors.ts";
import {
  createSilentNotifier,
  type AccountLock,
  type Notifier,
} from "../../server/mail/notifier.ts";
import { createPasswordHasher } from "../../server/modules/staff/password.ts";
import { createSignInService } from "../../server/modules/staff/sign-in.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, useTestApp, TEST_PASSWORD } from "./helpers.ts";

// Guesses spread over many addresses: 20 failures for one e-mail within an hour, from any
// addresses, lock that account (429 even for the right password) until they age out.

describe("the per-account sign-in lock", () => {
  it("locks after 20 failures from 20 addresses, mails the admin once, and answers an unknown e-mail the same", async () => {
    const smtp = await startMailServer();
    // No NOTIFY_TO: the notice goes to the admin, so SMTP_URL is all it needs.
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "website@agency.test",
    });
    const login = (email: string, password: string, ip: string) =>
      call<{ token?: string; error?: string }>(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password },
        remoteAddress: ip,
      });
    const owner = "owner@example.com";
    const ghost = "ghost@example.com";
    try {
      await t.app.services.admins.create(owner, TEST_PASSWORD);
      for (let i = 1; i <= 20; i++) {
        expect((await login(owner, `wrong-${i}`, `10.3.0.${i}`)).status).toBe(401);
      }
      const locked = await login(owner, TEST_PASSWORD, "10.3.1.1");
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        error: "Too many failed sign-in attempts for this account. Please try again in 60 minutes.",
      });
      const retryAfter = Number(locked.response.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(59 * 60);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);

      await smtp.received(1);
      const { mail, rcptTo } = smtp.inbox[0]!;
      expect(rcptTo).toEqual([owner]);
      expect(mail.from?.text).toBe("website@agency.test");
      expect(mail.subject).toMatch(/sign-in locked after 20 failed attempts$/);
      const text = mail.text!.replace(/\s+/g, " ");
      expect(text).toContain(
        `as ${owner} and got the password wrong 20 times within an hour, from 20 different IP addresses`,
      );
      expect(text).toMatch(/is locked until .+ \(Lagos time\), even with the right password/);
      expect(text).toContain(`npm run admin -- reset-password --email ${owner}`);

      // Still locked for every address, right password or not: no more mails for it.
      expect((await login(owner, TEST_PASSWORD, "10.3.1.2")).status).toBe(429);
      expect((await login(owner, "wrong again", "10.3.1.3")).status).toBe(429);

      // An e-mail with no account is counted and locked the same way, word for word.
      for (let i = 1; i <= 20; i++) {
        expect((await login(ghost, `wrong-${i}`, `10.4.0.${i}`)).status).toBe(401);
      }
      const ghostLocked = await login(ghost, TEST_PASSWORD, "10.4.1.1");
      expect(ghostLocked.status).toBe(429);
      expect(ghostLocked.body).toEqual(locked.body);
      expect(Number(ghostLocked.response.headers["retry-after"])).toBeGreaterThan(59 * 60);

      // Another account is not touched.
      const other = "other@example.com";
      await t.app.services.admins.create(other, TEST_PASSWORD);
      expect((await login(other, TEST_PASSWORD, "10.3.0.1")).status).toBe(200);
    } finally {
      // Closing lets every mail on its way arrive: after it, the inbox is complete.
      await t.close();
    }
    expect(smtp.inbox.map((entry) => entry.rcptTo)).toEqual([[owner]]);
    await smtp.close();
  });
});

describe("the per-account lock over time", () => {
  const t = useTestApp();

  it("opens when the failures age out of the hour, prunes old attempts, mails at most once an hour", async () => {
    const email = "clock@example.com";
    await t.app.services.admins.create(email, TEST_PASSWORD);
    const { db } = t.app.services.database;
    const notices: AccountLock[] = [];
    const notifier: Notifier = {
      enquiryReceived: async () => {},
      accountLocked: async (lock) => {
        notices.push(lock);
      },
      newSignIn: async () => {},
      newFactor: async () => {},
      passwordReset: async () => {},
      staffInvited: async () => {},
      sent: async () => {},
      close: async () => {},
    };
    const start = Date.parse("2031-03-01T09:00:00.000Z");
    let now = start;
    const auth = createSignInService({
      db,
      passwords: createPasswordHasher(t.config.passwordHashCost),
      tokens: t.app.services.tokens,
      notifier,
      sessions: t.app.services.sessions,
      secondStep: t.app.services.secondStep,
      clock: () => now,
    });
    /** The status of a sign-in, and the error when it is refused. */
    const attempt = (password: string, ip: string) =>
      auth.login(email, password, { ip, userAgent: "" }).then(
        () => ({ status: 200, error: undefined }),
        (error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          return { status: error.statusCode, error };
        },
      );
    const minute = 60_000;

    // 20 failures from 20 addresses, one a minute: the 20th locks the account.
    for (let i = 0; i < 20; i++) {
      now = start + i * minute;
      expect((await attempt(`wrong-${i}`, `10.5.0.${i + 1}`)).status).toBe(401);
    }
    expect(notices).toEqual([
      { email, failures: 20, addresses: 20, until: new Date(start + 60 * minute) },
    ]);

    now = start + 30 * minute;
    const locked = await attempt(TEST_PASSWORD, "10.5.1.1");
    expect(locked.status).toBe(429);
    expect(locked.error?.headers["retry-after"]).toBe(String(30 * 60));
    expect(locked.error?.message).toBe(
      "Too many failed sign-in attempts for this account. Please try again in 30 minutes.",
    );
    expect(notices).toHaveLength(1);

    // The first failure ages out of the hour: the right password works again, and the
    // attempts older than the hour are gone from the table.
    now = start + 60 * minute + 1000;
    expect((await attempt(TEST_PASSWORD, "10.5.1.1")).status).toBe(200);
    const left = await db.selectFrom("login_attempts").select("attempted_at").execute();
    expect(left).toHaveLength(19);
    for (const row of left) expect(Date.parse(row.attempted_at)).toBeGreaterThan(now - 60 * minute);

    // One more failure locks it again, but the admin was mailed within the hour.
    now = start + 60 * minute + 30_000;
    expect((await attempt("wrong again", "10.5.1.2")).status).toBe(401);
    expect((await attempt(TEST_PASSWORD, "10.5.1.3")).status).toBe(429);
    expect(notices).toHaveLength(1);

    // Hours later: a failure prunes everything older than the hour, and a new lock mails again.
    now = start + 3 * 60 * minute;
    for (let i = 0; i < 20; i++) {
      now += 1000;
      expect((await attempt(`later-${i}`, "10.5.2.1")).status).toBe(i < 5 ? 401 : 429);
      if (i === 0) {
        const rows = await db.selectFrom("login_attempts").select("attempted_at").execute();
        expect(rows).toHaveLength(1);
      }
    }
    expect(notices).toHaveLength(1);
    for (let i = 0; i < 19; i++) {
      now += 1000;
      expect((await attempt(`spread-${i}`, `10.5.3.${i + 1}`)).status).toBe(i < 15 ? 401 : 429);
    }
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatchObject({ email, failures: 20, addresses: 16 });
  });
});

describe("the lock notice without SMTP_URL", () => {
  it("is logged as a warning instead of mailed", async () => {
    const lines: string[] = [];
    const logger = Fastify({
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await createSilentNotifier(logger.log).accountLocked({
        email: "owner@example.com",
        failures: 20,
        addresses: 7,
        until: new Date("2031-03-01T10:00:00.000Z"),
      });
      const entries = lines.map(
        (line) => JSON.parse(line) as { level: number; email?: string; until?: string },
      );
      expect(entries).toEqual([
        expect.objectContaining({
          level: 40,
          email: "owner@example.com",
          failures: 20,
          until: "2031-03-01T10:00:00.000Z",
        }),
      ]);
    } finally {
      await logger.close();
    }
  });
});
