import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The one production build of the tests: Vitest's page tests and Playwright serve it. */
export const testBuildDir = path.join(root, ".tmp", "test-build");

/**
 * Builds the site into `testBuildDir` through scripts/ensure-build.ts: only when it is
 * missing or a source changed since, so the second runner of `npm test` finds it fresh.
 * Answers the folder.
 */
export function ensureTestBuild(): string {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: testBuildDir },
  });
  if (result.status !== 0) throw new Error("building the site for the tests failed");
  return testBuildDir;
}
