import { sql, type Kysely } from "kysely";

// `meta`: facts about the database itself, as key and text value. `seed_version` records
// which sample content (server/db/seed.ts) this database has been given, so that seeding
// depends on what the database holds, not on which process happened to create the schema
// (the admin CLI migrates an empty database too), and never adds again what staff deleted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // A database in use before this version: the first server start seeded it with the
  // prices and maybe sample posts. When it holds a price or a post, record that seed, so
  // nothing staff removed comes back. When it holds neither, it was never seeded (the admin
  // CLI created the schema before the first start): the next server start seeds it.
  const { rows } = await sql<{ n: number | string }>`
    select (select count(*) from prices) + (select count(*) from blogs) as n
  `.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) {
    await sql`
      insert into meta (key, value, updated_at)
      values ('seed_version', '1', ${new Date().toISOString()})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("meta").execute();
}
