import { sql, SqliteAdapter, type Kysely } from "kysely";

// The enquiry inbox at a million enquiries (issue 28): each call of the back office within
// 200 ms (npm run bench:data).
//
// - The number of enquiries per status and service type, kept by triggers in
//   `enquiry_counts`: the inbox's totals, its counts per status and the service types seen
//   read a few rows instead of counting a million (repository.ts). Rows at zero stay.
//   PostgreSQL adds each statement's rows in one ordered upsert, so two instances inserting
//   at once take the counters' locks in the same order (no deadlock).
// - Filtering by service type, newest first: an index on (service_type, created_at, id).
// - The dashboard's figures (enquiries per week and service type, top sources, 12 weeks):
//   a covering index, so they read a range of it rather than a row per enquiry. The index
//   on created_at alone goes: (created_at, id) of migration 0013 serves the same.
// - The search box ("contains", case folded, in name, e-mail, company and message):
//   SQLite: an FTS5 table with the trigram tokenizer, which answers a substring of three or
//     more characters from its index (server/modules/enquiries/search.ts; shorter searches
//     read the table). It reads its text from `enquiries` (external content, no second copy),
//     by the table's rowid; triggers keep it. Rowids of a table keyed by text change only in
//     a VACUUM, which the site never runs and a restore does not need (it inserts the rows
//     again); after a VACUUM run by hand, `insert into enquiries_search(enquiries_search)
//     values ('rebuild')` remakes the index.
//   PostgreSQL: pg_trgm's GIN index on lower() of each of the four columns, which the
//     unchanged LIKE query uses. Where the extension cannot be created (no right to, no
//     public schema), the search works as before, reading the table.

export const ENQUIRY_SEARCH_TABLE = "enquiries_search";
/** What the dashboard's figures read of the last 12 weeks: all in one index, not the rows. */
const STATS_COLUMNS = ["created_at", "status", "service_type", "utm_source", "source_referrer"];
/** The columns the inbox search looks in (server/modules/enquiries/search.ts reads them here). */
export const ENQUIRY_SEARCH_COLUMNS = ["name", "email", "company_name", "message"] as const;
const SEARCHED = ENQUIRY_SEARCH_COLUMNS;

export const ENQUIRY_COUNTS_TABLE = "enquiry_counts";

async function keepCounts(db: Kysely<unknown>, sqlite: boolean): Promise<void> {
  await db.schema
    .createTable(ENQUIRY_COUNTS_TABLE)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("enquiry_counts_pk", ["status", "service_type"])
    .execute();
  await sql`
    insert into enquiry_counts (status, service_type, n)
    select status, service_type, count(*) from enquiries group by status, service_type
  `.execute(db);
  const add = (row: "new" | "old") =>
    `insert into enquiry_counts (status, service_type, n) values (${row}.status, ${row}.service_type, 1)
     on conflict (status, service_type) do update set n = enquiry_counts.n + 1;`;
  const remove = (row: "new" | "old") =>
    `update enquiry_counts set n = n - 1 where status = ${row}.status and service_type = ${row}.service_type;`;
  if (sqlite) {
    for (const [name, when, body] of [
      ["insert", "after insert", add("new")],
      ["delete", "after delete", remove("old")],
      ["update", "after update of status, service_type", `${remove("old")}\n${add("new")}`],
    ] as const) {
      await sql
        .raw(`create trigger enquiry_counts_${name} ${when} on enquiries begin ${body} end`)
        .execute(db);
    }
    return;
  }
  // The function finds enquiry_counts in the schema it was made in, whoever calls it.
  await sql
    .raw(
      `create function enquiry_counts_added() returns trigger language plpgsql
       set search_path from current as $$
       begin
         insert into enquiry_counts (status, service_type, n)
         select status, service_type, count(*) from added
         group by status, service_type order by status, service_type
         on conflict (status, service_type) do update set n = enquiry_counts.n + excluded.n;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function enquiry_counts_changed() returns trigger language plpgsql
       set search_path from current as $$
       begin
         ${remove("old")}
         if tg_op = 'UPDATE' then ${add("new")} end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger enquiry_counts_insert after insert on enquiries
       referencing new table as added for each statement execute function enquiry_counts_added()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger enquiry_counts_change after delete or update of status, service_type
       on enquiries for each row execute function enquiry_counts_changed()`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await keepCounts(db, sqlite);
  await db.schema
    .createIndex("enquiries_service_type_created_at_idx")
    .on("enquiries")
    .columns(["service_type", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("enquiries_stats_idx")
    .on("enquiries")
    .columns([...STATS_COLUMNS])
    .execute();
  // (created_at) alone is the start of (created_at, id) of migration 0013: one of them does.
  await db.schema.dropIndex("enquiries_created_at_idx").execute();

  if (sqlite) await createSqliteSearch(db, SEARCHED);
  else await createTrigramIndexes(db, SEARCHED);
}

/**
 * SQLite: the FTS5 trigram table over `columns` of `enquiries` and the triggers that keep
 * it (migration 0040 makes it again with one more column).
 */
export async function createSqliteSearch(
  db: Kysely<unknown>,
  searched: readonly string[],
): Promise<void> {
  const columns = searched.join(", ");
  const values = (row: "new" | "old") => searched.map((column) => `${row}.${column}`).join(", ");
  await sql
    .raw(
      `create virtual table ${ENQUIRY_SEARCH_TABLE} using fts5(${columns}, content = 'enquiries', content_rowid = 'rowid', tokenize = 'trigram')`,
    )
    .execute(db);
  await sql
    .raw(`insert into ${ENQUIRY_SEARCH_TABLE} (${ENQUIRY_SEARCH_TABLE}) values ('rebuild')`)
    .execute(db);
  const add = `insert into ${ENQUIRY_SEARCH_TABLE} (rowid, ${columns}) values (new.rowid, ${values("new")});`;
  const drop = `insert into ${ENQUIRY_SEARCH_TABLE} (${ENQUIRY_SEARCH_TABLE}, rowid, ${columns}) values ('delete', old.rowid, ${values("old")});`;
  for (const [name, when, body] of [
    ["insert", "after insert", add],
    ["delete", "after delete", drop],
    ["update", `after update of ${columns}`, `${drop}\n${add}`],
  ] as const) {
    await sql
      .raw(`create trigger ${ENQUIRY_SEARCH_TABLE}_${name} ${when} on enquiries begin ${body} end`)
      .execute(db);
  }
}

/** SQLite: drops the search table and its triggers. */
export async function dropSqliteSearch(db: Kysely<unknown>): Promise<void> {
  for (const name of ["insert", "delete", "update"]) {
    await sql.raw(`drop trigger if exists ${ENQUIRY_SEARCH_TABLE}_${name}`).execute(db);
  }
  await sql.raw(`drop table if exists ${ENQUIRY_SEARCH_TABLE}`).execute(db);
}

/** PostgreSQL: pg_trgm's GIN index on lower() of each of `columns`, where it can be made. */
export async function createTrigramIndexes(
  db: Kysely<unknown>,
  searched: readonly string[],
): Promise<void> {
  // In the migration's transaction: a refused extension rolls back to here, not the lot.
  await sql`savepoint trigram`.execute(db);
  try {
    // One extension per database, made in `public` rather than in this site's schema, so
    // that dropping one site's schema never drops it (and with it the other sites' indexes).
    // Two sites migrating at once would both create it: the second waits for the first.
    await sql`select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    // It may be elsewhere (made by hand, or by another program), and public may not be on
    // this site's search path: its operator class is named with its schema.
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
    `.execute(db);
    const ops = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
    for (const column of searched) {
      await sql`create index if not exists ${sql.id(`enquiries_${column}_trgm_idx`)} on enquiries using gin (lower(${sql.ref(column)}) ${ops})`.execute(
        db,
      );
    }
    await sql`release savepoint trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await dropSqliteSearch(db);
    for (const name of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists enquiry_counts_${name}`).execute(db);
    }
  } else {
    for (const column of SEARCHED) {
      await sql`drop index if exists ${sql.id(`enquiries_${column}_trgm_idx`)}`.execute(db);
    }
    await sql`drop trigger if exists enquiry_counts_insert on enquiries`.execute(db);
    await sql`drop trigger if exists enquiry_counts_change on enquiries`.execute(db);
    await sql`drop function if exists enquiry_counts_added()`.execute(db);
    await sql`drop function if exists enquiry_counts_changed()`.execute(db);
  }
  await db.schema.dropTable(ENQUIRY_COUNTS_TABLE).ifExists().execute();
  await db.schema.dropIndex("enquiries_service_type_created_at_idx").execute();
  await db.schema.dropIndex("enquiries_stats_idx").execute();
  await db.schema
    .createIndex("enquiries_created_at_idx")
    .on("enquiries")
    .column("created_at")
    .execute();
}
