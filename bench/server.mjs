// Starts the production build on a free port over a fresh, seeded SQLite database, for
// benchmarks. Answers { url, dataDir, databaseFile, pid, env, stop() }.
// `cpu` pins the server to that core (taskset), as `npm run bench` does.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnServer, waitForHealth } from "../tests/support/server-process.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Builds the site when the build is missing or older than a source file. */
export function ensureBuild() {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("build failed");
}

export async function startServer({ build = true, env = {}, cpu } = {}) {
  if (build) ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
  const server = await spawnServer(
    dataDir,
    { RATE_LIMIT_PER_MINUTE: "1000000", ...env },
    undefined,
    { cpu },
  );
  try {
    await waitForHealth(server);
  } catch (error) {
    server.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    dataDir,
    /** The SQLite file the server writes (DATA_DIR/site.db). */
    databaseFile: path.join(dataDir, "site.db"),
    pid: server.child.pid,
    /** The settings it runs with (for the admin CLI on the same data). */
    env: server.env,
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        const exited = new Promise((resolve) => server.child.once("exit", resolve));
        server.child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The site at `url` when one is given (left running at the end), else `startServer(options)`. */
export async function serverAt(url, options) {
  return url ? { url, stop: async () => {} } : startServer(options);
}
