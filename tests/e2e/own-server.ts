import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnServer, waitForHealth, type ServerProcess } from "../support/server-process.ts";

/**
 * A server of its own over a fresh database (no sample content), for a worker whose tests
 * change what the shared server shows: started on the run's build, healthy, handed to `use`,
 * then stopped and its data removed. `env` adds or overrides settings (SMTP, say).
 */
export async function withOwnServer(
  name: string,
  env: Record<string, string>,
  use: (server: ServerProcess, dataDir: string) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `agency-${name}-`));
  const server = await spawnServer(dataDir, {
    BUILD_DIR: process.env.E2E_SITE_BUILD ?? "",
    SEED_SAMPLE_CONTENT: "false",
    RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  });
  try {
    await waitForHealth(server);
    await use(server, dataDir);
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
