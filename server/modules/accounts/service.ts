import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  accountMessages,
  INVITATION_DAYS,
  RESET_LINK_HOURS,
  type AdminRole,
  type Invitation,
  type StaffList,
  type StaffMember,
} from "../../../common/schemas/accounts.ts";
import type { SignedInAdmin } from "../../api-types.ts";
import type { DatabaseHandle } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { Notifier } from "../../mail/notifier.ts";
import { createAdminRepository } from "../admins/repository.ts";
import type { AdminService } from "../admins/service.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import { createLinkRepository, forgetAccount } from "./repository.ts";

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

const roleOf = (role: string): AdminRole => (role === "editor" ? "editor" : "owner");

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

/** An invitation withdrawn because its sender lost the authority to grant a role. */
export interface WithdrawnInvitation {
  id: string;
  email: string;
  role: AdminRole;
}
const withdrawnInvitation = (row: { id: string; email: string; role: string | null }) => ({
  id: row.id,
  email: row.email,
  role: roleOf(row.role ?? "editor"),
});

export interface AccountServiceDeps {
  database: DatabaseHandle;
  admins: AdminService;
  tokens: TokenSigner;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** Where the links in the mails point (PUBLIC_ORIGIN). */
  origin: string;
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
}

/** The admin an action was done as, and the token that signs them in here. */
export interface SignedInResult {
  admin: SignedInAdmin;
  token: string;
}

/**
 * Staff accounts in the browser (issue 13): change my password, forgotten password by a
 * single-use mailed link, invitations by the owner, removing people and changing roles.
 * The links put the token in the URL's fragment (`#token=…`): a browser never sends a
 * fragment to a server, so it stays out of access logs and Referer headers.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { database, admins, tokens, notifier, log, origin, clock = Date.now } = deps;
  const { db } = database;
  const links = createLinkRepository(db);
  const iso = (ms: number) => new Date(ms).toISOString();

  const signFor = async (adminId: string, now: number): Promise<SignedInResult> => {
    const row = await admins.repo.findById(adminId);
    if (!row) throw new NotFound("The account no longer exists.");
    const token = await tokens.sign(
      { adminId: row.id, email: row.email, sessionVersion: row.session_version },
      now,
    );
    return {
      admin: { id: row.id, email: row.email, name: row.name, role: roleOf(row.role) },
      token,
    };
  };

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

  /** The forgotten-password work, after the answer has gone: look up, store, mail. */
  async function sendResetLink(email: string): Promise<void> {
    const admin = await admins.repo.findByEmail(email);
    if (!admin) return;
    const now = clock();
    await links.prune(iso(now - 24 * HOUR_MS));
    if (
      (await links.openResetsSince(admin.id, iso(now - RESET_LINK_MS), iso(now))) >= MAX_OPEN_RESETS
    ) {
      log.warn({ admin: admin.id }, "password reset asked again; open links at the limit, no mail");
      return;
    }
    const { token, hash } = newLinkToken();
    const expiresAt = now + RESET_LINK_MS;
    await links.insert({
      id: randomUUID(),
      purpose: "reset",
      token_hash: hash,
      email: admin.email,
      admin_id: admin.id,
      role: null,
      created_by: admin.id,
      expires_at: iso(expiresAt),
      used_at: null,
      created_at: iso(now),
    });
    await notifier.passwordReset({
      email: admin.email,
      url: `${origin}/admin/reset-password#token=${token}`,
      expiresAt: new Date(expiresAt),
    });
  }

  /** A link's row when it is of `purpose`, unused and unexpired; else the refusal. */
  async function openLink(purpose: "reset" | "invite", token: string, now: number) {
    const row = await links.findByHash(purpose, hashOf(token));
    if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now) {
      throw new Invalid(
        purpose === "reset"
          ? accountMessages.linkUsedOrExpired
          : accountMessages.inviteUsedOrExpired,
      );
    }
    return row;
  }

  return {
    /** The signed-in admin as GET /api/auth/me answers. */
    me: (admin: SignedInAdmin) => ({
      id: admin.id,
      email: admin.email,
      name: admin.name,
      role: admin.role,
    }),

    /**
     * Checks the current password, sets the new one and ends every session of the account
     * (other browsers too); answers a fresh token so this browser stays signed in.
     */
    async changePassword(
      admin: SignedInAdmin,
      currentPassword: string,
      newPassword: string,
    ): Promise<SignedInResult> {
      const row = await admins.repo.findById(admin.id);
      if (!row) throw new NotFound("The account no longer exists.");
      if (!(await verifyPassword(currentPassword, row.password_hash))) {
        throw new Invalid(accountMessages.wrongCurrentPassword);
      }
      const now = clock();
      await admins.repo.updatePassword(row.email, await hashPassword(newPassword), iso(now));
      return signFor(row.id, now);
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
     * Sets the password with a reset link: the link and every other open reset link of the
     * account stop working, every session ends; answers a token for this browser.
     */
    async resetPassword(token: string, password: string): Promise<SignedInResult> {
      const now = clock();
      const link = await openLink("reset", token, now);
      const passwordHash = await hashPassword(password);
      const adminId = await db.transaction().execute(async (trx) => {
        const trxLinks = createLinkRepository(trx);
        if (!(await trxLinks.claim(link.id, iso(now)))) {
          throw new Invalid(accountMessages.linkUsedOrExpired);
        }
        const admin = link.admin_id
          ? await trx
              .selectFrom("admins")
              .select(["id", "email"])
              .where("id", "=", link.admin_id)
              .executeTakeFirst()
          : undefined;
        if (!admin) throw new Invalid(accountMessages.linkUsedOrExpired);
        await trxLinks.endResets(admin.id, iso(now));
        await createAdminRepository(trx).updatePassword(admin.email, passwordHash, iso(now));
        return admin.id;
      });
      return signFor(adminId, now);
    },

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

    /**
     * Mails a single-use invitation valid for 7 days; an earlier open invitation to the same
     * address is replaced. 409 when the address already has an account.
     */
    async invite(actor: SignedInAdmin, email: string, role: AdminRole): Promise<Invitation> {
      if (await admins.repo.findByEmail(email)) {
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
      void notifier.staffInvited({
        email,
        role,
        invitedBy: actor.name || actor.email,
        url: `${origin}/admin/accept-invite#token=${token}`,
        expiresAt: new Date(now + INVITATION_MS),
      });
      return invitation;
    },

    /** Withdraws an open invitation: its link stops working. */
    async withdrawInvitation(id: string): Promise<WithdrawnInvitation> {
      const row = await links.deleteInvitation(id);
      if (!row) throw new NotFound("There is no open invitation with this id.");
      return withdrawnInvitation(row);
    },

    /** Creates the invited account with the invitation's role; answers a token for it. */
    async acceptInvitation(token: string, name: string, password: string): Promise<SignedInResult> {
      const now = clock();
      const link = await openLink("invite", token, now);
      const passwordHash = await hashPassword(password);
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        if (!(await createLinkRepository(trx).claim(link.id, iso(now)))) {
          throw new Invalid(accountMessages.inviteUsedOrExpired);
        }
        // An invitation ends with its sender's authority: only an owner grants a role, and
        // the sender must still be one now (not removed, not made an editor since).
        if (!link.created_by || (await roleInTransaction(trx, link.created_by)) !== "owner") {
          throw new Invalid(accountMessages.inviteUsedOrExpired);
        }
        const repo = createAdminRepository(trx);
        if (await repo.findByEmail(link.email)) {
          throw new Conflict(`There is already an account for ${link.email}. Sign in instead.`);
        }
        await repo.insert({
          id,
          email: link.email,
          password_hash: passwordHash,
          role: roleOf(link.role ?? "editor"),
          name,
          created_at: iso(now),
          updated_at: iso(now),
        });
      });
      return signFor(id, now);
    },

    /**
     * Removes a person: never yourself, never the last owner (409). Their sessions end with
     * the row; their links go, and so do the invitations and preview links they handed out
     * (`withdrawn`: the invitations, for the activity log); the activity log keeps their
     * e-mail, not their id.
     */
    async remove(
      actor: SignedInAdmin,
      id: string,
    ): Promise<{ removed: StaffMember; withdrawn: WithdrawnInvitation[] }> {
      if (id === actor.id) throw new Conflict(accountMessages.notYourself);
      return db.transaction().execute(async (trx) => {
        const owners = await ownerCount(trx);
        const row = await trx
          .selectFrom("admins")
          .select(["id", "email", "name", "role", "created_at"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row) throw new NotFound("There is no such account.");
        if (roleOf(row.role) === "owner" && owners <= 1) {
          throw new Conflict(accountMessages.lastOwner);
        }
        const withdrawn = await forgetAccount(trx, id);
        return { removed: member(row), withdrawn: withdrawn.map(withdrawnInvitation) };
      });
    },

    /**
     * Makes a person an owner or an editor; never yourself, never the last owner an editor.
     * An owner made an editor can no longer invite: the invitations they sent are withdrawn.
     */
    async changeRole(
      actor: SignedInAdmin,
      id: string,
      role: AdminRole,
    ): Promise<{ before: StaffMember; after: StaffMember; withdrawn: WithdrawnInvitation[] }> {
      if (id === actor.id) throw new Conflict(accountMessages.notYourself);
      return db.transaction().execute(async (trx) => {
        const owners = await ownerCount(trx);
        const row = await trx
          .selectFrom("admins")
          .select(["id", "email", "name", "role", "created_at"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row) throw new NotFound("There is no such account.");
        const before = member(row);
        if (before.role === "owner" && role === "editor" && owners <= 1) {
          throw new Conflict(accountMessages.lastOwner);
        }
        if (before.role !== role) {
          await trx
            .updateTable("admins")
            .set({ role, updated_at: iso(clock()) })
            .where("id", "=", id)
            .execute();
        }
        const withdrawn =
          role === "editor" ? await createLinkRepository(trx).withdrawSentBy(id) : [];
        return {
          before,
          after: { ...before, role },
          withdrawn: withdrawn.map(withdrawnInvitation),
        };
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
