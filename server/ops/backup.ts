import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createInterface } from "node:readline";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DatabaseHandle } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import { BLOG_FTS_TABLE } from "../db/migrations/0012-blog-search.ts";
import {
  ENQUIRY_COUNTS_TABLE,
  ENQUIRY_SEARCH_TABLE,
} from "../db/migrations/0014-enquiry-inbox-indexes.ts";
import { makePrivateDir, PRIVATE_DIR, PRIVATE_FILE } from "../lib/private-files.ts";
import type { Storage } from "../media/storage.ts";

/**
 * Backup and restore of a whole site: every table and every media file, in one portable
 * folder that does not depend on the database engine (docs/deploy.md):
 *
 *   manifest.json          what is inside: format, time, engine, migrations, row and file counts
 *   tables/<table>.ndjson  one JSON object per row
 *   media/<folder>/<file>  the stored media, under their storage keys
 *
 * The schema is portable by design (text UUID keys, ISO timestamps as text, integers, no
 * engine-specific types), so a backup of SQLite restores into PostgreSQL and back. The
 * tables are read in one read-only transaction, a consistent snapshot taken while the site
 * runs (WAL on SQLite, REPEATABLE READ on PostgreSQL).
 */

export const BACKUP_FORMAT = "agency-site-backup";
const FORMAT_VERSION = 1;
/** Rows per page when reading, per statement when writing. */
const PAGE = 500;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: "sqlite" | "postgres";
  /** The migrations the database had: a restore needs the same. */
  migrations: string[];
  /** Rows per table. */
  tables: Record<string, number>;
  media: { files: number; bytes: number };
}

export class BackupError extends Error {}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** Tables the database fills itself from others (triggers): never backed up nor restored. */
const DERIVED_TABLES = [BLOG_FTS_TABLE, ENQUIRY_SEARCH_TABLE, ENQUIRY_COUNTS_TABLE];

/** Whether `table` is one of those, or a shadow table of one (an FTS5 table's). */
export const isDerivedTable = (table: string) =>
  DERIVED_TABLES.some((name) => table === name || table.startsWith(`${name}_`));

/**
 * Sign-in state that lasts hours at most (the staff's sessions, passkey ceremonies under
 * way, second-step tickets): not backed up, and emptied by a restore, which so signs everyone out (issue 34).
 */
const SESSION_TABLES = new Set(["admin_sessions", "webauthn_challenges", "admin_sign_in_tickets"]);
export const isSessionTable = (table: string) => SESSION_TABLES.has(table);

/**
 * Tables other tables reference by foreign key: a restore fills them first and empties
 * them last (the rest in name order, which would put admin_sessions before admins).
 */
const REFERENCED_TABLES = ["admins", "blogs", "tags", "newsletter_sends"];
const restoreRank = (table: string) => {
  const rank = REFERENCED_TABLES.indexOf(table);
  return rank === -1 ? REFERENCED_TABLES.length : rank;
};

/** The site's tables (those the migrations made), with their columns in order. */
async function siteTables(db: Kysely<Database> | Transaction<Database>) {
  const tables = await db.introspection.getTables();
  // PostgreSQL lists the tables of every schema of the database: only the site's own count
  // (the schema its search path names, DATABASE_SCHEMA or public). SQLite has no schemas.
  const own = tables.some((table) => table.schema !== undefined)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return (
    tables
      .filter((table) => own === undefined || table.schema === own)
      .filter((table) => !MIGRATION_TABLES.has(table.name) && !table.isView)
      // The search indexes (SQLite's FTS5 tables and their shadow tables) and the enquiry
      // counts are made from the posts and enquiries by triggers: restoring those remakes them.
      .filter((table) => !isDerivedTable(table.name))
      .map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name) }))
      .sort((a, b) => a.name.localeCompare(b.name))
  );
}

async function appliedMigrations(db: Kysely<Database> | Transaction<Database>): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Writes `lines` to `file`, waiting when the disk is slower than the database. */
async function writeLines(file: string, lines: AsyncIterable<string>): Promise<void> {
  await pipeline(lines, createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE }));
}

/** Copies every row and media file into `target` (a new, empty folder). */
export async function backup(
  database: DatabaseHandle,
  storage: Storage,
  target: string,
  now = new Date(),
): Promise<BackupManifest> {
  // The rows hold the token secret and password hashes: the owner's alone, whatever the umask.
  makePrivateDir(target);
  makePrivateDir(path.join(target, "tables"));
  const counts: Record<string, number> = {};
  let migrations: string[] = [];
  // One snapshot for every table: on SQLite a read transaction sees the database as it was
  // at its first read (WAL), writers carry on meanwhile.
  const snapshot =
    database.dialect === "postgres"
      ? database.db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only")
      : database.db.transaction();
  await snapshot.execute(async (trx) => {
    migrations = await appliedMigrations(trx);
    for (const table of await siteTables(trx)) {
      if (SESSION_TABLES.has(table.name)) continue;
      counts[table.name] = 0;
      const order = table.columns.map((column) => sql.ref(column));
      async function* rows() {
        for (let offset = 0; ; offset += PAGE) {
          const { rows: page } = await sql<Record<string, unknown>>`
            select * from ${sql.table(table.name)}
            order by ${sql.join(order)}
            limit ${PAGE} offset ${offset}
          `.execute(trx);
          for (const row of page) yield JSON.stringify(row) + "\n";
          counts[table.name]! += page.length;
          if (page.length < PAGE) return;
        }
      }
      await writeLines(path.join(target, "tables", `${table.name}.ndjson`), rows());
    }
  });

  let files = 0;
  let bytes = 0;
  for await (const key of storage.list()) {
    const file = path.join(target, "media", key);
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
    await pipeline(
      await storage.read(key),
      createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE }),
    );
    bytes += (await stat(file)).size;
    files++;
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: FORMAT_VERSION,
    createdAt: now.toISOString(),
    engine: database.dialect,
    migrations,
    tables: counts,
    media: { files, bytes },
  };
  await writeFile(path.join(target, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n", {
    mode: PRIVATE_FILE,
  });
  return manifest;
}

export interface RestoreOptions {
  /** Replace what the target holds. Without it a target with any content is refused. */
  force?: boolean;
}

/** Reads and checks a backup folder's manifest. */
export async function readManifest(source: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(
      await readFile(path.join(source, "manifest.json"), "utf8"),
    ) as BackupManifest;
  } catch {
    throw new BackupError(`${source} is not a backup: it has no readable manifest.json.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new BackupError(
      `${source} is not a backup of this site's format (version ${FORMAT_VERSION}).`,
    );
  }
  return manifest;
}

/**
 * The tables that hold what people made. The others are filled by the migrations and the
 * first start on their own (the default site content, the seed record, the token secret),
 * so they say nothing about whether a target is in use.
 */
const MADE_BY_PEOPLE = [
  "admins",
  "audit_log",
  "blogs",
  "enquiries",
  "newsletter_subscribers",
  "pages",
  "prices",
  "videos",
];

/** What the target holds already: rows people made, and media files. */
export async function contentOf(
  database: DatabaseHandle,
  storage: Storage,
): Promise<{ rows: Record<string, number>; media: number }> {
  const rows: Record<string, number> = {};
  const tables = new Set((await siteTables(database.db)).map((table) => table.name));
  for (const table of MADE_BY_PEOPLE.filter((name) => tables.has(name)).map((name) => ({ name }))) {
    const { rows: counted } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table.name)}
    `.execute(database.db);
    const n = Number(counted[0]?.n ?? 0);
    if (n > 0) rows[table.name] = n;
  }
  let media = 0;
  for await (const _key of storage.list()) media++;
  return { rows, media };
}

/** The JSON rows of one table file, a page at a time. */
async function* pagesOf(file: string): AsyncGenerator<Record<string, unknown>[]> {
  let page: Record<string, unknown>[] = [];
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    if (!line) continue;
    page.push(JSON.parse(line) as Record<string, unknown>);
    if (page.length === PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** Every media file of a backup, by its storage key. */
async function* mediaFiles(source: string): AsyncGenerator<{ key: string; file: string }> {
  const root = path.join(source, "media");
  for (const folder of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!folder.isDirectory()) continue;
    for (const name of await readdir(path.join(root, folder.name))) {
      yield { key: `${folder.name}/${name}`, file: path.join(root, folder.name, name) };
    }
  }
}

/**
 * Puts a backup into the target database and storage. The target must have the backup's
 * migrations (the same version of the site); one with any content is refused unless
 * `force`, which replaces it: every row goes and every media file the backup lacks.
 * The rows are replaced in one transaction: a failure leaves the target as it was.
 */
export async function restore(
  database: DatabaseHandle,
  storage: Storage,
  source: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(source);
  const migrations = await appliedMigrations(database.db);
  if (migrations.join() !== manifest.migrations.join()) {
    throw new BackupError(
      `This backup was made by a different version of the site (its database is at ` +
        `${manifest.migrations.at(-1) ?? "nothing"}, this one at ${migrations.at(-1) ?? "nothing"}): ` +
        "restore it with the version that made it, then upgrade.",
    );
  }
  const present = await contentOf(database, storage);
  const tablesWithRows = Object.keys(present.rows);
  if (!options.force && (tablesWithRows.length > 0 || present.media > 0)) {
    const what = [
      ...tablesWithRows.map((table) => `${plural(present.rows[table]!, "row")} in ${table}`),
      ...(present.media > 0 ? [plural(present.media, "media file")] : []),
    ];
    throw new BackupError(
      `The target is not empty (${what.join(", ")}). Restoring replaces all of it: add --force to do so.`,
    );
  }

  const tables = await siteTables(database.db);
  const known = new Set(tables.map((table) => table.name));
  const unknown = Object.keys(manifest.tables).filter((table) => !known.has(table));
  if (unknown.length > 0) {
    throw new BackupError(`The backup has tables this site does not: ${unknown.join(", ")}.`);
  }
  // Referenced tables first (the sort is stable: the rest stay in name order).
  const inOrder = [...tables].sort((a, b) => restoreRank(a.name) - restoreRank(b.name));
  await database.db.transaction().execute(async (trx) => {
    for (const table of inOrder.toReversed()) {
      await trx.deleteFrom(table.name as keyof Database).execute();
    }
    for (const table of inOrder) {
      if (!(table.name in manifest.tables)) continue;
      const columns = new Set(table.columns);
      for await (const page of pagesOf(path.join(source, "tables", `${table.name}.ndjson`))) {
        const rows = page.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([column]) => columns.has(column))),
        );
        await trx
          .insertInto(table.name as keyof Database)
          .values(rows as never)
          .execute();
      }
    }
  });
  // PostgreSQL plans from statistics that autovacuum gathers a while after a bulk load;
  // until then a fresh restore could read every post for a blog search (2.3 s, not 3 ms).
  if (database.dialect === "postgres") {
    const names = tables.map((table) => sql.table(table.name));
    await sql`analyze ${sql.join(names)}`.execute(database.db);
  }

  // Media: the backup's files in, then (when replacing) what the backup does not have out.
  const keep = new Set<string>();
  for await (const { key, file } of mediaFiles(source)) {
    keep.add(key);
    const received = await storage.receive(createReadStream(file));
    await storage.commit(received.tempPath, key);
  }
  if (options.force) {
    for await (const key of storage.list()) if (!keep.has(key)) await storage.remove(key);
  }
  return manifest;
}
