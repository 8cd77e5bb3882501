import { sql, SqliteAdapter, type Kysely } from "kysely";

// Full-text search of the blog (issue 28): the search box searches every post on the
// server, a page of results at a time, with each engine's own index.
//
// Both engines find the posts holding every word of the search as a word or the start of
// one, case folded, accents significant, without stemming (server/modules/blogs/search.ts).
//
// SQLite: an FTS5 table `blogs_fts` (unicode61 tokens, diacritics kept) holding each post's id, title and the text of its points, kept by triggers on `blogs`.
// It keeps its own copy of the text rather than reading `blogs` (external content): the
// posts' text is a JSON array, and the index must hold the points, not the JSON. It is
// joined by id, never by rowid, which VACUUM may renumber in a table keyed by text.
//
// PostgreSQL: a GIN index on the post's `simple` tsvector (title and the strings of the
// points array); the repository queries the very same expression (search.ts).

export const BLOG_FTS_TABLE = "blogs_fts";

/** The text of a post's points (a JSON array) for the index, in SQLite. */
const pointsText = (row: "new" | "old" | "blogs") =>
  `(select coalesce(group_concat(value, ' '), '') from json_each(${row}.content))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create virtual table blogs_fts using fts5(id unindexed, title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
    await sql
      .raw(
        `insert into blogs_fts (id, title, body) select id, title, ${pointsText("blogs")} from blogs`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger blogs_fts_insert after insert on blogs begin
          insert into blogs_fts (id, title, body) values (new.id, new.title, ${pointsText("new")});
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger blogs_fts_delete after delete on blogs begin
          delete from blogs_fts where id = old.id;
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger blogs_fts_update after update of id, title, content on blogs begin
          delete from blogs_fts where id = old.id;
          insert into blogs_fts (id, title, body) values (new.id, new.title, ${pointsText("new")});
        end`,
      )
      .execute(db);
    return;
  }
  await sql`create index blogs_search_idx on blogs using gin ((to_tsvector('simple', title) || to_tsvector('simple', content::jsonb)))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of ["blogs_fts_insert", "blogs_fts_delete", "blogs_fts_update"]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
    await sql`drop table if exists blogs_fts`.execute(db);
    return;
  }
  await sql`drop index if exists blogs_search_idx`.execute(db);
}
