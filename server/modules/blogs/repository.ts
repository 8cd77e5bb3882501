import { type ExpressionBuilder, type Kysely } from "kysely";
import type { BlogsTable, Database } from "../../db/schema.ts";
import { inBatches, olderThan } from "../../db/lists.ts";
import { matchesWords, searchText } from "./search.ts";

/** A slice of a list: `limit` rows after the first `offset`. */
export interface Window {
  limit: number;
  offset: number;
}

/** Public: published, or scheduled and due at `now` (ISO). */
const isPublicAt = (now: string) => (eb: ExpressionBuilder<Database, "blogs">) =>
  eb.or([
    eb("blogs.status", "=", "published"),
    eb.and([eb("blogs.status", "=", "scheduled"), eb("blogs.published_at", "<=", now)]),
  ]);

export function createBlogRepository(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
  /** The public posts at `now`; with `words`, those holding every one (search.ts). */
  const publicPosts = (now: string, words?: readonly string[]) => {
    const query = db.selectFrom("blogs").where(isPublicAt(now));
    return words ? query.where(matchesWords(dialect, words)) : query;
  };
  /** Every post with its author's name and e-mail. */
  const withAuthors = () =>
    db
      .selectFrom("blogs")
      .leftJoin("admins", "admins.id", "blogs.author_id")
      .selectAll("blogs")
      .select(["admins.name as author_name", "admins.email as author_email"]);

  return {
    /**
     * A page of the posts public at `now`, newest publication first; with `words`, of the
     * posts holding every one of them.
     */
    listPublic(now: string, words: readonly string[] | undefined, window: Window) {
      return publicPosts(now, words)
        .selectAll()
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },
    /** How many posts listPublic has in all. */
    async countPublic(now: string, words?: readonly string[]) {
      const row = await publicPosts(now, words)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * Every post of listPublic, a batch at a time, so memory holds one batch whatever the
     * number of posts. A public post always has `published_at`.
     */
    streamPublic(now: string, words?: readonly string[]): AsyncGenerator<BlogsTable[]> {
      return inBatches((after, limit) =>
        publicPosts(now, words)
          .selectAll()
          .$if(after !== undefined, (query) =>
            query.where(olderThan("published_at", "id", after?.published_at, after?.id)),
          )
          .orderBy("published_at", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .execute(),
      );
    },
    /** The latest `updated_at` of the public posts. */
    async lastPublicChange(now: string) {
      const row = await publicPosts(now)
        .select((eb) => eb.fn.max("updated_at").as("at"))
        .executeTakeFirst();
      return row?.at ?? undefined;
    },
    /** The address and dates of a page of the public posts (listPublic's order): the sitemap. */
    publicLinks(now: string, window: Window) {
      return publicPosts(now)
        .select(["id", "slug", "published_at", "created_at", "updated_at"])
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },
    /** A page of every post whatever its status, newest first, with its author: the back office's list. */
    listAll(window: Window) {
      return withAuthors()
        .orderBy("blogs.created_at", "desc")
        .orderBy("blogs.id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },
    async countAll() {
      const row = await db
        .selectFrom("blogs")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Every post of listAll, a batch at a time, as streamPublic. */
    streamAll(): AsyncGenerator<BlogRow[]> {
      return inBatches((after, limit) =>
        withAuthors()
          .$if(after !== undefined, (query) =>
            query.where(olderThan("blogs.created_at", "blogs.id", after?.created_at, after?.id)),
          )
          .orderBy("blogs.created_at", "desc")
          .orderBy("blogs.id", "desc")
          .limit(limit)
          .execute(),
      );
    },
    find: (id: string) =>
      db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst(),
    findPublic: (column: "id" | "slug", value: string, now: string) =>
      withAuthors().where(`blogs.${column}`, "=", value).where(isPublicAt(now)).executeTakeFirst(),
    /** A post with its author's name and e-mail, by id or by preview token. */
    findWithAuthor: (column: "id" | "preview_token", value: string) =>
      withAuthors().where(`blogs.${column}`, "=", value).executeTakeFirst(),
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
    /** Inserts a post; its search text is made from its points here. */
    insert: (row: Omit<BlogsTable, "search_text">) =>
      db
        .insertInto("blogs")
        .values({ ...row, search_text: searchText(row.content) })
        .execute(),
    /** Changes a post; new points bring their new search text. */
    update: async (
      id: string,
      changes: Partial<Omit<BlogsTable, "id" | "created_at" | "search_text">>,
    ) =>
      Number(
        (
          await db
            .updateTable("blogs")
            .set(
              changes.content === undefined
                ? changes
                : { ...changes, search_text: searchText(changes.content) },
            )
            .where("id", "=", id)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
    remove: async (id: string) =>
      Number((await db.deleteFrom("blogs").where("id", "=", id).executeTakeFirst()).numDeletedRows),
  };
}
export type BlogRow = BlogsTable & { author_name?: string | null; author_email?: string | null };
