import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config.ts";
import { closeToOthers, makePrivateDir, makePrivateFile } from "../lib/private-files.ts";
import {
  DatabaseAvailability,
  guardedDialect,
  unavailableKind,
  type AvailabilityLog,
} from "./availability.ts";
import type { Database } from "./schema.ts";
import { SchemaPostgresDialect } from "./schema-introspector.ts";
import { withStatementCache } from "./statement-cache.ts";
import { StripNulPlugin } from "./strip-nul-plugin.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  /**
   * Whether a write could start now: for readiness and for noticing that the database is
   * back. On SQLite it takes the write lock and lets it go (a reader always gets in while
   * another connection holds the lock); on PostgreSQL it is the round trip.
   */
  writable(): Promise<void>;
  /** Whether the requests find the database unavailable (issue 28): see availability.ts. */
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Where "database unreachable" and "database is back" are written (default: stderr). */
  log?: AvailabilityLog;
}

const consoleLog: AvailabilityLog = {
  warn: (fields, message) => console.warn(message, fields),
  info: (fields, message) => console.info(message, fields),
};

const PG_INT8_OID = 20;

export async function openDatabase(
  config: Config["database"],
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const availability = new DatabaseAvailability(options.log ?? consoleLog);
  const opened = await openDialect(config, availability);
  availability.probeWith(opened.writable);
  return {
    ...opened,
    availability,
    close: () => {
      availability.close();
      return opened.close();
    },
  };
}

async function openDialect(
  config: Config["database"],
  availability: DatabaseAvailability,
): Promise<Omit<DatabaseHandle, "availability">> {
  if (config.kind === "sqlite") {
    // SQLite makes its -wal and -shm files with the database file's mode (issue 27).
    makePrivateDir(path.dirname(config.file));
    makePrivateFile(config.file);
    for (const suffix of ["-wal", "-shm", "-journal"]) closeToOthers(config.file + suffix);
    const sqlite = new BetterSqlite3(config.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma(`busy_timeout = ${Math.trunc(config.busyTimeoutMs ?? 5000)}`);
    // FULL: a write acknowledged with a 2xx survives a power cut, not only a crash.
    sqlite.pragma("synchronous = FULL");
    const db = new Kysely<Database>({
      dialect: guardedDialect(
        new SqliteDialect({ database: withStatementCache(sqlite) }),
        availability,
      ),
      plugins: [new StripNulPlugin()],
    });
    return {
      db,
      dialect: "sqlite",
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      writable: () =>
        db.connection().execute(async (connection) => {
          await sql`begin immediate`.execute(connection);
          await sql`rollback`.execute(connection);
        }),
      close: () => db.destroy(),
    };
  }

  if (config.schema) {
    // A dedicated schema (tests use one per run): create it before the pool uses it.
    // "if not exists" does not stop two instances starting together from both creating it
    // (a unique violation in pg_namespace), so the create waits for a lock on the name.
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtext($1))", [
        `create schema ${config.schema}`,
      ]);
      await client.query(`create schema if not exists "${config.schema}"`);
      await client.query("commit");
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
  // An idle client that loses its connection must not crash the process; the first one
  // says the database is unreachable, the others add nothing to the log.
  pool.on("error", (error) => availability.failed(unavailableKind(error) ?? "unreachable", error));
  // A client in use when its connection dies emits "error" too, and the pool listens only
  // to idle ones: without this listener a cut connection under load ends the process. The
  // query in flight fails on its own (a 503 through the guarded driver).
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      availability.failed(unavailableKind(error) ?? "unreachable", error),
    );
  });
  const db = new Kysely<Database>({
    dialect: guardedDialect(
      config.schema
        ? new SchemaPostgresDialect({ pool }, config.schema)
        : new PostgresDialect({ pool }),
      availability,
    ),
    plugins: [new StripNulPlugin()],
  });
  const ping = async () => {
    await sql`select 1`.execute(db);
  };
  return { db, dialect: "postgres", ping, writable: ping, close: () => db.destroy() };
}
