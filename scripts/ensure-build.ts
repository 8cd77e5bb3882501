// Runs `react-router build` when the build is missing or older than any source file,
// so `npm start` always serves what is in the tree.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
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
  if (result.status !== 0) process.exit(result.status ?? 1);
}
