import type { Kysely } from "kysely";
import type { ContentItemsTable, Database } from "../../db/schema.ts";

export type ContentRow = Pick<ContentItemsTable, "id" | "type" | "position" | "data">;

export function createContentRepository(db: Kysely<Database>) {
  const columns = ["id", "type", "position", "data"] as const;
  return {
    all: () =>
      db.selectFrom("content_items").select(columns).orderBy("type").orderBy("position").execute(),
    list: (type: string) =>
      db
        .selectFrom("content_items")
        .select(columns)
        .where("type", "=", type)
        .orderBy("position")
        .orderBy("created_at")
        .execute(),
    find: (type: string, id: string) =>
      db
        .selectFrom("content_items")
        .select(columns)
        .where("type", "=", type)
        .where("id", "=", id)
        .executeTakeFirst(),
    /** Adds an item at the end of its type's list. */
    async append(type: string, id: string, data: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom("content_items")
          .select((eb) => eb.fn.max("position").as("position"))
          .where("type", "=", type)
          .executeTakeFirst();
        const position =
          last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        await trx
          .insertInto("content_items")
          .values({ id, type, position, data, created_at: now, updated_at: now })
          .execute();
      });
    },
    async replace(type: string, id: string, data: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("content_items")
        .set({ data, updated_at: now })
        .where("type", "=", type)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Writes a singleton, creating its row when it has none. */
    async put(type: string, data: string, now: string): Promise<void> {
      await db
        .insertInto("content_items")
        .values({ id: type, type, position: 0, data, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("id").doUpdateSet({ data, updated_at: now }))
        .execute();
    },
    async remove(type: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("content_items")
        .where("type", "=", type)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Gives the listed ids positions 0, 1, 2… in one transaction. */
    async reorder(type: string, ids: string[], now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [position, id] of ids.entries()) {
          await trx
            .updateTable("content_items")
            .set({ position, updated_at: now })
            .where("type", "=", type)
            .where("id", "=", id)
            .execute();
        }
      });
    },
  };
}
