import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export function createAdminRepository(db: Kysely<Database>) {
  /** Moves the admin to a new session version (with `changes`): earlier tokens stop working. */
  const endSessions = (email: string, now: string, changes: { password_hash?: string } = {}) =>
    db
      .updateTable("admins")
      .set((eb) => ({
        ...changes,
        session_version: eb("session_version", "+", 1),
        updated_at: now,
      }))
      .where("email", "=", email)
      .executeTakeFirst();

  return {
    findByEmail: (email: string) =>
      db.selectFrom("admins").selectAll().where("email", "=", email).executeTakeFirst(),
    findById: (id: string) =>
      db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst(),
    list: () =>
      db.selectFrom("admins").select(["id", "email", "created_at"]).orderBy("created_at").execute(),
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
