import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { runScript } from "../support/run-script.ts";
import { TEST_PASSWORD } from "./helpers.ts";

// A site in the public schema of a database that other schemas share (another app's, say,
// with tables of the same names): the backup takes the site's tables alone.

const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `backup_db_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const databaseUrl = server.replace(/\/[^/]*$/, `/${name}`);

async function run(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe("a backup of a site in a database with other schemas", () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "agency-backup-schemas-"));
    await run(server, `create database "${name}"`);
    await run(
      databaseUrl,
      "create schema other_app; create table other_app.admins (id text); insert into other_app.admins values ('not ours')",
    );
  });
  afterAll(async () => {
    await run(server, `drop database if exists "${name}" with (force)`);
    await rm(work, { recursive: true, force: true });
  });

  it("takes the site's tables alone", async () => {
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, "data") };
    const app = await buildApp(
      loadConfig({ ...env, NODE_ENV: "test", LOG_LEVEL: "silent", SEED_SAMPLE_CONTENT: "false" }),
      { web: false, logger: false },
    );
    try {
      await app.services.admins.create("owner@example.com", TEST_PASSWORD);
    } finally {
      await app.close();
    }
    const made = await runScript("backup", ["--out", path.join(work, "backup")], env);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(work, "backup", "manifest.json"), "utf8"));
    expect(manifest.tables.admins).toBe(1);
    const admins = await readFile(path.join(work, "backup", "tables", "admins.ndjson"), "utf8");
    expect(admins).toContain("owner@example.com");
    expect(admins).not.toContain("not ours");
  });
});
