import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  accountMessages,
  INVITATION_DAYS,
  RESET_LINK_HOURS,
  type Invitation,
  type StaffList,
  WEEKLY_REPORT_OWNERS_ONLY,
} from "../../../common/schemas/accounts.ts";
import { EMAIL_PATTERN } from "../../../common/schemas/common.ts";
import type { DatabaseHandle } from "../../db/connection.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors.ts";
import type { Notifier } from "../../mail/notifier.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { formatDateTime } from "../../../common/format.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import type { AuditActor, AuditService } from "../audit/service.ts";
import { COMMAND_LINE_ACTOR } from "../two-step/reset.ts";
import { endLinksMadeBy, type EndedLink, type LostAuthority } from "./links-made.ts";
import type { PasswordHasher } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import {
  createAdminRepository,
  createLinkRepository,
  forgetAccount,
  type LinkPurpose,
} from "./repository.ts";
import {
  roleOf,
  type AccountRef,
  type AdminRole,
  type SignedInAdmin,
  type StaffMember,
  type WithdrawnInvitation,
} from "./types.ts";

const HOUR_MS = 60 * 60 * 1000;
export const RESET_LINK_MS = RESET_LINK_HOURS * HOUR_MS;
export const INVITATION_MS = INVITATION_DAYS * 24 * HOUR_MS;
/** At most this many open reset links per account within their hour: a mailbox is not flooded. */
export const MAX_OPEN_RESETS = 5;

/** 32 random bytes for the link; only their SHA-256 is stored. */
function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOf(token) };
}
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** An e-mail typed on the command line, as stored; 400 when it is not one. */
function normalEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(value) || value.length > 254) {
    throw new Invalid(`"${email}" is not a valid e-mail address.`);
  }
  return value;
}

interface AdminRow {
  id: string;
  email: string;
  name: string;
  role: string;
  created_at: string;
}

const member = (row: AdminRow) =>
  ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: roleOf(row.role),
    createdAt: row.created_at,
  }) satisfies StaffMember;

const signedIn = (row: AdminRow): SignedInAdmin => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
});

export interface StaffServiceDeps {
  database: DatabaseHandle;
  passwords: PasswordHasher;
  /** Mails the reset links and the invitations. */
  notifier: Pick<Notifier, "passwordReset" | "staffInvited">;
  /**
   * Whether mail is set up (SMTP_URL), and the send of the link that confirms a new
   * e-mail address. Without it (the command line) no mail goes: an owner gets the
   * one-time links to hand over themselves, and a new e-mail address needs the password.
   */
  mailer?: Pick<Mailer, "status" | "send">;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /**
   * The activity log: the links a removed or demoted person made are recorded as ended
   * there, by whoever removed them (the command line too).
   */
  audit: Pick<AuditService, "record">;
  /** The agency's stored name (the Site identity screen): mails, and the password rule. */
  agencyName: () => Promise<string>;
  /** Where the links in the mails point (PUBLIC_ORIGIN). */
  origin: string;
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
}

/**
 * Staff accounts, for the command line (`npm run admin`) and the back office alike: no
 * self-registration; the first owner comes from the CLI or the first start, everyone else
 * by an owner's invitation. Change my password, a forgotten password by a single-use mailed
 * link, invitations, removing people and changing roles. The links put the token in the
 * URL's fragment (`#token=…`): a browser never sends a fragment to a server, so it stays
 * out of access logs and Referer headers. Signing in and tokens: ./sign-in.ts.
 */
export function createStaffService(deps: StaffServiceDeps) {
  const { database, passwords, notifier, log, audit, agencyName, origin, clock = Date.now } = deps;
  const mailOn = deps.mailer?.status.configured ?? false;
  const { db } = database;
  const repo = createAdminRepository(db);
  const links = createLinkRepository(db);
  const iso = (ms: number) => new Date(ms).toISOString();

  /**
   * On PostgreSQL the owners' rows are locked for the rest of the transaction, so two owners
   * removing each other at once cannot both pass the last-owner check. SQLite runs one write
   * transaction at a time already.
   */
  const ownerCount = async (trx: Kysely<Database>) => {
    let query = trx.selectFrom("admins").select("id").where("role", "=", "owner");
    if (database.dialect === "postgres") query = query.forUpdate();
    return (await query.execute()).length;
  };

  /**
   * A person's role as the transaction sees it (undefined when removed); on PostgreSQL the
   * row is locked, so a demotion or removal at the same moment waits for this transaction
   * or is seen by it.
   */
  const roleInTransaction = async (trx: Kysely<Database>, id: string) => {
    let query = trx.selectFrom("admins").select("role").where("id", "=", id);
    if (database.dialect === "postgres") query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? roleOf(row.role) : undefined;
  };

  /**
   * The account an owner acts on (`actor`, removing it or changing its role), read in the
   * transaction with the number of owners: never your own (409), 404 when there is none.
   * The command line acts as the operator (no actor): it finds the account by e-mail and
   * may act on anyone, the last owner too (that is how an install is recovered).
   */
  const target = async (trx: Kysely<Database>, account: AccountRef, actor?: SignedInAdmin) => {
    if (actor && "id" in account && account.id === actor.id) {
      throw new Conflict(accountMessages.notYourself);
    }
    const owners = actor ? await ownerCount(trx) : 0;
    const query = trx.selectFrom("admins").select(["id", "email", "name", "role", "created_at"]);
    if ("id" in account) {
      const row = await query.where("id", "=", account.id).executeTakeFirst();
      if (!row) throw new NotFound("There is no such account.");
      return { row, owners };
    }
    const address = normalEmail(account.email);
    const row = await query.where("email", "=", address).executeTakeFirst();
    if (!row) throw new NotFound(`No admin ${address}.`);
    if (actor && row.id === actor.id) throw new Conflict(accountMessages.notYourself);
    return { row, owners };
  };

  /**
   * The one rule for a new password (./password-policy.ts), with the account's e-mail and
   * the agency's name as the words it may not be: 400 saying why.
   */
  async function checkNewPassword(password: string, email: string): Promise<void> {
    const problem = await passwordProblem(password, { email, agencyName: await agencyName() });
    if (problem) throw new Invalid(problem);
  }

  /**
   * Records in the activity log each link that ended with its maker's authority, by `actor`
   * (who removed or demoted them, or the command line). A failed write is logged, as the
   * change itself is done.
   */
  async function recordEnded(
    actor: AuditActor,
    maker: { email: string },
    lost: LostAuthority,
    ended: EndedLink[],
  ): Promise<void> {
    const now = { removed: "removed", editor: "an editor", author: "an author" }[lost];
    const reason = `Made by ${maker.email}, now ${now}`;
    for (const link of ended) {
      try {
        await audit.record({
          actor,
          action: link.action,
          type: link.type,
          id: link.id,
          before: { ...link.before, reason },
        });
      } catch (error) {
        log.error({ err: error }, "ended link not recorded in the activity log");
      }
    }
  }

  /** Stores a reset link for the account; answers the whole link and when it expires. */
  async function newResetLink(admin: { id: string; email: string }, createdBy: string) {
    const now = clock();
    const { token, hash } = newLinkToken();
    const expiresAt = now + RESET_LINK_MS;
    await links.insert({
      id: randomUUID(),
      purpose: "reset",
      token_hash: hash,
      email: admin.email,
      admin_id: admin.id,
      role: null,
      created_by: createdBy,
      expires_at: iso(expiresAt),
      used_at: null,
      created_at: iso(now),
    });
    return {
      email: admin.email,
      url: `${origin}/admin/reset-password#token=${token}`,
      expiresAt: new Date(expiresAt),
    };
  }

  /** The forgotten-password work, after the answer has gone: look up, store, mail. */
  async function sendResetLink(email: string): Promise<void> {
    // Without mail nobody could ever open the link: none is made (the page says so).
    if (!mailOn) return;
    const admin = await repo.findByEmail(email);
    if (!admin) return;
    const now = clock();
    await links.prune(iso(now - 24 * HOUR_MS));
    if (
      (await links.openResetsSince(admin.id, iso(now - RESET_LINK_MS), iso(now))) >= MAX_OPEN_RESETS
    ) {
      log.warn({ admin: admin.id }, "password reset asked again; open links at the limit, no mail");
      return;
    }
    await notifier.passwordReset(await newResetLink(admin, admin.id));
  }

  /** Sets an account's e-mail; a unique violation (taken meanwhile) is a 409. */
  async function setEmail(id: string, email: string): Promise<void> {
    try {
      await db
        .updateTable("admins")
        .set({ email, updated_at: iso(clock()) })
        .where("id", "=", id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(`There is already an account for ${email}.`);
      throw error;
    }
  }

  /** A link's row when it is of `purpose`, unused and unexpired; else the refusal. */
  async function openLink(purpose: LinkPurpose, token: string, now: number) {
    const row = await links.findByHash(purpose, hashOf(token));
    if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now) {
      throw new Invalid(
        purpose === "invite"
          ? accountMessages.inviteUsedOrExpired
          : accountMessages.linkUsedOrExpired,
      );
    }
    return row;
  }

  return {
    count: repo.count,
    /** Whether the links go by mail (SMTP_URL); without it an owner hands them over. */
    mailOn,

    /**
     * A new account (the command line and the first start): an owner unless `role` says
     * editor. 409 when the address has one.
     */
    async create(
      email: string,
      password: string,
      role: AdminRole = "owner",
    ): Promise<{ email: string; role: AdminRole }> {
      const address = normalEmail(email);
      await checkNewPassword(password, address);
      if (await repo.findByEmail(address)) {
        throw new Conflict(`An admin ${address} already exists.`);
      }
      const now = iso(clock());
      try {
        await repo.insert({
          id: randomUUID(),
          email: address,
          password_hash: await passwords.hash(password),
          role,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        // Created meanwhile by another process (two instances starting on a new database).
        if (isUniqueViolation(error)) throw new Conflict(`An admin ${address} already exists.`);
        throw error;
      }
      return { email: address, role };
    },

    /** Sets the signed-in person's own name (how the back office and the log name them). */
    async setName(admin: SignedInAdmin, name: string): Promise<SignedInAdmin> {
      const row = await repo.findById(admin.id);
      if (!row) throw new NotFound("The account no longer exists.");
      await db
        .updateTable("admins")
        .set({ name, updated_at: iso(clock()) })
        .where("id", "=", admin.id)
        .execute();
      return { ...signedIn(row), name };
    },

    /** Whether `admin` gets the weekly traffic report: an owner with it on (never an editor). */
    async weeklyReport(admin: SignedInAdmin): Promise<boolean> {
      if (admin.role !== "owner") return false;
      const row = await repo.findById(admin.id);
      return row?.role === "owner" && row.weekly_report === 1;
    },

    /**
     * Turns the signed-in owner's weekly traffic report on or off; answers what it was.
     * 403 for an editor, 404 when the account is gone.
     */
    async setWeeklyReport(admin: SignedInAdmin, on: boolean): Promise<{ before: boolean }> {
      if (admin.role !== "owner") throw new Forbidden(WEEKLY_REPORT_OWNERS_ONLY);
      const row = await repo.findById(admin.id);
      if (!row) throw new NotFound("The account no longer exists.");
      if (row.role !== "owner") throw new Forbidden(WEEKLY_REPORT_OWNERS_ONLY);
      await db
        .updateTable("admins")
        .set({ weekly_report: on ? 1 : 0, updated_at: iso(clock()) })
        .where("id", "=", admin.id)
        .execute();
      return { before: row.weekly_report === 1 };
    },

    /**
     * A new e-mail address for the signed-in person, with the current password given again.
     * With mail, a single-use link (1 hour) goes to the new address and the change waits
     * for it (`changed` false); without mail the change is made at once. 409 when the
     * address has an account, 400 for a wrong or missing password.
     */
    async changeEmail(
      admin: SignedInAdmin,
      email: string,
      currentPassword?: string,
    ): Promise<{ changed: boolean; before: string; after: string }> {
      const row = await repo.findById(admin.id);
      if (!row) throw new NotFound("The account no longer exists.");
      if (email === row.email) throw new Invalid(accountMessages.sameEmail);
      if (await repo.findByEmail(email)) {
        throw new Conflict(`There is already an account for ${email}.`);
      }
      // The password is asked again either way: a token left in a browser is not enough.
      if (!currentPassword || !(await passwords.verify(currentPassword, row.password_hash))) {
        throw new Invalid(
          currentPassword
            ? accountMessages.wrongCurrentPassword
            : accountMessages.emailNeedsPassword,
        );
      }
      if (!mailOn) {
        await setEmail(row.id, email);
        return { changed: true, before: row.email, after: email };
      }
      const now = clock();
      const { token, hash } = newLinkToken();
      const expiresAt = now + RESET_LINK_MS;
      await db.transaction().execute(async (trx) => {
        // One open confirmation per account: an earlier one stops working.
        await trx
          .deleteFrom("admin_tokens")
          .where("purpose", "=", "email")
          .where("admin_id", "=", row.id)
          .where("used_at", "is", null)
          .execute();
        await createLinkRepository(trx).insert({
          id: randomUUID(),
          purpose: "email",
          token_hash: hash,
          email,
          admin_id: row.id,
          role: null,
          created_by: row.id,
          expires_at: iso(expiresAt),
          used_at: null,
          created_at: iso(now),
        });
      });
      const url = `${origin}/admin/confirm-email#token=${token}`;
      const agency = await agencyName();
      void deps
        .mailer!.send({
          to: email,
          subject: `${agency} back office: confirm your new e-mail address`,
          text: [
            `${row.name || row.email} asked to use this address (${email}) for their ${agency} back office account.`,
            `To confirm, open this link (it works once, until ${formatDateTime(new Date(expiresAt))} ${AGENCY_TIME_ZONE_NAME}):`,
            `    ${url}`,
            "If you did not ask for this, ignore this mail: nothing changes.",
          ].join("\n\n"),
        })
        .catch((error: unknown) =>
          log.error({ err: error, admin: row.id }, "e-mail confirmation link not sent"),
        );
      return { changed: false, before: row.email, after: email };
    },

    /**
     * Opens a confirmation link: the account's e-mail becomes the link's address, and the
     * old address is told (a mail saying so, naming the agency as stored), so a change the
     * person did not make does not go unseen.
     */
    async confirmEmail(token: string): Promise<{ admin: SignedInAdmin; before: string }> {
      const now = clock();
      const link = await openLink("email", token, now);
      const changed = await db.transaction().execute(async (trx) => {
        if (!(await createLinkRepository(trx).claim(link.id, iso(now)))) {
          throw new Invalid(accountMessages.linkUsedOrExpired);
        }
        const admins = createAdminRepository(trx);
        const row = link.admin_id ? await admins.findById(link.admin_id) : undefined;
        if (!row) throw new Invalid(accountMessages.linkUsedOrExpired);
        if (await admins.findByEmail(link.email)) {
          throw new Conflict(`There is already an account for ${link.email}.`);
        }
        await trx
          .updateTable("admins")
          .set({ email: link.email, updated_at: iso(now) })
          .where("id", "=", row.id)
          .execute();
        return { admin: { ...signedIn(row), email: link.email }, before: row.email };
      });
      if (mailOn) {
        const agency = await agencyName();
        void deps
          .mailer!.send({
            to: changed.before,
            subject: `${agency} back office: your e-mail address was changed`,
            text: [
              `The e-mail address of your ${agency} back office account was changed from ${changed.before} to ${changed.admin.email} on ${formatDateTime(new Date(now))} ${AGENCY_TIME_ZONE_NAME}. From now on the account signs in, and gets its mails, with the new address.`,
              "If you made this change, there is nothing to do.",
              `If you did not, someone may have your password: tell an owner of the ${agency} back office at once. They can end the account's sessions and make you a link to choose a new password on the Staff screen.`,
            ].join("\n\n"),
          })
          .catch((error: unknown) =>
            log.error({ err: error, admin: changed.admin.id }, "e-mail change notice not sent"),
          );
      }
      return changed;
    },

    /**
     * A reset link an owner made for someone else (the Staff screen). With mail it is
     * mailed to them (`link` null); without, the owner gets it once, to hand over.
     */
    async resetLinkFor(
      actor: SignedInAdmin,
      id: string,
    ): Promise<{ email: string; mailed: boolean; link: string | null; expiresAt: string }> {
      if (id === actor.id) throw new Conflict(accountMessages.resetNotYourself);
      const row = await repo.findById(id);
      if (!row) throw new NotFound("There is no such account.");
      const link = await newResetLink(row, actor.id);
      if (mailOn) await notifier.passwordReset(link);
      return {
        email: row.email,
        mailed: mailOn,
        link: mailOn ? null : link.url,
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    /** The people with an account (oldest first) and the open invitations. */
    async list(): Promise<StaffList> {
      const now = clock();
      const [rows, invitations] = await Promise.all([
        db
          .selectFrom("admins")
          .select(["id", "email", "name", "role", "created_at"])
          .orderBy("created_at")
          .orderBy("email")
          .execute(),
        links.pendingInvitations(iso(now)),
      ]);
      return {
        mailOn,
        members: rows.map(member),
        invitations: invitations.map((row) => ({
          id: row.id,
          email: row.email,
          role: roleOf(row.role ?? "editor"),
          createdAt: row.created_at,
          expiresAt: row.expires_at,
        })),
      };
    },

    /** Sign out everywhere: every token signed before now stops working. */
    async endSessions(email: string): Promise<void> {
      const address = normalEmail(email);
      const result = await repo.endSessions(address, iso(clock()));
      if (Number(result.numUpdatedRows) === 0) throw new NotFound(`No admin ${address}.`);
    },

    /**
     * Checks the current password, sets the new one and ends every session of the account
     * (other browsers too); answers the admin, for a fresh token for this browser.
     */
    async changePassword(
      admin: SignedInAdmin,
      currentPassword: string,
      newPassword: string,
    ): Promise<SignedInAdmin> {
      const row = await repo.findById(admin.id);
      if (!row) throw new NotFound("The account no longer exists.");
      if (!(await passwords.verify(currentPassword, row.password_hash))) {
        throw new Invalid(accountMessages.wrongCurrentPassword);
      }
      await checkNewPassword(newPassword, row.email);
      await repo.updatePassword(row.email, await passwords.hash(newPassword), iso(clock()));
      return signedIn(row);
    },

    /**
     * Starts the forgotten-password work and returns at once: the answer is the same, and
     * as quick, whether or not the address has an account. Failures are logged.
     */
    requestReset(email: string): void {
      void sendResetLink(email).catch((error: unknown) =>
        log.error({ err: error }, "password reset link not stored or sent"),
      );
    },

    /**
     * Sets a new password and ends every session of the account. The command line names the
     * account by `email` (400 for a bad address or password, 404 when there is none); a
     * mailed reset link by its `token`: the link and every other open reset link of the
     * account stop working (400 when it is used, expired or unknown).
     */
    async resetPassword(
      account: { email: string } | { token: string },
      password: string,
    ): Promise<SignedInAdmin> {
      const now = clock();
      const address = "email" in account ? normalEmail(account.email) : undefined;
      const link = "token" in account ? await openLink("reset", account.token, now) : undefined;
      // The account as it is now, for the password rule (its e-mail); read again below.
      const current = link
        ? link.admin_id
          ? await repo.findById(link.admin_id)
          : undefined
        : await repo.findByEmail(address!);
      if (!current) {
        if (link) throw new Invalid(accountMessages.linkUsedOrExpired);
        throw new NotFound(`No admin ${address}.`);
      }
      await checkNewPassword(password, current.email);
      const passwordHash = await passwords.hash(password);
      return db.transaction().execute(async (trx) => {
        const admins = createAdminRepository(trx);
        const row = await admins.findById(current.id);
        if (link) {
          const trxLinks = createLinkRepository(trx);
          if (!(await trxLinks.claim(link.id, iso(now)))) {
            throw new Invalid(accountMessages.linkUsedOrExpired);
          }
          if (!row) throw new Invalid(accountMessages.linkUsedOrExpired);
          await trxLinks.endResets(row.id, iso(now));
          // A link made by an owner for someone else ends with that owner's authority: the
          // maker must still be an owner now (not removed, not made an editor since).
          if (
            link.created_by &&
            link.created_by !== row.id &&
            (await roleInTransaction(trx, link.created_by)) !== "owner"
          ) {
            throw new Invalid(accountMessages.linkUsedOrExpired);
          }
        } else if (!row) {
          throw new NotFound(`No admin ${address}.`);
        }
        await admins.updatePassword(row.email, passwordHash, iso(now));
        return signedIn(row);
      });
    },

    /**
     * Mails a single-use invitation valid for 7 days; an earlier open invitation to the same
     * address is replaced. 409 when the address already has an account.
     */
    async invite(
      actor: SignedInAdmin,
      email: string,
      role: AdminRole,
    ): Promise<{ invitation: Invitation; link: string | null }> {
      if (await repo.findByEmail(email)) {
        throw new Conflict(`There is already an account for ${email}.`);
      }
      const now = clock();
      const { token, hash } = newLinkToken();
      const invitation: Invitation = {
        id: randomUUID(),
        email,
        role,
        createdAt: iso(now),
        expiresAt: iso(now + INVITATION_MS),
      };
      await links.prune(iso(now - 24 * HOUR_MS));
      await db.transaction().execute(async (trx) => {
        const trxLinks = createLinkRepository(trx);
        await trxLinks.deleteOpenInvitations(email);
        await trxLinks.insert({
          id: invitation.id,
          purpose: "invite",
          token_hash: hash,
          email,
          admin_id: null,
          role,
          created_by: actor.id,
          expires_at: invitation.expiresAt,
          used_at: null,
          created_at: invitation.createdAt,
        });
      });
      const url = `${origin}/admin/accept-invite#token=${token}`;
      // Without mail the owner gets the link, once, to hand over; it is never stored.
      if (!mailOn) return { invitation, link: url };
      void notifier.staffInvited({
        email,
        role,
        invitedBy: actor.name || actor.email,
        url,
        expiresAt: new Date(now + INVITATION_MS),
      });
      return { invitation, link: null };
    },

    /** Withdraws an open invitation: its link stops working. */
    async withdrawInvitation(id: string): Promise<WithdrawnInvitation> {
      const row = await links.deleteInvitation(id);
      if (!row) throw new NotFound("There is no open invitation with this id.");
      return { id: row.id, email: row.email, role: roleOf(row.role ?? "editor") };
    },

    /** Creates the invited account with the invitation's role; answers it, to sign it in. */
    async acceptInvitation(token: string, name: string, password: string): Promise<SignedInAdmin> {
      const now = clock();
      const link = await openLink("invite", token, now);
      await checkNewPassword(password, link.email);
      const passwordHash = await passwords.hash(password);
      const row = {
        id: randomUUID(),
        email: link.email,
        name,
        role: roleOf(link.role ?? "editor"),
        created_at: iso(now),
      };
      await db.transaction().execute(async (trx) => {
        if (!(await createLinkRepository(trx).claim(link.id, iso(now)))) {
          throw new Invalid(accountMessages.inviteUsedOrExpired);
        }
        // An invitation ends with its sender's authority: only an owner grants a role, and
        // the sender must still be one now (not removed, not made an editor since).
        if (!link.created_by || (await roleInTransaction(trx, link.created_by)) !== "owner") {
          throw new Invalid(accountMessages.inviteUsedOrExpired);
        }
        const admins = createAdminRepository(trx);
        if (await admins.findByEmail(link.email)) {
          throw new Conflict(`There is already an account for ${link.email}. Sign in instead.`);
        }
        await admins.insert({ ...row, password_hash: passwordHash, updated_at: row.created_at });
      });
      return signedIn(row);
    },

    /**
     * Removes an account. An owner in the back office (`actor`) never removes themselves or
     * the last owner (409); the command line names it by e-mail. Its sessions end with the
     * row; its links go, and so does every link it made for others (invitations, password
     * links, preview links: LINKS_MADE_BY_STAFF), each recorded as ended in the activity
     * log; the activity log keeps its e-mail, not its id.
     */
    async remove(
      account: AccountRef,
      actor?: SignedInAdmin,
    ): Promise<{ removed: StaffMember; ended: EndedLink[] }> {
      const result = await db.transaction().execute(async (trx) => {
        const { row, owners } = await target(trx, account, actor);
        if (actor && roleOf(row.role) === "owner" && owners <= 1) {
          throw new Conflict(accountMessages.lastOwner);
        }
        const ended = await endLinksMadeBy(trx, row.id, "removed");
        await forgetAccount(trx, row.id);
        return { removed: member(row), ended };
      });
      await recordEnded(actor ?? COMMAND_LINE_ACTOR, result.removed, "removed", result.ended);
      return result;
    },

    /**
     * Makes a person an owner or an editor; never yourself, never the last owner an editor.
     * An owner made an editor can no longer invite nor make password links: the ones they
     * made end (each recorded in the activity log).
     */
    async changeRole(
      actor: SignedInAdmin,
      id: string,
      role: AdminRole,
    ): Promise<{ before: StaffMember; after: StaffMember; ended: EndedLink[] }> {
      const result = await db.transaction().execute(async (trx) => {
        const { row, owners } = await target(trx, { id }, actor);
        const before = member(row);
        if (before.role === "owner" && role !== "owner" && owners <= 1) {
          throw new Conflict(accountMessages.lastOwner);
        }
        if (before.role !== role) {
          await trx
            .updateTable("admins")
            .set({ role, updated_at: iso(clock()) })
            .where("id", "=", id)
            .execute();
        }
        // What the new role may not make ends: an owner's links, and an author's others'.
        const lost = role === "owner" ? undefined : role;
        const ended = lost ? await endLinksMadeBy(trx, id, lost) : [];
        return { before, after: { ...before, role }, ended };
      });
      if (role !== "owner") await recordEnded(actor, result.after, role, result.ended);
      return result;
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
