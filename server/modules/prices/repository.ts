import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export function createPriceRepository(db: Kysely<Database>) {
  return {
    list: () =>
      db
        .selectFrom("prices")
        .select(["key", "amount"])
        .orderBy("created_at")
        .orderBy("key")
        .execute(),
    find: (key: string) =>
      db.selectFrom("prices").select(["key", "amount"]).where("key", "=", key).executeTakeFirst(),
    /** Inserts or updates; answers the amount it had before (undefined when the key was new). */
    async upsert(key: string, amount: number, now: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom("prices")
          .select("amount")
          .where("key", "=", key)
          .executeTakeFirst();
        await trx
          .insertInto("prices")
          .values({ key, amount, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column("key").doUpdateSet({ amount, updated_at: now }))
          .execute();
        return existing === undefined ? undefined : Number(existing.amount);
      });
    },
    remove: async (key: string) =>
      Number(
        (await db.deleteFrom("prices").where("key", "=", key).executeTakeFirst()).numDeletedRows,
      ),
  };
}
