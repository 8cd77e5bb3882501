import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { MAX_REVISIONS, type RevisionKind } from "../../../common/schemas/blog.ts";
import type { BlogRevisionsTable, BlogsTable, Database } from "../../db/schema.ts";

/**
 * Saves by one person within this time of a revision's first save update that revision
 * instead of adding one, so an autosaved typing session keeps one revision, not thirty.
 */
export const MERGE_WINDOW_MS = 5 * 60 * 1000;

/** What a revision keeps of a post: its editable fields, in the two tables' column names. */
const SNAPSHOT_FIELDS = [
  "title",
  "content",
  "bg",
  "slug",
  "excerpt",
  "seo_title",
  "seo_description",
  "image_alt",
  "image_key",
  "status",
  "published_at",
] as const satisfies readonly (keyof BlogsTable & keyof BlogRevisionsTable)[];
type Snapshot = Pick<BlogsTable, (typeof SNAPSHOT_FIELDS)[number]>;

const snapshotOf = (row: Snapshot): Snapshot =>
  Object.fromEntries(SNAPSHOT_FIELDS.map((field) => [field, row[field]])) as Snapshot;
const sameSnapshot = (a: Snapshot, b: Snapshot) =>
  SNAPSHOT_FIELDS.every((field) => a[field] === b[field]);

/** Who saved, and how: a save (`update`) may merge into the newest revision, the others never. */
export interface RevisionSave {
  by: string | null;
  kind: RevisionKind;
}

export type RevisionRow = BlogRevisionsTable & {
  author_name: string | null;
  author_email: string | null;
};

export function createRevisionRepository(db: Kysely<Database>) {
  const withAuthors = () =>
    db
      .selectFrom("blog_revisions")
      .leftJoin("admins", "admins.id", "blog_revisions.author_id")
      .select(["admins.name as author_name", "admins.email as author_email"]);

  return {
    /**
     * In the transaction of the post's write: keeps `after` as the post's newest revision
     * (a new one, or the newest updated when the same person saved it within
     * MERGE_WINDOW_MS), then drops all but the newest MAX_REVISIONS. A save that changed
     * none of the kept fields keeps nothing. A post saved for the first time since
     * revisions are kept (made before migration 0022) keeps its earlier state first.
     */
    async keep(
      blogId: string,
      before: (Snapshot & Pick<BlogsTable, "updated_at">) | undefined,
      after: Snapshot,
      save: RevisionSave,
      now: string,
    ): Promise<void> {
      if (before && sameSnapshot(before, after)) return;
      const newest = await db
        .selectFrom("blog_revisions")
        .select(["id", "author_id", "kind", "started_at"])
        .where("blog_id", "=", blogId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const insert = (snapshot: Snapshot, at: string, by: string | null, kind: RevisionKind) =>
        db
          .insertInto("blog_revisions")
          .values({
            id: randomUUID(),
            blog_id: blogId,
            created_at: at,
            started_at: at,
            author_id: by,
            kind,
            ...snapshotOf(snapshot),
          })
          .execute();
      if (!newest && before) await insert(before, before.updated_at, null, "update");
      const merge =
        newest !== undefined &&
        save.kind === "update" &&
        newest.kind === "update" &&
        save.by !== null &&
        newest.author_id === save.by &&
        Date.parse(now) - Date.parse(newest.started_at) < MERGE_WINDOW_MS;
      if (merge) {
        await db
          .updateTable("blog_revisions")
          .set({ ...snapshotOf(after), created_at: now })
          .where("id", "=", newest.id)
          .execute();
        return;
      }
      await insert(after, now, save.by, save.kind);
      await db
        .deleteFrom("blog_revisions")
        .where("blog_id", "=", blogId)
        .where("id", "not in", (eb) =>
          eb
            .selectFrom("blog_revisions")
            .select("id")
            .where("blog_id", "=", blogId)
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(MAX_REVISIONS),
        )
        .execute();
    },

    /** A post's revisions, newest first, with their authors' names. */
    list: (blogId: string) =>
      withAuthors()
        .select([
          "blog_revisions.id",
          "blog_revisions.created_at",
          "blog_revisions.kind",
          "blog_revisions.title",
        ])
        .where("blog_revisions.blog_id", "=", blogId)
        .orderBy("blog_revisions.created_at", "desc")
        .orderBy("blog_revisions.id", "desc")
        .execute(),

    /** One revision of the post `blogId` (another post's revision is not found). */
    find: (blogId: string, id: string): Promise<RevisionRow | undefined> =>
      withAuthors()
        .selectAll("blog_revisions")
        .where("blog_revisions.blog_id", "=", blogId)
        .where("blog_revisions.id", "=", id)
        .executeTakeFirst(),
  };
}
