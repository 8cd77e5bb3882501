import { sql, SqliteAdapter, type Kysely } from "kysely";
import { postPlainText } from "../../../common/post-format.ts";
import * as blogSearch from "./0012-blog-search.ts";

// The blog search reads a post's words without their Markdown (decision 0032): a link's text
// is found, its address is not. `blogs.search_text` holds them, written with the points by
// the repository (server/modules/blogs/repository.ts, `searchText`); the index of 0012 reads
// it instead of the points' JSON: the FTS5 table's triggers on SQLite, the GIN expression on
// PostgreSQL (server/modules/blogs/search.ts queries the same one).

type Db = Kysely<{ blogs: { id: string; content: string; search_text: string } }>;

async function fillSearchText(db: Db) {
  const rows = await db.selectFrom("blogs").select(["id", "content"]).execute();
  for (const row of rows) {
    const text = postPlainText(JSON.parse(row.content) as string[]);
    await db.updateTable("blogs").set({ search_text: text }).where("id", "=", row.id).execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await blogSearch.down(db);
  await db.schema
    .alterTable("blogs")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await fillSearchText(db as unknown as Db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create virtual table blogs_fts using fts5(id unindexed, title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
    await sql`insert into blogs_fts (id, title, body) select id, title, search_text from blogs`.execute(
      db,
    );
    await sql`create trigger blogs_fts_insert after insert on blogs begin
        insert into blogs_fts (id, title, body) values (new.id, new.title, new.search_text);
      end`.execute(db);
    await sql`create trigger blogs_fts_delete after delete on blogs begin
        delete from blogs_fts where id = old.id;
      end`.execute(db);
    await sql`create trigger blogs_fts_update after update of id, title, search_text on blogs begin
        delete from blogs_fts where id = old.id;
        insert into blogs_fts (id, title, body) values (new.id, new.title, new.search_text);
      end`.execute(db);
    return;
  }
  await sql`create index blogs_search_idx on blogs using gin ((to_tsvector('simple', title) || to_tsvector('simple', search_text)))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await blogSearch.down(db);
  await db.schema.alterTable("blogs").dropColumn("search_text").execute();
  await blogSearch.up(db);
}
