import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
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

/**
 * What a list of posts is narrowed to: the words of a search, a tag's slug, a status, the
 * staff account that wrote them (an author's own list).
 */
export interface PostFilter {
  words?: readonly string[];
  tag?: string;
  status?: string;
  authorId?: string;
}

/** The posts that have the tag of this slug. */
const hasTag = (slug: string) => (eb: ExpressionBuilder<Database, "blogs">) =>
  eb(
    "blogs.id",
    "in",
    eb
      .selectFrom("blog_tags")
      .innerJoin("tags", "tags.id", "blog_tags.tag_id")
      .select("blog_tags.blog_id")
      .where("tags.slug", "=", slug),
  );

export function createBlogRepository(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
  /** A query of posts narrowed by `filter`. */
  const filtered = <Q extends ReturnType<typeof allPosts>>(query: Q, filter: PostFilter = {}) =>
    query
      .$if(filter.words !== undefined, (q) => q.where(matchesWords(dialect, filter.words!)))
      .$if(filter.tag !== undefined, (q) => q.where(hasTag(filter.tag!)))
      .$if(filter.status !== undefined, (q) => q.where("blogs.status", "=", filter.status!))
      .$if(filter.authorId !== undefined, (q) => q.where("blogs.author_id", "=", filter.authorId!));
  const allPosts = () => db.selectFrom("blogs");
  /** The public posts at `now`; with `words`, those holding every one (search.ts); with `tag`, its. */
  const publicPosts = (now: string, words?: readonly string[], tag?: string) =>
    filtered(allPosts().where(isPublicAt(now)), { words, tag });
  /** Every post with its author's name and e-mail, and who sent it for review. */
  const withAuthors = (filter: PostFilter = {}) =>
    filtered(allPosts(), filter)
      .leftJoin("admins", "admins.id", "blogs.author_id")
      .leftJoin("admins as submitters", "submitters.id", "blogs.submitted_by")
      .selectAll("blogs")
      // An imported post's author is a name (its byline) rather than a staff account.
      .select([
        sql<string | null>`coalesce(admins.name, blogs.byline)`.as("author_name"),
        "admins.email as author_email",
        "admins.id as author_account",
        "submitters.name as submitter_name",
        "submitters.email as submitter_email",
      ]);

  return {
    /**
     * A page of the posts public at `now`, newest publication first; with `words`, of the
     * posts holding every one of them.
     */
    listPublic(now: string, words: readonly string[] | undefined, window: Window, tag?: string) {
      return publicPosts(now, words, tag)
        .selectAll()
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },
    /** How many posts listPublic has in all. */
    async countPublic(now: string, words?: readonly string[], tag?: string) {
      const row = await publicPosts(now, words, tag)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * Every post of listPublic, a batch at a time, so memory holds one batch whatever the
     * number of posts. A public post always has `published_at`.
     */
    streamPublic(
      now: string,
      words?: readonly string[],
      tag?: string,
    ): AsyncGenerator<BlogsTable[]> {
      return inBatches((after, limit) =>
        publicPosts(now, words, tag)
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
    listAll(window: Window, filter: PostFilter = {}) {
      return withAuthors(filter)
        .orderBy("blogs.created_at", "desc")
        .orderBy("blogs.id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },
    async countAll(filter: PostFilter = {}) {
      const row = await filtered(allPosts(), filter)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Every post of listAll, a batch at a time, as streamPublic. */
    streamAll(filter: PostFilter = {}): AsyncGenerator<BlogRow[]> {
      return inBatches((after, limit) =>
        withAuthors(filter)
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
    /**
     * A post's edit (decision 0033): the changes and one more version, only while the version
     * is still `expected` when that is given; answers how many rows changed (0: gone or changed).
     * New points bring their new search text.
     */
    save: async (
      id: string,
      changes: Partial<Omit<BlogsTable, "id" | "created_at" | "version" | "search_text">>,
      expected?: number,
    ) =>
      Number(
        (
          await db
            .updateTable("blogs")
            .set((eb) => ({
              ...changes,
              ...(changes.content === undefined
                ? {}
                : { search_text: searchText(changes.content) }),
              version: eb("version", "+", 1),
            }))
            .where("id", "=", id)
            .$if(expected !== undefined, (query) => query.where("version", "=", expected!))
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
    /** Who saved a post last, and when: the words of a refused save. */
    lastSave: (id: string) =>
      db
        .selectFrom("blogs")
        .leftJoin("admins", "admins.id", "blogs.updated_by")
        .select(["blogs.updated_at", "admins.name", "admins.email"])
        .where("blogs.id", "=", id)
        .executeTakeFirst(),
    /** The tags of these posts, by name, as (blog_id, name, slug) rows. */
    tagsOf: async (blogIds: readonly string[]) =>
      blogIds.length === 0
        ? []
        : db
            .selectFrom("blog_tags")
            .innerJoin("tags", "tags.id", "blog_tags.tag_id")
            .select(["blog_tags.blog_id", "tags.name", "tags.slug"])
            .where("blog_tags.blog_id", "in", blogIds)
            .orderBy("tags.name")
            .execute(),
    /**
     * The post's tags become `tags` (by slug): a slug already known reuses its tag (and
     * name), a new one is made; tags left with no post are removed. One transaction.
     */
    setTags: (blogId: string, tags: readonly { name: string; slug: string }[], now: string) =>
      db.transaction().execute(async (trx) => {
        const slugs = tags.map((tag) => tag.slug);
        if (tags.length > 0) {
          await trx
            .insertInto("tags")
            .values(tags.map((tag) => ({ id: randomUUID(), ...tag, created_at: now })))
            .onConflict((oc) => oc.column("slug").doNothing())
            .execute();
        }
        await trx.deleteFrom("blog_tags").where("blog_id", "=", blogId).execute();
        if (tags.length > 0) {
          const ids = await trx
            .selectFrom("tags")
            .select("id")
            .where("slug", "in", slugs)
            .execute();
          await trx
            .insertInto("blog_tags")
            .values(ids.map(({ id }) => ({ blog_id: blogId, tag_id: id })))
            .execute();
        }
        await removeUnusedTags(trx);
      }),
    removeUnusedTags: () => removeUnusedTags(db),
    /** The tags with at least one post public at `now`, by name, with how many. */
    publicTags: async (now: string) =>
      (
        await db
          .selectFrom("tags")
          .innerJoin("blog_tags", "blog_tags.tag_id", "tags.id")
          .innerJoin("blogs", "blogs.id", "blog_tags.blog_id")
          .where(isPublicAt(now))
          .select(["tags.name", "tags.slug", (eb) => eb.fn.countAll<number>().as("count")])
          .groupBy(["tags.id", "tags.name", "tags.slug"])
          .orderBy("tags.name")
          .execute()
      ).map((row) => ({ name: row.name, slug: row.slug, count: Number(row.count) })),
    /** Every tag (the editor's suggestions), by name. */
    allTags: () => db.selectFrom("tags").select(["name", "slug"]).orderBy("name").execute(),
    /** The tag of this slug, if any. */
    findTag: (slug: string) =>
      db.selectFrom("tags").select(["name", "slug"]).where("slug", "=", slug).executeTakeFirst(),
    /**
     * Up to `limit` other posts public at `now` sharing a tag with the post `blogId`,
     * newest publication first.
     */
    related: (blogId: string, now: string, limit: number) =>
      publicPosts(now)
        .selectAll()
        .where("blogs.id", "!=", blogId)
        .where((eb) =>
          eb(
            "blogs.id",
            "in",
            eb
              .selectFrom("blog_tags as other")
              .innerJoin("blog_tags as own", "own.tag_id", "other.tag_id")
              .select("other.blog_id")
              .where("own.blog_id", "=", blogId),
          ),
        )
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
    remove: async (id: string) =>
      Number((await db.deleteFrom("blogs").where("id", "=", id).executeTakeFirst()).numDeletedRows),
  };
}
/** Tags that no post has any more (a removed post's, a post's dropped ones) go. */
async function removeUnusedTags(db: Kysely<Database>) {
  await db
    .deleteFrom("tags")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("blog_tags")
            .select("blog_tags.tag_id")
            .whereRef("blog_tags.tag_id", "=", "tags.id"),
        ),
      ),
    )
    .execute();
}

export type BlogRow = BlogsTable & {
  author_name?: string | null;
  author_email?: string | null;
  /** The author's staff account, when it still exists. */
  author_account?: string | null;
  submitter_name?: string | null;
  submitter_email?: string | null;
};
