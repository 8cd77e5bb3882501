import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { NODE_FLAGS } from "../../server/node-flags.ts";
import { freePort } from "./free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The environment it runs with (for the admin CLI on the same data). */
  env: NodeJS.ProcessEnv;
}

/**
 * Starts `node server/main.ts` as an operator would (with this checkout's NODE_FLAGS, also
 * for another `checkout`): production mode, on a free port of 127.0.0.1, over SQLite in
 * `dataDir`. `env` adds or overrides settings (BUILD_DIR, …).
 * `cpu` pins the process to that core with `taskset` (the benchmarks); `prefix` runs it
 * under another program that execs it (valgrind); `checkout` runs another checkout's server;
 * `hostname` names it in its URL and PUBLIC_ORIGIN ("localhost": passkeys need a domain name).
 * Used by the browser tests' global setup, the lifecycle tests and the benchmarks.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  stdio: StdioOptions = ["ignore", "ignore", "inherit"],
  {
    cpu,
    prefix = [],
    checkout = root,
    hostname = "127.0.0.1",
  }: { cpu?: number; prefix?: string[]; checkout?: string; hostname?: string } = {},
): Promise<ServerProcess> {
  const url = `http://${hostname}:${await freePort()}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: new URL(url).port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: url,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    ...env,
  };
  const command = [
    ...prefix,
    process.execPath,
    ...NODE_FLAGS,
    path.join(checkout, "server/main.ts"),
  ];
  // taskset execs the command: the child's pid is the server's.
  if (cpu !== undefined) command.unshift("taskset", "-c", String(cpu));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: checkout,
    env: serverEnv,
    stdio,
  });
  return { child, url, env: serverEnv };
}

/** Resolves once GET /api/health answers 200; fails if the server exits or takes too long. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}`);
    }
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${server.url} did not answer within ${timeoutMs} ms`);
}

/**
 * Creates an admin with the CLI, as an operator would, on the data the server at `env`
 * uses; answers its e-mail and a random password. With `reset-password`, the account is the
 * one the first start made (its password is printed once): it gets a new one the same way.
 */
export function createAdmin(
  env: NodeJS.ProcessEnv,
  email: string,
  command: "create" | "reset-password" = "create",
  /** The role of a new account (owner unless said). */
  role?: "owner" | "editor" | "author",
): { email: string; password: string } {
  const password = randomBytes(12).toString("hex");
  const admin = spawnSync(
    process.execPath,
    [
      path.join(root, "scripts/admin.ts"),
      command,
      "--email",
      email,
      "--password-stdin",
      ...(role ? ["--role", role] : []),
    ],
    { cwd: root, env, input: password, stdio: ["pipe", "ignore", "inherit"] },
  );
  if (admin.status !== 0) throw new Error(`could not create the admin ${email}`);
  return { email, password };
}
