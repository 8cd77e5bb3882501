import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAdmin, spawnServer, waitForHealth } from "../support/server-process.ts";

const root = path.resolve(import.meta.dirname, "../..");

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

  const server = await spawnServer(dataDir, {
    BUILD_DIR: buildDir,
    RATE_LIMIT_PER_MINUTE: "100000",
    // Cheap password hashes for the admins the tests sign in (it warns once at start).
    PASSWORD_HASH_COST: "4",
    SEED_SAMPLE_CONTENT: process.env.SEED_SAMPLE_CONTENT ?? "true",
  });
  await waitForHealth(server);

  const { email, password } = createAdmin(server.env, "e2e-admin@example.com");
  // A second admin for the tests that end every session of their admin.
  const second = createAdmin(server.env, "e2e-second@example.com");

  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SITE_BUILD = buildDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_EMAIL = email;
  process.env.E2E_ADMIN_PASSWORD = password;
  process.env.E2E_SECOND_ADMIN_EMAIL = second.email;
  process.env.E2E_SECOND_ADMIN_PASSWORD = second.password;

  return async () => {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.E2E_BUILD_DIR) rmSync(buildDir, { recursive: true, force: true });
  };
}
