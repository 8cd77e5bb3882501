import type { Kysely, Selectable } from "kysely";
import type { Database, ImportItemsTable, ImportsTable } from "../../db/schema.ts";

export type ImportRow = Selectable<ImportsTable>;
export type ImportItemRow = Selectable<ImportItemsTable>;

/** The imports' SQL (decision 0044), through Kysely only. */
export function createImportRepository(db: Kysely<Database>) {
  return {
    insert: (row: ImportRow) => db.insertInto("imports").values(row).execute(),
    find: (id: string) =>
      db.selectFrom("imports").selectAll().where("id", "=", id).executeTakeFirst(),
    list: (limit: number) =>
      db.selectFrom("imports").selectAll().orderBy("created_at", "desc").limit(limit).execute(),
    async update(id: string, changes: Partial<ImportRow>, into: Kysely<Database> = db) {
      const result = await into
        .updateTable("imports")
        .set(changes)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The imports in `state` whose lease is free at `now` (none, or run out). */
    due: (states: readonly string[], now: string) =>
      db
        .selectFrom("imports")
        .select(["id", "state"])
        .where("state", "in", states)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
        .orderBy("created_at")
        .execute(),
    /** Takes the lease of an import for `owner` until `until`, if it is free; answers whether it did. */
    async claim(id: string, state: string, owner: string, now: string, until: string) {
      const result = await db
        .updateTable("imports")
        .set({ lease_owner: owner, lease_until: until })
        .where("id", "=", id)
        .where("state", "=", state)
        .where((eb) =>
          eb.or([
            eb("lease_until", "is", null),
            eb("lease_until", "<", now),
            eb("lease_owner", "=", owner),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Renews or gives back (`until` null) a lease this owner holds; answers whether it holds it. */
    async lease(id: string, owner: string, until: string | null) {
      const result = await db
        .updateTable("imports")
        .set({ lease_until: until, ...(until === null ? { lease_owner: null } : {}) })
        .where("id", "=", id)
        .where("lease_owner", "=", owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    insertItems: (rows: readonly ImportItemRow[], into: Kysely<Database> = db) =>
      rows.length === 0
        ? Promise.resolve()
        : into
            .insertInto("import_items")
            .values([...rows])
            .execute(),
    removeItems: (importId: string) =>
      db.deleteFrom("import_items").where("import_id", "=", importId).execute(),
    /** The next items not handled yet, of these kinds, in the file's order. */
    pending: (importId: string, kinds: readonly string[], limit: number) =>
      db
        .selectFrom("import_items")
        .selectAll()
        .where("import_id", "=", importId)
        .where("kind", "in", kinds)
        .where("outcome", "is", null)
        .orderBy("seq")
        .limit(limit)
        .execute(),
    /** An item of the file by its kind and old id (an attachment a post names). */
    item: (importId: string, kind: string, sourceId: string) =>
      db
        .selectFrom("import_items")
        .selectAll()
        .where("import_id", "=", importId)
        .where("kind", "=", kind)
        .where("source_id", "=", sourceId)
        .executeTakeFirst(),
    /** The attachments whose parent is this post (a [gallery] without ids). */
    attachmentsOf: (importId: string, parentId: string) =>
      db
        .selectFrom("import_items")
        .select(["source_id", "data"])
        .where("import_id", "=", importId)
        .where("kind", "=", "attachment")
        .where("parent_id", "=", parentId)
        .orderBy("seq")
        .execute(),
    /** Items of a kind, a batch after `afterSeq` (staging's second pass). */
    itemsAfter: (importId: string, kind: string, afterSeq: number, limit: number) =>
      db
        .selectFrom("import_items")
        .selectAll()
        .where("import_id", "=", importId)
        .where("kind", "=", kind)
        .where("seq", ">", afterSeq)
        .orderBy("seq")
        .limit(limit)
        .execute(),
    async setItemData(importId: string, seq: number, data: string) {
      await db
        .updateTable("import_items")
        .set({ data })
        .where("import_id", "=", importId)
        .where("seq", "=", seq)
        .execute();
    },
    /** Writes an item's outcome (in the transaction of what it made) and counts it done. */
    async finishItem(
      importId: string,
      seq: number,
      outcome: Pick<ImportItemRow, "outcome" | "reason" | "notes" | "target">,
      now: string,
      into: Kysely<Database> = db,
    ) {
      const result = await into
        .updateTable("import_items")
        .set({ ...outcome, data: null })
        .where("import_id", "=", importId)
        .where("seq", "=", seq)
        .where("outcome", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return;
      await into
        .updateTable("imports")
        .set((eb) => ({ done: eb("done", "+", 1), updated_at: now }))
        .where("id", "=", importId)
        .execute();
    },
    /** How many items came out each way, and how many carry notes. */
    async outcomes(importId: string) {
      const rows = await db
        .selectFrom("import_items")
        .select(["outcome", (eb) => eb.fn.countAll<number>().as("n")])
        .where("import_id", "=", importId)
        .where("outcome", "is not", null)
        .groupBy("outcome")
        .execute();
      const noted = await db
        .selectFrom("import_items")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("import_id", "=", importId)
        .where("notes", "is not", null)
        .executeTakeFirstOrThrow();
      return {
        counts: Object.fromEntries(rows.map((row) => [row.outcome, Number(row.n)])),
        withNotes: Number(noted.n),
      };
    },
    /** Every handled item in the file's order (the report). */
    handled: (importId: string) =>
      db
        .selectFrom("import_items")
        .select([
          "kind",
          "source_id",
          "title",
          "source_status",
          "outcome",
          "reason",
          "notes",
          "target",
        ])
        .where("import_id", "=", importId)
        .where("outcome", "is not", null)
        .orderBy("seq")
        .execute(),
    countItems: async (importId: string) =>
      Number(
        (
          await db
            .selectFrom("import_items")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("import_id", "=", importId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** The items' data is no longer needed once the import is done. */
    clearData: (importId: string) =>
      db
        .updateTable("import_items")
        .set({ data: null })
        .where("import_id", "=", importId)
        .execute(),
    link: (key: string) =>
      db.selectFrom("import_links").selectAll().where("source_key", "=", key).executeTakeFirst(),
    async writeLink(
      row: { source_key: string; kind: string; target_id: string; cover_source: string | null },
      now: string,
      into: Kysely<Database> = db,
    ) {
      await into
        .insertInto("import_links")
        .values({ ...row, updated_at: now })
        .onConflict((oc) =>
          oc.column("source_key").doUpdateSet({
            target_id: row.target_id,
            cover_source: row.cover_source,
            updated_at: now,
          }),
        )
        .execute();
    },
    /** The link of `row.source_key`: `row` if none was there, else the one written first. */
    async linkOnce(
      row: { source_key: string; kind: string; target_id: string; cover_source: string | null },
      now: string,
    ) {
      await db
        .insertInto("import_links")
        .values({ ...row, updated_at: now })
        .onConflict((oc) => oc.column("source_key").doNothing())
        .execute();
      return db
        .selectFrom("import_links")
        .select(["source_key", "kind", "target_id", "cover_source"])
        .where("source_key", "=", row.source_key)
        .executeTakeFirstOrThrow();
    },
    picture: (url: string) =>
      db
        .selectFrom("imported_pictures")
        .selectAll()
        .where("source_url", "=", url)
        .executeTakeFirst(),
    async writePicture(url: string, src: string, now: string) {
      await db
        .insertInto("imported_pictures")
        .values({ source_url: url, src, created_at: now })
        .onConflict((oc) => oc.column("source_url").doUpdateSet({ src, created_at: now }))
        .execute();
    },
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
