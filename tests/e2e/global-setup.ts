import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Builds the production site into its own folder, starts it on a free port over a
 * fresh SQLite database (seeded like a first start) and creates a known admin.
 */
export default async function globalSetup() {
  const buildDir = process.env.E2E_BUILD_DIR ?? path.join(root, ".tmp", `e2e-build-${process.pid}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-e2e-"));
  const reactRouter = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  if (!process.env.E2E_BUILD_DIR) {
    const build = spawnSync(process.execPath, [reactRouter, "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("react-router build failed");
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    PUBLIC_ORIGIN: baseURL,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000",
    SEED_SAMPLE_CONTENT: process.env.SEED_SAMPLE_CONTENT ?? "true",
    DATABASE_URL: "",
  };
  const server = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(baseURL, server);

  const email = "e2e-admin@example.com";
  const password = randomBytes(12).toString("hex");
  const admin = spawnSync(
    process.execPath,
    [path.join(root, "scripts/admin.ts"), "create", "--email", email, "--password-stdin"],
    { cwd: root, env, input: password, stdio: ["pipe", "ignore", "inherit"] },
  );
  if (admin.status !== 0) throw new Error("could not create the e2e admin");

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SITE_BUILD = buildDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_EMAIL = email;
  process.env.E2E_ADMIN_PASSWORD = password;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.E2E_BUILD_DIR) rmSync(buildDir, { recursive: true, force: true });
  };
}
