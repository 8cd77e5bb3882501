import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build the page tests serve (`buildApp(…, { web: true })`). */
    buildDir: string;
  }
}

/**
 * Builds the site once for the test run (only when a source changed since the last run)
 * into its own folder, so the API tests can drive the real pages through `buildApp`.
 */
export default function setup(project: TestProject) {
  const buildDir = path.join(root, ".tmp", "vitest-build");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (result.status !== 0) throw new Error("building the site for the page tests failed");
  project.provide("buildDir", buildDir);
}
