import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.ts";

let directory: string;
let database: BetterSqlite3.Database;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "statement-cache-"));
  database = new BetterSqlite3(path.join(directory, "test.db"));
  database.exec("create table notes (id integer primary key, body text not null)");
  database.exec("insert into notes (body) values ('one'), ('two'), ('three')");
});

afterEach(() => {
  if (database.open) database.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("withStatementCache", () => {
  it("prepares each SQL text once", () => {
    const cached = withStatementCache(database);
    const first = cached.prepare("select body from notes where id = ?");
    expect(cached.prepare("select body from notes where id = ?")).toBe(first);
    expect(cached.prepare("select body from notes")).not.toBe(first);
    expect(first.all([2])).toEqual([{ body: "two" }]);
  });

  it("gives a statement of its own to a query whose statement is being iterated", () => {
    const cached = withStatementCache(database);
    const text = "select id, body from notes order by id";
    const outer = cached.prepare(text);
    const pairs: string[] = [];
    for (const row of outer.iterate([]) as Iterable<{ id: number; body: string }>) {
      const inner = cached.prepare(text);
      expect(inner).not.toBe(outer);
      pairs.push(`${row.body}:${(inner.all([]) as unknown[]).length}`);
    }
    expect(pairs).toEqual(["one:3", "two:3", "three:3"]);
    // Once the iteration is over, the kept statement serves again.
    expect(cached.prepare(text)).toBe(outer);
  });

  it("keeps at most `kept` statements, dropping the oldest", () => {
    const cached = withStatementCache(database, 2);
    const a = cached.prepare("select 1");
    const b = cached.prepare("select 2");
    cached.prepare("select 3");
    expect(cached.prepare("select 2")).toBe(b);
    expect(cached.prepare("select 1")).not.toBe(a);
  });

  it("serves Kysely's reads and writes, and sees a column added after a statement was kept", async () => {
    const db = new Kysely<{ notes: { id: Generated<number>; body: string; mood: string | null } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    const bodies = () => db.selectFrom("notes").selectAll().orderBy("id").execute();
    expect((await bodies()).map((note) => note.body)).toEqual(["one", "two", "three"]);
    const inserted = await db.insertInto("notes").values({ body: "four" }).executeTakeFirst();
    expect(Number(inserted.insertId)).toBe(4);
    await db.updateTable("notes").set({ body: "TWO" }).where("id", "=", 2).execute();
    await sql`alter table notes add column mood text`.execute(db);
    await db.updateTable("notes").set({ mood: "glad" }).where("id", "=", 1).execute();
    const rows = await bodies();
    expect(rows.map((note) => note.body)).toEqual(["one", "TWO", "three", "four"]);
    expect(rows[0]).toEqual({ id: 1, body: "one", mood: "glad" });
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
