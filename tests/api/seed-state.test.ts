import { randomBytes } from "node:crypto";
import { dropSchema } from "../support/postgres.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { Migrator, type Migration } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import * as initial from "../../server/db/migrations/0001-initial.ts";
import * as adminSessionVersion from "../../server/db/migrations/0002-admin-session-version.ts";
import * as accountLock from "../../server/db/migrations/0003-account-lock.ts";
import { samplePrices, seedDatabase, seedVersion } from "../../server/db/seed.ts";

// Databases made before the seed was recorded (migration 0006): one the old first start
// seeded keeps what staff left of it; one the admin CLI created before any server start
// (the old bug: never seeded) gets the prices on its next start.

const postgres = process.env.TEST_DB === "postgres";
const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const silent = { info: () => {} } as unknown as FastifyBaseLogger;
const noBlogs = { create: () => Promise.reject(new Error("no sample posts here")) };

let dataDir: string;
let schema: string;
let config: Config;
let database: DatabaseHandle;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "agency-seed-"));
  schema = `seed_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ...(postgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  });
  database = await openDatabase(config.database);
  // The schema as the version before 0006 left it.
  const before: Record<string, Migration> = {
    "0001-initial": initial,
    "0002-admin-session-version": adminSessionVersion,
    "0003-account-lock": accountLock,
  };
  const { error } = await new Migrator({
    db: database.db,
    provider: { getMigrations: async () => before },
    ...(postgres ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  if (error) throw error;
});

afterEach(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  if (postgres) {
    await dropSchema(schema);
  }
});

const upgrade = () => migrateToLatest(database.db, postgres ? schema : undefined);
const seed = () =>
  seedDatabase({ db: database.db, blogs: noBlogs, sampleContent: false, log: silent });
const priceKeys = async () =>
  (await database.db.selectFrom("prices").select("key").orderBy("key").execute()).map(
    (row) => row.key,
  );

describe("the seed record on an existing database", () => {
  it("a database the old first start seeded counts as seeded: a deleted price stays deleted", async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto("prices")
      .values(
        samplePrices()
          .filter((price) => price.key !== "video-voice")
          .map((price) => ({ ...price, created_at: now, updated_at: now })),
      )
      .execute();
    await upgrade();
    expect(await seedVersion(database.db)).toBe(1);
    expect(await seed()).toBe(false);
    expect(await priceKeys()).not.toContain("video-voice");
  });

  it("a database the admin CLI created before any start gets the prices on the next start", async () => {
    await upgrade();
    expect(await seedVersion(database.db)).toBe(0);
    expect(await seed()).toBe(true);
    expect(await priceKeys()).toEqual(
      samplePrices()
        .map((price) => price.key)
        .sort(),
    );
    expect(await seedVersion(database.db)).toBe(1);
    expect(await seed()).toBe(false);
  });

  it("two starts at once seed once; a price staff set before keeps its amount", async () => {
    await upgrade();
    const now = new Date().toISOString();
    await database.db
      .insertInto("prices")
      .values({ key: "grow-me", amount: 275000, created_at: now, updated_at: now })
      .execute();
    const results = await Promise.all([seed(), seed()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const growMe = await database.db
      .selectFrom("prices")
      .select("amount")
      .where("key", "=", "grow-me")
      .executeTakeFirstOrThrow();
    expect(Number(growMe.amount)).toBe(275000);
    expect(await priceKeys()).toHaveLength(5);
  });
});
