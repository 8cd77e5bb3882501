import { sql, type Kysely } from "kysely";
import type { BlogsTable, Database } from "../../db/schema.ts";

/**
 * `%text%` for LIKE, lower-cased, with the wildcards of the search text taken literally.
 * SQLite's lower() folds ASCII letters only, so every other character becomes `_` (any one
 * character): the database narrows the rows down and the service then compares them
 * exactly, in the same way on SQLite and PostgreSQL.
 */
export function likePattern(text: string): string {
  let pattern = "";
  for (const char of text) {
    if (char === "\\" || char === "%" || char === "_") pattern += `\\${char}`;
    else pattern += char.charCodeAt(0) < 0x80 ? char.toLowerCase() : "_";
  }
  return `%${pattern}%`;
}

/**
 * The search text as it appears inside the stored JSON array of points (quotes and
 * backslashes escaped), so a search matches within one point and never the JSON syntax.
 */
export function jsonTextPattern(text: string): string {
  return likePattern(JSON.stringify(text).slice(1, -1));
}

export function createBlogRepository(db: Kysely<Database>) {
  return {
    /**
     * Newest first; with `q`, the posts whose title or content may contain it (exact for
     * ASCII text; the service checks other letters itself).
     */
    list(q?: string) {
      let query = db.selectFrom("blogs").selectAll();
      if (q) {
        query = query.where(
          sql<boolean>`(lower(title) like ${likePattern(q)} escape '\\' or lower(content) like ${jsonTextPattern(q)} escape '\\')`,
        );
      }
      return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
    },
    find: (id: string) =>
      db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst(),
    /** The slugs that are `slug` or begin with `slug-` (a slug has no LIKE wildcards). */
    slugsLike: async (slug: string) =>
      (
        await db
          .selectFrom("blogs")
          .select("slug")
          .where((eb) => eb.or([eb("slug", "=", slug), eb("slug", "like", `${slug}-%`)]))
          .execute()
      ).map((row) => row.slug),
    insert: (row: BlogsTable) => db.insertInto("blogs").values(row).execute(),
    update: async (id: string, changes: Partial<Omit<BlogsTable, "id" | "created_at">>) =>
      Number(
        (await db.updateTable("blogs").set(changes).where("id", "=", id).executeTakeFirst())
          .numUpdatedRows,
      ),
    remove: async (id: string) =>
      Number((await db.deleteFrom("blogs").where("id", "=", id).executeTakeFirst()).numDeletedRows),
  };
}
