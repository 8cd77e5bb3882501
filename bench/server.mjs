// Starts the production build on a free port over a fresh, seeded SQLite database, for
// benchmarks. Answers { url, stop() }.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/free-port.ts";

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
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
