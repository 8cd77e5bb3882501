import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAdmin, spawnServer, waitForHealth } from "../support/server-process.ts";
import { ensureTestBuild } from "../support/site-build.ts";

/**
 * Makes sure the tests' production build is fresh (the one Vitest's page tests use: built
 * once per change of the sources, not once per runner), starts it on a free port over a
 * fresh SQLite database (seeded like a first start) and creates a known admin.
 * E2E_BUILD_DIR names a build of one's own instead.
 */
export default async function globalSetup() {
  const buildDir = process.env.E2E_BUILD_DIR
    ? path.resolve(process.env.E2E_BUILD_DIR)
    : ensureTestBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-e2e-"));

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
  };
}
