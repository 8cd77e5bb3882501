import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";

const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

// Runs in the api-postgres project only (vitest.config.ts). Several sites (or test runs) share one PostgreSQL database, each in its own schema.
describe("a dedicated PostgreSQL schema", () => {
  it("migrates while other schemas of the same database are being dropped", async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const others = Array.from({ length: 40 }, () => name("gone"));
    for (const other of others) {
      await admin.query(`create schema "${other}"`);
      for (let table = 0; table < 5; table++)
        await admin.query(`create table "${other}".t${table} (id serial primary key, v text)`);
    }
    const schema = name("mine");
    const handle = await openDatabase({ kind: "postgres", url: databaseUrl, schema });
    try {
      const dropping = (async () => {
        for (const other of others) await admin.query(`drop schema "${other}" cascade`);
      })();
      const checks: Promise<unknown>[] = [migrateToLatest(handle.db, schema)];
      for (let round = 0; round < 40; round++)
        checks.push(handle.db.introspection.getTables({ withInternalKyselyTables: true }));
      await Promise.all([dropping, ...checks]);
      const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.map((table) => table.schema)).toEqual(tables.map(() => schema));
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(["blogs", "enquiries", "kysely_migration"]),
      );
    } finally {
      await handle.close();
      for (const other of [schema, ...others])
        await admin.query(`drop schema if exists "${other}" cascade`);
      await admin.end();
    }
  });

  // Each round runs every migration twice (about a second here, several on a loaded machine).
  it(
    "opens and migrates from two processes at once on a schema that does not exist yet",
    {
      timeout: 120_000,
    },
    async () => {
      // Two instances started together (postgres-multi-instance) both create the schema;
      // PostgreSQL's "if not exists" is no guard against a create running at the same time.
      for (let round = 0; round < 5; round++) {
        const schema = name("twins");
        const config = { kind: "postgres" as const, url: databaseUrl, schema };
        const handles = await Promise.all([openDatabase(config), openDatabase(config)]);
        try {
          await Promise.all(handles.map((handle) => migrateToLatest(handle.db, schema)));
          const tables = await handles[1]!.db.introspection.getTables();
          expect(tables.map((table) => table.name)).toContain("enquiries");
        } finally {
          await Promise.all(handles.map((handle) => handle.close()));
          const admin = new pg.Client({ connectionString: databaseUrl });
          await admin.connect();
          await admin.query(`drop schema if exists "${schema}" cascade`);
          await admin.end();
        }
      }
    },
  );
});
