// Runs `react-router build` when the build is missing or older than any source file,
// so `npm start` always serves what is in the tree. The tests call it too (Vitest's page
// tests and Playwright share one build folder): the second caller finds the build fresh.
// Two callers at once on one folder take turns (a lock folder beside it).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const marker = path.join(buildDir, "server", "index.js");
const sources = ["app", "common", "public"];
const files = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function newest(target: string): number {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

/** Holds `${buildDir}.lock` while it builds; a lock older than 10 minutes is a crashed run's. */
function lock(): () => void {
  const folder = `${buildDir}.lock`;
  mkdirSync(path.dirname(folder), { recursive: true });
  for (;;) {
    try {
      mkdirSync(folder);
      return () => rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(folder).mtimeMs;
      } catch {
        continue;
      }
      if (age > 10 * 60_000) rmSync(folder, { recursive: true, force: true });
      // Another run is building this folder: wait for it, then look again.
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

const unlock = lock();
let built = 0;
try {
  built = statSync(marker).mtimeMs;
} catch {
  built = 0;
}
const changed = Math.max(...[...sources, ...files].map((entry) => newest(path.join(root, entry))));

if (built === 0 || changed > built) {
  console.log(
    built === 0 ? "No build yet: building the site…" : "Sources changed: rebuilding the site…",
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) {
    unlock();
    process.exit(result.status ?? 1);
  }
}
unlock();
