import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp, sameDatabase } from "./helpers.ts";

// Without TOKEN_SECRET, the secret that signs sign-in tokens lives in the database: every
// instance on one database accepts the tokens of the others (issue 10).

// createTestApp closes each app when its test ends, the last made first (it shares the
// first one's database).
const open = (env: Record<string, string> = {}): Promise<TestApp> =>
  createTestApp({ TOKEN_SECRET: "", ...env });

const me = (app: TestApp, headers: { authorization: string }) =>
  call(app.app, { method: "GET", url: "/api/auth/me", headers });

describe("the token secret kept in the database", () => {
  it("makes a token signed by one instance good on another", async () => {
    const a = await open();
    const b = await open(sameDatabase(a));
    const headers = await a.adminHeaders();
    expect((await me(a, headers)).status).toBe(200);
    expect((await me(b, headers)).status).toBe(200);
    // And back: B's token on A.
    expect((await me(a, await b.adminHeaders())).status).toBe(200);
  });

  it("survives a restart, and is never the one of another database", async () => {
    const a = await open();
    const headers = await a.adminHeaders();
    await a.app.close();
    const again = await open(sameDatabase(a));
    expect((await me(again, headers)).status).toBe(200);
    const elsewhere = await open();
    await elsewhere.adminHeaders();
    expect((await me(elsewhere, headers)).status).toBe(401);
  });

  it("adopts the secret an older version kept in DATA_DIR, so nobody is signed out by the upgrade", async () => {
    const legacy = randomBytes(48).toString("base64url");
    const first = await open();
    await first.app.close();
    // A database from before: no secret stored in it yet, the file in DATA_DIR.
    const { database } = first.config;
    if (database.kind === "sqlite") {
      const Sqlite = (await import("better-sqlite3")).default;
      const db = new Sqlite(database.file);
      db.prepare("delete from meta where key = 'token_secret'").run();
      db.close();
    } else {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`delete from "${database.schema}".meta where key = 'token_secret'`);
      await client.end();
    }
    await writeFile(path.join(first.config.dataDir, "token-secret"), legacy + "\n");
    const upgraded = await open({ ...sameDatabase(first), DATA_DIR: first.config.dataDir });
    // The adopted secret signs: a token made with the file's key is accepted.
    const { SignJWT } = await import("jose");
    const adminHeaders = await upgraded.adminHeaders();
    const claims = JSON.parse(
      Buffer.from(adminHeaders.authorization.split(".")[1]!, "base64url").toString(),
    ) as Record<string, unknown>;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(legacy));
    expect((await me(upgraded, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
