import { sql, type ExpressionBuilder, type Kysely } from "kysely";
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

/** Public: published, or scheduled and due at `now` (ISO). */
const isPublicAt = (now: string) => (eb: ExpressionBuilder<Database, "blogs">) =>
  eb.or([
    eb("blogs.status", "=", "published"),
    eb.and([eb("blogs.status", "=", "scheduled"), eb("blogs.published_at", "<=", now)]),
  ]);

export function createBlogRepository(db: Kysely<Database>) {
  return {
    /**
     * The posts public at `now`, newest publication first; with `q`, the posts whose title
     * or content may contain it (exact for ASCII text; the service checks other letters itself).
     */
    listPublic(now: string, q?: string) {
      let query = db.selectFrom("blogs").selectAll().where(isPublicAt(now));
      if (q) {
        query = query.where(
          sql<boolean>`(lower(title) like ${likePattern(q)} escape '\\' or lower(content) like ${jsonTextPattern(q)} escape '\\')`,
        );
      }
      return query.orderBy("published_at", "desc").orderBy("id", "desc").execute();
    },
    /** Every post whatever its status, with its author's name and e-mail: the back office's list. */
    listAll() {
      return db
        .selectFrom("blogs")
        .leftJoin("admins", "admins.id", "blogs.author_id")
        .selectAll("blogs")
        .select(["admins.name as author_name", "admins.email as author_email"])
        .orderBy("blogs.created_at", "desc")
        .orderBy("blogs.id", "desc")
        .execute();
    },
    find: (id: string) =>
      db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst(),
    findPublic: (column: "id" | "slug", value: string, now: string) =>
      db
        .selectFrom("blogs")
        .leftJoin("admins", "admins.id", "blogs.author_id")
        .selectAll("blogs")
        .select(["admins.name as author_name", "admins.email as author_email"])
        .where(`blogs.${column}`, "=", value)
        .where(isPublicAt(now))
        .executeTakeFirst(),
    /** A post with its author's name and e-mail, by id or by preview token. */
    findWithAuthor: (column: "id" | "preview_token", value: string) =>
      db
        .selectFrom("blogs")
        .leftJoin("admins", "admins.id", "blogs.author_id")
        .selectAll("blogs")
        .select(["admins.name as author_name", "admins.email as author_email"])
        .where(`blogs.${column}`, "=", value)
        .executeTakeFirst(),
    /** The id of the post with this slug, if any. */
    slugOwner: async (slug: string) =>
      (await db.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirst())?.id,
    /** The slugs that are `slug` or begin with `slug-` (a slug has no LIKE wildcards). */
    slugsLike: async (slug: string) =>
      (
        await db
          .selectFrom("blogs")
          .select("slug")
          .where((eb) => eb.or([eb("slug", "=", slug), eb("slug", "like", `${slug}-%`)]))
          .execute()
      ).map((row) => row.slug),
    /** The earliest publication time of a scheduled post (due or not), if any. */
    nextScheduled: async () =>
      (
        await db
          .selectFrom("blogs")
          .select("published_at")
          .where("status", "=", "scheduled")
          .orderBy("published_at")
          .limit(1)
          .executeTakeFirst()
      )?.published_at ?? undefined,
    /** Scheduled posts due at `now` become published; answers how many did. */
    publishDue: async (now: string) =>
      Number(
        (
          await db
            .updateTable("blogs")
            .set({ status: "published" })
            .where("status", "=", "scheduled")
            .where("published_at", "<=", now)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
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
export type BlogRow = BlogsTable & { author_name?: string | null; author_email?: string | null };
