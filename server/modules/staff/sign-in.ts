import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { messages } from "../../../common/messages.ts";
import type { Database } from "../../db/schema.ts";
import { NotFound, TooManyRequests, Unauthorized } from "../../errors.ts";
import type { Notifier } from "../../mail/notifier.ts";
import { assertHashCapacity, type PasswordHasher } from "./password.ts";
import { createAdminRepository } from "./repository.ts";
import type { TokenSigner } from "./tokens.ts";
import { roleOf, type SignedInAdmin, type SignInContext, type SignInMethod } from "./types.ts";
import type { LoginResponse } from "../../../common/schemas/sign-in.ts";
import type { SecondStepGate } from "../two-step/gate.ts";
import type { SessionStore } from "./sessions.ts";

/** Failures for one e-mail from one address: the pair is locked after 5 in 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;
/**
 * Failures for one e-mail from any address: the account is locked after 20 in an hour, so
 * guesses spread over many addresses are bounded too. No attempt row outlives this window.
 */
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const MAX_ACCOUNT_FAILURES = 20;

export interface SignInServiceDeps {
  db: Kysely<Database>;
  passwords: PasswordHasher;
  tokens: TokenSigner;
  /** Tells an admin when sign-in to their account gets locked. */
  notifier: Notifier;
  /** The sessions (devices) every sign-in starts and every request checks (issue 34). */
  sessions: SessionStore;
  /** Whether a right password is enough, or a second step follows (issue 34). */
  secondStep: SecondStepGate;
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
}

interface Failure {
  ip: string;
  attempted_at: string;
}

function lockedOut(message: string, retryAfterSeconds: number): TooManyRequests {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequests(
    `${message} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  );
}

/**
 * Signing in and the sessions of staff accounts: the bearer tokens, and the locks that
 * bound password guessing.
 */
export function createSignInService(deps: SignInServiceDeps) {
  const { db, passwords, tokens, notifier, sessions, secondStep, clock = Date.now } = deps;
  const admins = createAdminRepository(db);
  const since = (now: number, windowMs: number) => new Date(now - windowMs).toISOString();

  /** The e-mail's failures within the window, newest first. */
  const recentFailures = (email: string, now: number, windowMs: number) =>
    db
      .selectFrom("login_attempts")
      .select(["ip", "attempted_at"])
      .where("email", "=", email)
      .where("attempted_at", ">", since(now, windowMs))
      .orderBy("attempted_at", "desc");

  /** Failures for this e-mail from this address in the last 15 minutes (up to 5). */
  const pairFailures = (email: string, ip: string, now: number): Promise<Failure[]> =>
    recentFailures(email, now, LOGIN_WINDOW_MS)
      .where("ip", "=", ip)
      .limit(MAX_FAILED_LOGINS)
      .execute();

  /** Failures for this e-mail from any address in the last hour (up to 20). */
  const accountFailures = (email: string, now: number): Promise<Failure[]> =>
    recentFailures(email, now, ACCOUNT_WINDOW_MS).limit(MAX_ACCOUNT_FAILURES).execute();

  /** When the window lets the oldest of `failures` go, in seconds from now. */
  const secondsUntilFree = (failures: Failure[], now: number, windowMs: number) =>
    (Date.parse(failures[failures.length - 1]!.attempted_at) + windowMs - now) / 1000;

  /** Attempt rows older than the longest window count for nothing: an indexed delete. */
  async function pruneAttempts(now: number): Promise<void> {
    await db
      .deleteFrom("login_attempts")
      .where("attempted_at", "<=", since(now, ACCOUNT_WINDOW_MS))
      .execute();
  }

  /**
   * The account has just reached its lock: mail the admin, at most once an hour. The claim
   * is one conditional update, so concurrent failures send one mail; it runs (and matches
   * nothing) for an unknown e-mail too, so both take the same path.
   */
  async function noticeLock(email: string, failures: Failure[], now: number): Promise<void> {
    const claimed = await db
      .updateTable("admins")
      .set({ lock_notified_at: new Date(now).toISOString() })
      .where("email", "=", email)
      .where((eb) =>
        eb.or([
          eb("lock_notified_at", "is", null),
          eb("lock_notified_at", "<=", since(now, ACCOUNT_WINDOW_MS)),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    // Not awaited: the answer must not wait for (or reveal) the mail.
    void notifier.accountLocked({
      email,
      failures: failures.length,
      addresses: new Set(failures.map((failure) => failure.ip)).size,
      until: new Date(Date.parse(failures[failures.length - 1]!.attempted_at) + ACCOUNT_WINDOW_MS),
    });
  }

  /** One failure of this e-mail from this address; the account's lock mail when it locks. */
  async function recordFailure(email: string, ip: string, now: number): Promise<void> {
    await db
      .insertInto("login_attempts")
      .values({ id: randomUUID(), email, ip, attempted_at: new Date(now).toISOString() })
      .execute();
    await pruneAttempts(now);
    const failures = await accountFailures(email, now);
    if (failures.length >= MAX_ACCOUNT_FAILURES) await noticeLock(email, failures, now);
  }

  return {
    /**
     * Checks the credentials and answers a token. Two locks answer 429 even for the right
     * password: 5 failures for one e-mail from one IP within 15 minutes lock that pair, and
     * 20 failures for one e-mail from any IPs within an hour lock the account (the admin is
     * mailed). Each opens when its oldest failure ages out of the window. Unknown e-mails
     * are counted and locked the same way, so no answer tells whether an account exists.
     */
    async login(email: string, password: string, context: SignInContext): Promise<LoginResponse> {
      const { ip } = context;
      assertHashCapacity();
      const now = clock();
      const pair = await pairFailures(email, ip, now);
      const account = await accountFailures(email, now);
      if (account.length >= MAX_ACCOUNT_FAILURES) {
        const wait = Math.max(
          secondsUntilFree(account, now, ACCOUNT_WINDOW_MS),
          pair.length >= MAX_FAILED_LOGINS ? secondsUntilFree(pair, now, LOGIN_WINDOW_MS) : 0,
        );
        throw lockedOut("Too many failed sign-in attempts for this account.", wait);
      }
      if (pair.length >= MAX_FAILED_LOGINS) {
        throw lockedOut(
          "Too many failed sign-in attempts.",
          secondsUntilFree(pair, now, LOGIN_WINDOW_MS),
        );
      }
      const admin = await admins.findByEmail(email);
      // Verify against a decoy when the e-mail is unknown: both answers take as long.
      const valid = await passwords.verify(password, admin?.password_hash ?? passwords.decoyHash);
      if (!admin || !valid) {
        await recordFailure(email, ip, now);
        throw new Unauthorized(messages.invalidCredentials);
      }
      // The pair's own failures are forgiven; the account's from other addresses are not.
      await db
        .deleteFrom("login_attempts")
        .where("email", "=", email)
        .where("ip", "=", ip)
        .execute();
      await pruneAttempts(now);
      const pending = await secondStep.challengeFor(admin);
      if (pending) return { secondStep: pending };
      return { token: await sessions.start(admin, context, "password") };
    },

    /**
     * A failed second step (a wrong code) counts like a wrong password: the same pair and
     * account locks bound guessing codes. Throws 429 while locked, else records the failure.
     */
    async checkLocks(email: string, ip: string): Promise<void> {
      const now = clock();
      const pair = await pairFailures(email, ip, now);
      const account = await accountFailures(email, now);
      if (account.length >= MAX_ACCOUNT_FAILURES) {
        throw lockedOut(
          "Too many failed sign-in attempts for this account.",
          secondsUntilFree(account, now, ACCOUNT_WINDOW_MS),
        );
      }
      if (pair.length >= MAX_FAILED_LOGINS) {
        throw lockedOut(
          "Too many failed sign-in attempts.",
          secondsUntilFree(pair, now, LOGIN_WINDOW_MS),
        );
      }
    },
    /** A wrong second step: counted with the password's failures. */
    recordFailure: (email: string, ip: string) => recordFailure(email, ip, clock()),

    /** Starts a session of the admin (by id) and answers its token: a second step passed. */
    async startSession(
      adminId: string,
      context: SignInContext,
      method: SignInMethod,
    ): Promise<string> {
      const admin = await admins.findById(adminId);
      if (!admin) throw new Unauthorized(messages.invalidCredentials);
      return sessions.start(admin, context, method);
    },

    /**
     * The admin a bearer token belongs to. The account must still exist, and the token must
     * carry its current session version: a password change or "sign out everywhere" since
     * the token was signed ends it.
     */
    async authenticate(authorization: string | undefined): Promise<SignedInAdmin> {
      const match = /^Bearer\s+([A-Za-z0-9\-_.]+)$/.exec(authorization?.trim() ?? "");
      if (!match) throw new Unauthorized();
      const claims = await tokens.verify(match[1]!);
      if (!claims) throw new Unauthorized("Invalid or expired token");
      const admin = await admins.findById(claims.adminId);
      if (!admin || admin.session_version !== claims.sessionVersion) {
        throw new Unauthorized("Invalid or expired token");
      }
      if (!(await sessions.isLive(claims))) throw new Unauthorized("Invalid or expired token");
      return {
        id: admin.id,
        email: admin.email,
        name: admin.name,
        role: roleOf(admin.role),
        ...(claims.sessionId ? { sessionId: claims.sessionId } : {}),
        setupRequired: await secondStep.setupRequired(admin.id),
      };
    },

    /**
     * The answer after a new password set with a link (a reset) or an accepted invitation,
     * exactly as the password sign-in answers: a second-step ticket when the account has a
     * second step (the link sets the password only; whoever reads the mailbox still needs
     * the app or the passkey), else a token of a new session. Read after the password
     * changed, so the ticket carries the new session version.
     */
    async afterLink(adminId: string, context: SignInContext): Promise<LoginResponse> {
      const row = await admins.findById(adminId);
      if (!row) throw new NotFound("The account no longer exists.");
      const pending = await secondStep.challengeFor(row);
      if (pending) return { secondStep: pending };
      return { token: await sessions.start(row, context, "link") };
    },

    /**
     * A token for an admin who has just changed their password while signed in (so this
     * browser stays signed in): signed with the account's session version as it is now.
     */
    async tokenFor(admin: SignedInAdmin, context: SignInContext): Promise<string> {
      const row = await admins.findById(admin.id);
      if (!row) throw new NotFound("The account no longer exists.");
      return sessions.start(row, context, "link");
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
