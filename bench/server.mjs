// Starts the production build on a free port over a fresh, seeded SQLite database, for
// benchmarks. Answers { url, dataDir, pid, env, stop() }.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnServer, waitForHealth } from "../tests/support/server-process.ts";

const root = path.resolve(import.meta.dirname, "..");

export async function startServer({ build = true, env = {} } = {}) {
  if (build) {
    const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], {
      cwd: root,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error("build failed");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
  const server = await spawnServer(dataDir, { RATE_LIMIT_PER_MINUTE: "1000000", ...env });
  await waitForHealth(server);
  return {
    url: server.url,
    dataDir,
    pid: server.child.pid,
    /** The settings it runs with (for the admin CLI on the same data). */
    env: server.env,
    async stop() {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
