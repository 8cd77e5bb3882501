import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config.ts";
import { closeToOthers, makePrivateDir, makePrivateFile } from "../lib/private-files.ts";
import type { Database } from "./schema.ts";
import { SchemaPostgresDialect } from "./schema-introspector.ts";
import { withStatementCache } from "./statement-cache.ts";
import { StripNulPlugin } from "./strip-nul-plugin.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;

export async function openDatabase(config: Config["database"]): Promise<DatabaseHandle> {
  if (config.kind === "sqlite") {
    // SQLite makes its -wal and -shm files with the database file's mode (issue 27).
    makePrivateDir(path.dirname(config.file));
    makePrivateFile(config.file);
    for (const suffix of ["-wal", "-shm", "-journal"]) closeToOthers(config.file + suffix);
    const sqlite = new BetterSqlite3(config.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    // FULL: a write acknowledged with a 2xx survives a power cut, not only a crash.
    sqlite.pragma("synchronous = FULL");
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new StripNulPlugin()],
    });
    return {
      db,
      dialect: "sqlite",
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  if (config.schema) {
    // A dedicated schema (tests use one per run): create it before the pool uses it.
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await client.query(`create schema if not exists "${config.schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(config.schema ? { options: `-c search_path="${config.schema}"` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
  const db = new Kysely<Database>({
    dialect: config.schema
      ? new SchemaPostgresDialect({ pool }, config.schema)
      : new PostgresDialect({ pool }),
    plugins: [new StripNulPlugin()],
  });
  return {
    db,
    dialect: "postgres",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
