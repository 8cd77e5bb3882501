import { spawn } from "node:child_process";
import { dropSchema } from "../support/postgres.ts";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { naira } from "../../common/format.ts";
import { spawnServer, waitForHealth, type ServerProcess } from "../support/server-process.ts";

// A first install as an operator does it, with real processes: `npm run admin -- …` and
// `npm start` (node server/main.ts on the production build), in either order, on the
// database of this project (a temporary SQLite folder or a fresh PostgreSQL schema).

const root = path.resolve(import.meta.dirname, "../..");
const postgres = process.env.TEST_DB === "postgres";
const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The seeded prices of decisions.md, in their order. */
const SEEDED = [
  { key: "take-off", amount: 100000 },
  { key: "empower-me", amount: 180000 },
  { key: "grow-me", amount: 250000 },
  { key: "brand-me", amount: 350000 },
  { key: "video-voice", amount: 10000 },
];
const ADMIN = "owner@agency.test";
const PASSWORD = "a long first-install password";

let dataDir: string;
let schema: string;
let env: Record<string, string>;
let running: ServerProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "agency-install-"));
  schema = `install_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  env = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    BUILD_DIR: inject("buildDir"),
    SEED_SAMPLE_CONTENT: "false",
    ...(postgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: "" }),
  };
});

afterEach(async () => {
  if (running) await stop(running);
  await rm(dataDir, { recursive: true, force: true });
  if (postgres) {
    await dropSchema(schema);
  }
});

/** `npm run admin -- …` (node scripts/admin.ts …) on this install's data. */
function admin(args: string[], input = ""): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

async function createAdmin(): Promise<void> {
  const run = await admin(["create", "--email", ADMIN, "--password-stdin"], PASSWORD);
  expect(run.code, run.output).toBe(0);
}

/** `npm start` on this install's data; resolves once it answers. */
async function start(): Promise<ServerProcess> {
  running = await spawnServer(dataDir, env);
  await waitForHealth(running);
  return running;
}

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  if (running === server) running = undefined;
}

async function prices(server: ServerProcess): Promise<{ key: string; amount: number }[]> {
  const response = await fetch(`${server.url}/api/prices`);
  expect(response.status).toBe(200);
  return (await response.json()) as { key: string; amount: number }[];
}

/** The social media management page shows its packages' prices in naira. */
async function expectPackagePrices(server: ServerProcess): Promise<void> {
  const response = await fetch(`${server.url}/social-media-management`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(naira(100000));
  expect(html).not.toContain("Price on request");
}

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function blogCount(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/api/blogs`);
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

// Up to three server starts a test: minutes on a busy machine, not the suite's 30 s.
describe(`a first install (${postgres ? "PostgreSQL" : "SQLite"})`, { timeout: 180_000 }, () => {
  it("admin CLI first, then the first start: the five prices are seeded and shown", async () => {
    await createAdmin();
    const server = await start();
    expect(await prices(server)).toEqual(SEEDED);
    await expectPackagePrices(server);
  });

  it("another CLI command first (list), then the first start: the prices are seeded", async () => {
    const list = await admin(["list"]);
    expect(list.code, list.output).toBe(0);
    const server = await start();
    expect(await prices(server)).toEqual(SEEDED);
    await expectPackagePrices(server);
  });

  it("the first start, then the CLI, then a restart: the prices are there once", async () => {
    env.SEED_SAMPLE_CONTENT = "true";
    const first = await start();
    expect(await prices(first)).toEqual(SEEDED);
    expect(await blogCount(first)).toBe(4);
    await stop(first);
    await createAdmin();
    const second = await start();
    expect(await prices(second)).toEqual(SEEDED);
    expect(await blogCount(second)).toBe(4);
    await expectPackagePrices(second);
  });

  it("a price or post staff deleted does not come back on the next start", async () => {
    env.SEED_SAMPLE_CONTENT = "true";
    await createAdmin();
    const first = await start();
    const token = await signIn(first);
    const headers = { authorization: `Bearer ${token}` };
    const removed = await fetch(`${first.url}/api/prices/video-voice`, {
      method: "DELETE",
      headers,
    });
    expect(removed.status).toBe(200);
    const posts = (await (await fetch(`${first.url}/api/blogs`)).json()) as { _id: string }[];
    expect(posts).toHaveLength(4);
    const deleted = await fetch(`${first.url}/api/blogs/${posts[0]!._id}`, {
      method: "DELETE",
      headers,
    });
    expect(deleted.status).toBe(200);
    await stop(first);

    const second = await start();
    expect(await prices(second)).toEqual(SEEDED.filter((price) => price.key !== "video-voice"));
    expect(await blogCount(second)).toBe(3);
    await stop(second);
    // Not even when the admin CLI runs in between.
    await admin(["list"]);
    const third = await start();
    expect((await prices(third)).map((price) => price.key)).not.toContain("video-voice");
    expect(await blogCount(third)).toBe(3);
  });
});
