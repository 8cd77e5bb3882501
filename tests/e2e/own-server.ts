import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import {
  createAdmin,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from "../support/server-process.ts";

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

/** A server of its own with an owner made on it and signed in once (`signedInServer`). */
export interface SignedInServer {
  url: string;
  admin: { email: string; password: string };
  token: string;
}

/**
 * A worker fixture: `withOwnServer`, then an owner with this e-mail made on it and signed in,
 * for a file whose tests change what every page shows.
 */
export function signedInServer(
  name: string,
  email: string,
  command: "create" | "reset-password" = "create",
) {
  // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
  return async ({}: object, use: (server: SignedInServer) => Promise<void>) => {
    await withOwnServer(name, {}, async (server) => {
      const admin = createAdmin(server.env, email, command);
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      await use({ url: server.url, admin, token });
    });
  };
}

/** Every page starts signed in, the way the back office keeps it: the token in localStorage. */
export function signedInState(server: SignedInServer) {
  return {
    cookies: [],
    origins: [{ origin: server.url, localStorage: [{ name: "adminToken", value: server.token }] }],
  };
}
