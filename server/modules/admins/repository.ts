import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export function createAdminRepository(db: Kysely<Database>) {
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
    insert: (row: Database["admins"]) => db.insertInto("admins").values(row).execute(),
    updatePassword: (email: string, passwordHash: string, now: string) =>
      db
        .updateTable("admins")
        .set({ password_hash: passwordHash, updated_at: now })
        .where("email", "=", email)
        .executeTakeFirst(),
    deleteByEmail: (email: string) =>
      db.deleteFrom("admins").where("email", "=", email).executeTakeFirst(),
  };
}
