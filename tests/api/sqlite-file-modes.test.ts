import { chmod, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { pngImage } from "../factories/images.ts";
import { runScript } from "../support/run-script.ts";
import { call, multipart, TEST_PASSWORD } from "./helpers.ts";

// Issue 27: the database files, the uploads and the backups hold the token secret, the
// password hashes and every lead. They are created readable by the service's user only
// (folders 0700, files 0600) whatever the umask, and a restore keeps that. SQLite only (the
// files of a PostgreSQL database are PostgreSQL's): vitest.config.ts runs tests/api/sqlite-*
// on SQLite alone.

/** Every folder and file under `root` (itself included) whose mode lets others in. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (target: string) => {
    const info = await stat(target);
    const mode = info.mode & 0o777;
    const want = info.isDirectory() ? 0o700 : 0o600;
    if (mode !== want) found.push(`${path.relative(root, target) || "."} ${mode.toString(8)}`);
    if (info.isDirectory()) {
      for (const name of await readdir(target)) await visit(path.join(target, name));
    }
  };
  await visit(root);
  return found;
}

describe("files on disk are the service user's alone", () => {
  let work: string;
  let umask: number;
  const env = () => ({ DATA_DIR: path.join(work, "data"), SEED_SAMPLE_CONTENT: "false" });
  const config = () => loadConfig({ ...env(), NODE_ENV: "test", LOG_LEVEL: "silent" });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "agency-modes-"));
    // The loosest umask there is: every mode the code asks for is kept as it asked.
    umask = process.umask(0);
  });
  afterAll(async () => {
    process.umask(umask);
    await rm(work, { recursive: true, force: true });
  });

  it("DATA_DIR, site.db with its -wal and -shm, uploads, a backup and a restore: 0700 / 0600", async () => {
    const app = await buildApp(config(), { web: false, logger: false });
    try {
      await app.services.admins.create("owner@example.com", TEST_PASSWORD);
      const login = await call<{ token: string }>(app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "owner@example.com", password: TEST_PASSWORD },
      });
      const form = multipart({ title: "Private", content: "Kept to itself." }, [
        {
          field: "image",
          filename: "a.png",
          contentType: "image/png",
          data: await pngImage(900, 500),
        },
      ]);
      const created = await call(app, {
        method: "POST",
        url: "/api/blogs",
        payload: form.payload,
        headers: { authorization: `Bearer ${login.body.token}`, ...form.headers },
      });
      expect(created.status).toBe(201);
      const files = await readdir(path.join(work, "data"));
      expect(files).toEqual(
        expect.arrayContaining(["site.db", "site.db-wal", "site.db-shm", "media"]),
      );
      expect(await openToOthers(path.join(work, "data"))).toEqual([]);
    } finally {
      await app.close();
    }

    // A site made by an older version (0755 / 0644) is closed at the next start.
    await chmod(path.join(work, "data"), 0o755);
    await chmod(path.join(work, "data", "site.db"), 0o644);
    await (await buildApp(config(), { web: false, logger: false })).close();
    const dataDir = await stat(path.join(work, "data"));
    expect((dataDir.mode & 0o777).toString(8)).toBe("700");
    expect(((await stat(path.join(work, "data", "site.db"))).mode & 0o777).toString(8)).toBe("600");

    // `npm run backup` and `npm run restore` under umask 000.
    const backupDir = path.join(work, "backups", "today");
    const made = await runScript("backup", ["--out", backupDir], env(), "", "000");
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(await openToOthers(path.join(work, "backups"))).toEqual([]);
    expect(await readdir(path.join(backupDir, "tables"))).toContain("meta.ndjson");

    await rm(path.join(work, "data"), { recursive: true, force: true });
    const restored = await runScript("restore", [backupDir], env(), "", "000");
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect((await readdir(path.join(work, "data", "media"))).length).toBeGreaterThan(0);
    expect(await openToOthers(path.join(work, "data"))).toEqual([]);
  });
});
