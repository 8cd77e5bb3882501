import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.ts";

// A real SQLite file (WAL, synchronous=FULL, as the server opens it), written in one
// multi-row insert per batch.
describe("createGroupCommit", () => {
  let dir: string;
  let db: BetterSqlite3.Database;
  let writes: string[][];
  const write = async (rows: string[]) => {
    writes.push(rows);
    db.prepare(`insert into t (id) values ${rows.map(() => "(?)").join(", ")}`).run(...rows);
  };
  const stored = () =>
    (db.prepare("select id from t order by id").all() as { id: string }[]).map((r) => r.id);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "group-commit-"));
    db = new BetterSqlite3(path.join(dir, "t.db"));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec("create table t (id text primary key)");
    writes = [];
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes the rows added in one turn of the event loop together, and settles after the write", async () => {
    const commits = createGroupCommit(write);
    const settled: string[] = [];
    const all = ["a", "b", "c"].map((id) => commits.add(id).then(() => settled.push(id)));
    expect(writes).toEqual([]);
    await Promise.all(all);
    expect(writes).toEqual([["a", "b", "c"]]);
    expect(settled).toEqual(["a", "b", "c"]);
    await commits.add("d");
    expect(writes).toEqual([["a", "b", "c"], ["d"]]);
    expect(stored()).toEqual(["a", "b", "c", "d"]);
  });

  it("writes at most maxBatch rows at once", async () => {
    const commits = createGroupCommit(write, { maxBatch: 2 });
    await Promise.all(["a", "b", "c", "d", "e"].map((id) => commits.add(id)));
    expect(writes).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(stored()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("fails only the bad row of a failed batch: the others are written one by one", async () => {
    db.prepare("insert into t (id) values ('taken')").run();
    const commits = createGroupCommit(write);
    const results = await Promise.allSettled(["x", "taken", "y"].map((id) => commits.add(id)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(writes).toEqual([["x", "taken", "y"], ["x"], ["taken"], ["y"]]);
    expect(stored()).toEqual(["taken", "x", "y"]);
  });

  it("fails a whole batch at once on a failure every row shares (a locked database)", async () => {
    const holder = new BetterSqlite3(path.join(dir, "t.db"));
    db.pragma("busy_timeout = 0");
    holder.exec("begin exclusive");
    try {
      const commits = createGroupCommit(write, {
        shared: (error) => (error as { code?: string }).code === "SQLITE_BUSY",
      });
      const results = await Promise.allSettled(["x", "y", "z"].map((id) => commits.add(id)));
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
      // One try for the batch: no row waits for the lock again on its own.
      expect(writes).toEqual([["x", "y", "z"]]);
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    expect(stored()).toEqual([]);
  });
});
