import type { Kysely, Selectable } from "kysely";
import type { Database, PagesTable } from "../../db/schema.ts";

export type PageRow = Selectable<PagesTable>;

/** The pages' SQL, through Kysely only. */
export function createPagesRepository(db: Kysely<Database>) {
  return {
    list: () =>
      db
        .selectFrom("pages")
        .select(["id", "slug", "title", "status", "updated_at"])
        .orderBy("title")
        .orderBy("id")
        .execute(),
    find: (id: string) =>
      db.selectFrom("pages").selectAll().where("id", "=", id).executeTakeFirst(),
    findPublished: (slug: string) =>
      db
        .selectFrom("pages")
        .selectAll()
        .where("slug", "=", slug)
        .where("status", "=", "published")
        .executeTakeFirst(),
    published: () =>
      db
        .selectFrom("pages")
        .select(["slug", "updated_at"])
        .where("status", "=", "published")
        .orderBy("slug")
        .execute(),
    /** The id of the page at this address, if any. */
    slugOwner: async (slug: string) =>
      (await db.selectFrom("pages").select("id").where("slug", "=", slug).executeTakeFirst())?.id,
    insert: (row: PageRow) => db.insertInto("pages").values(row).execute(),
    async update(id: string, row: Omit<PageRow, "id" | "created_at" | "author_id">) {
      const result = await db.updateTable("pages").set(row).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: string) {
      const result = await db.deleteFrom("pages").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
