import { randomBytes } from "node:crypto";
import { dropSchema } from "../support/postgres.ts";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { createStorage } from "../../server/media/create-storage.ts";
import { isS3Storage } from "../../server/media/s3-storage.ts";
import type { Storage } from "../../server/media/storage.ts";
import { isDerivedTable, isSessionTable } from "../../server/ops/backup.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { mp4Bytes, pngImage } from "../factories/images.ts";
import { runScript } from "../support/run-script.ts";
import { startS3Server, type S3Server } from "../support/s3-server.ts";
import { call, multipart, TEST_PASSWORD } from "./helpers.ts";

// `npm run backup` and `npm run restore` (issue 10): a backup taken while the site runs,
// a wiped site, a restore, and the same rows and media bytes come back; with media in the
// local folder and in an S3 bucket (a real S3 server).

const postgres = process.env.TEST_DB === "postgres";
const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `backup_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

let work: string;
let env: Record<string, string>;
let s3: S3Server | undefined;

const script = (name: "backup" | "restore", args: string[]) => runScript(name, args, env);

const config = () => loadConfig({ ...env, NODE_ENV: "test", LOG_LEVEL: "silent" });

/** Every row of every table of the site, sorted, and every media file's bytes by key. */
async function everything() {
  const database = await openDatabase(config().database);
  try {
    const rows: Record<string, string[]> = {};
    for (const table of await database.db.introspection.getTables()) {
      // Search indexes and counts are made from the rows by triggers, not backed up; nor
      // are sessions (a restore signs everyone out).
      if (table.name.startsWith("kysely_") || isDerivedTable(table.name)) continue;
      if (isSessionTable(table.name)) continue;
      const all = await database.db
        .selectFrom(table.name as never)
        .selectAll()
        .execute();
      rows[table.name] = all.map((row) => JSON.stringify(row)).sort();
    }
    const media: Record<string, string> = {};
    await withStorage(async (storage) => {
      for await (const key of storage.list()) {
        const chunks: Buffer[] = [];
        for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
        media[key] = Buffer.concat(chunks).toString("base64");
      }
    });
    return { rows, media };
  } finally {
    await database.close();
  }
}

async function withStorage(use: (storage: Storage) => Promise<void>): Promise<void> {
  const storage = createStorage(config());
  try {
    await use(storage);
  } finally {
    if (isS3Storage(storage)) storage.close();
  }
}

/** Removes the whole site: its database and its media. */
async function wipe() {
  await rm(path.join(work, "data"), { recursive: true, force: true });
  if (s3) {
    await withStorage(async (storage) => {
      for await (const key of storage.list()) await storage.remove(key);
    });
  }
  if (postgres) {
    await dropSchema(schema);
  }
}

describe.each(["the local folder", "an S3 bucket"])("backup and restore, media in %s", (media) => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "agency-backup-"));
    s3 = media === "an S3 bucket" ? await startS3Server() : undefined;
    env = {
      DATA_DIR: path.join(work, "data"),
      SEED_SAMPLE_CONTENT: "false",
      ...(postgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
      ...s3?.env,
    };
  });
  afterAll(async () => {
    await wipe();
    await s3?.stop();
    s3 = undefined;
    await rm(work, { recursive: true, force: true });
  });

  it("round-trips blogs, enquiries, prices, videos, subscribers, admins and media bytes", async () => {
    // A running site with content of every kind.
    const app = await buildApp(config(), { web: false, logger: false });
    let before: Awaited<ReturnType<typeof everything>>;
    try {
      await app.services.admins.create("owner@example.com", TEST_PASSWORD);
      const login = await call<{ token: string }>(app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "owner@example.com", password: TEST_PASSWORD },
      });
      const headers = { authorization: `Bearer ${login.body.token}` };
      const post = multipart({ title: "Backed up", content: "<p>Kept safe.</p>", bg: "#053685" }, [
        {
          field: "image",
          filename: "a.png",
          contentType: "image/png",
          data: await pngImage(900, 500),
        },
      ]);
      const blog = await call(app, {
        method: "POST",
        url: "/api/blogs",
        payload: post.payload,
        headers: { ...headers, ...post.headers },
      });
      expect(blog.status).toBe(201);
      const video = multipart({ title: "Reel" }, [
        { field: "video", filename: "r.mp4", contentType: "video/mp4", data: mp4Bytes(300_000) },
      ]);
      const uploaded = await call(app, {
        method: "POST",
        url: "/api/video",
        payload: video.payload,
        headers: { ...headers, ...video.headers },
      });
      expect(uploaded.status).toBe(201);
      for (const payload of [enquiryPayloads.home, enquiryPayloads.service]) {
        expect((await call(app, { method: "POST", url: "/api/contact", payload })).status).toBe(
          201,
        );
      }
      const price = await call(app, {
        method: "POST",
        url: "/api/prices",
        headers,
        payload: { key: "take-off", amount: 150000 },
      });
      expect(price.status).toBe(201);
      const subscribed = await call(app, {
        method: "POST",
        url: "/api/newsletter",
        payload: { email: "reader@example.com" },
      });
      expect(subscribed.status).toBeLessThan(300);

      before = await everything();
      for (const table of ["admins", "blogs", "enquiries", "prices", "videos"]) {
        expect(before.rows[table]!.length, table).toBeGreaterThan(0);
      }
      expect(before.rows.newsletter_subscribers).toHaveLength(1);
      // The post's image with its variants, and the video.
      expect(Object.keys(before.media).length).toBeGreaterThanOrEqual(3);

      // Online: the site is still running.
      const made = await script("backup", ["--out", path.join(work, "backup")]);
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      expect(made.stdout).toContain(`Backup written to ${path.join(work, "backup")}`);
      // A second backup into the same folder is refused: nothing is overwritten.
      const again = await script("backup", ["--out", path.join(work, "backup")]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("is not empty");
    } finally {
      await app.close();
    }
    const manifest = JSON.parse(await readFile(path.join(work, "backup", "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      format: "agency-site-backup",
      engine: postgres ? "postgres" : "sqlite",
      tables: { enquiries: 2, newsletter_subscribers: 1, admins: 1 },
    });
    expect(manifest.media.files).toBe(Object.keys(before.media).length);

    await wipe();
    const restored = await script("restore", [path.join(work, "backup")]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(await everything()).toEqual(before);
    if (postgres) {
      // The planner's statistics are there at once, not after autovacuum's next round.
      const database = await openDatabase(config().database);
      try {
        const { rows } = await sql<{ relname: string }>`
          select relname from pg_stat_user_tables
          where schemaname = ${schema} and last_analyze is not null
        `.execute(database.db);
        expect(rows.map((row) => row.relname)).toEqual(
          expect.arrayContaining(["blogs", "enquiries", "newsletter_subscribers"]),
        );
      } finally {
        await database.close();
      }
    }

    // The restored site works: the owner signs in with the old password, the post is listed.
    const back = await buildApp(config(), { web: false, logger: false });
    try {
      const login = await call(back, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "owner@example.com", password: TEST_PASSWORD },
      });
      expect(login.status).toBe(200);
      const blogs = await call<{ title: string; image: string }[]>(back, {
        method: "GET",
        url: "/api/blogs",
      });
      expect(blogs.body.map((b) => b.title)).toEqual(["Backed up"]);
      // The search index is made again from the restored posts.
      const found = await call<{ title: string }[]>(back, {
        method: "GET",
        url: "/api/blogs?q=kept%20safe",
      });
      expect(found.body.map((b) => b.title)).toEqual(["Backed up"]);
      const image = await back.inject({ method: "GET", url: blogs.body[0]!.image });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.toString("base64")).toBe(
        before.media[blogs.body[0]!.image.slice("/media/".length)],
      );
    } finally {
      await back.close();
    }
  });

  it("refuses to restore over a site with content unless --force, which replaces it", async () => {
    // The site of the test before, plus a change made after the backup.
    const app = await buildApp(config(), { web: false, logger: false });
    try {
      expect(
        (await call(app, { method: "POST", url: "/api/contact", payload: enquiryPayloads.home }))
          .status,
      ).toBe(201);
    } finally {
      await app.close();
    }
    const changed = await everything();
    const refused = await script("restore", [path.join(work, "backup")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^The target is not empty \(.*3 rows in enquiries.*\)\. Restoring replaces all of it: add --force to do so\.\n$/,
    );
    expect(await everything()).toEqual(changed);

    const forced = await script("restore", [path.join(work, "backup"), "--force"]);
    expect(forced.code).toBe(0);
    const after = await everything();
    expect(after.rows.enquiries).toHaveLength(2);
    expect(after.media).toEqual(changed.media);
  });

  it("restores into the other engine: the format is neither SQLite's nor PostgreSQL's", async () => {
    const original = await everything();
    const originalEnv = env;
    const otherSchema = `${schema}_other`;
    // SQLite's backup into a PostgreSQL schema; PostgreSQL's into a SQLite file.
    env = postgres
      ? { DATA_DIR: path.join(work, "other-data"), SEED_SAMPLE_CONTENT: "false" }
      : {
          DATA_DIR: path.join(work, "other-data"),
          SEED_SAMPLE_CONTENT: "false",
          DATABASE_URL: databaseUrl,
          DATABASE_SCHEMA: otherSchema,
        };
    try {
      const run = await script("restore", [path.join(work, "backup")]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(await everything()).toEqual(original);
    } finally {
      env = originalEnv;
      if (!postgres) {
        await dropSchema(otherSchema);
      }
    }
  });

  it("says what is wrong with a folder that is not a backup", async () => {
    const empty = await mkdtemp(path.join(work, "not-a-backup-"));
    const run = await script("restore", [empty, "--force"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${empty} is not a backup: it has no readable manifest.json.\n`);
    expect(await readdir(empty)).toEqual([]);
  });
});
