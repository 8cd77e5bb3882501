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
});
