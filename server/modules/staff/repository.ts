import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** "email": confirms a new e-mail address (issue 29); its row's `email` is the new one. */
export type LinkPurpose = "reset" | "invite" | "email";

/** The `admins` rows: the accounts themselves. */
export function createAdminRepository(db: Kysely<Database>) {
  /**
   * Moves the admin to a new session version (with `changes`): earlier tokens stop working,
   * and their sessions leave the Devices list (issue 34).
   */
  const endSessions = async (
    email: string,
    now: string,
    changes: { password_hash?: string } = {},
  ) => {
    const result = await db
      .updateTable("admins")
      .set((eb) => ({
        ...changes,
        session_version: eb("session_version", "+", 1),
        updated_at: now,
      }))
      .where("email", "=", email)
      .executeTakeFirst();
    await db
      .deleteFrom("admin_sessions")
      .where("admin_id", "in", (eb) =>
        eb.selectFrom("admins").select("id").where("email", "=", email),
      )
      .execute();
    return result;
  };

  return {
    findByEmail: (email: string) =>
      db.selectFrom("admins").selectAll().where("email", "=", email).executeTakeFirst(),
    findById: (id: string) =>
      db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst(),
    count: async () => {
      const row = await db
        .selectFrom("admins")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    insert: (row: Insertable<Database["admins"]>) => db.insertInto("admins").values(row).execute(),
    /** A new password also ends every session signed in with the old one. */
    updatePassword: (email: string, passwordHash: string, now: string) =>
      endSessions(email, now, { password_hash: passwordHash }),
    /** Ends every token signed so far for this admin. */
    endSessions: (email: string, now: string) => endSessions(email, now),
  };
}

/** The single-use links (`admin_tokens`): found by the SHA-256 of the token, never the token. */
export function createLinkRepository(db: Kysely<Database>) {
  return {
    insert: (row: Insertable<Database["admin_tokens"]>) =>
      db.insertInto("admin_tokens").values(row).execute(),

    findByHash: (purpose: LinkPurpose, tokenHash: string) =>
      db
        .selectFrom("admin_tokens")
        .selectAll()
        .where("purpose", "=", purpose)
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst(),

    /** Marks the link used unless it already is: true for the one caller that got it. */
    claim: async (id: string, now: string) => {
      const result = await db
        .updateTable("admin_tokens")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every unused reset link of the admin stops working (one was used). */
    endResets: (adminId: string, now: string) =>
      db
        .updateTable("admin_tokens")
        .set({ used_at: now })
        .where("purpose", "=", "reset")
        .where("admin_id", "=", adminId)
        .where("used_at", "is", null)
        .execute(),

    /** Reset links asked for this admin since `since` that are still open. */
    openResetsSince: async (adminId: string, since: string, now: string) => {
      const row = await db
        .selectFrom("admin_tokens")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("purpose", "=", "reset")
        .where("admin_id", "=", adminId)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Invitations not used, withdrawn or expired, oldest first. */
    pendingInvitations: (now: string) =>
      db
        .selectFrom("admin_tokens")
        .select(["id", "email", "role", "created_at", "expires_at"])
        .where("purpose", "=", "invite")
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .orderBy("created_at")
        .execute(),

    /** Withdraws an open invitation; answers it, or undefined when there was none. */
    deleteInvitation: async (id: string) => {
      const row = await db
        .selectFrom("admin_tokens")
        .select(["id", "email", "role"])
        .where("id", "=", id)
        .where("purpose", "=", "invite")
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom("admin_tokens").where("id", "=", id).execute();
      return row;
    },

    /** An earlier invitation to the same address goes when a new one is sent. */
    deleteOpenInvitations: (email: string) =>
      db
        .deleteFrom("admin_tokens")
        .where("purpose", "=", "invite")
        .where("email", "=", email)
        .where("used_at", "is", null)
        .execute(),

    /** The links of a removed account. */
    deleteForAdmin: (adminId: string) =>
      db.deleteFrom("admin_tokens").where("admin_id", "=", adminId).execute(),

    /** Links that ended (used or expired) more than a day ago are of no use to anyone. */
    prune: (before: string) =>
      db
        .deleteFrom("admin_tokens")
        .where((eb) => eb.or([eb("expires_at", "<", before), eb("used_at", "<", before)]))
        .execute(),
  };
}

/**
 * Deletes an account and what hangs on it, in the caller's transaction: its own links (the
 * links it made for others are ended first, by endLinksMadeBy in ./links-made.ts), its place
 * as an actor in the activity log (the e-mail stays).
 */
export async function forgetAccount(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom("admins").where("id", "=", id).execute();
  await createLinkRepository(trx).deleteForAdmin(id);
  await trx.updateTable("audit_log").set({ actor_id: null }).where("actor_id", "=", id).execute();
}
