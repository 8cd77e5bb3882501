// Load measurements for `npm run bench`: autocannon runs in a child process pinned to one
// core while the server under test is pinned to the other (taskset).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import readline from "node:readline";

/** The cores the server and the load generator run on, or null when they cannot be pinned. */
export function pinning() {
  if (process.platform !== "linux" || availableParallelism() < 2) return null;
  const probe = spawnSync("taskset", ["-c", "1", "true"]);
  return probe.status === 0 ? { server: 0, client: 1 } : null;
}

/** `command` prefixed with taskset for `cpu` (unchanged when cpu is undefined). */
export function pinned(cpu, command) {
  return cpu === undefined ? command : ["taskset", "-c", String(cpu), ...command];
}

/**
 * Runs autocannon against `options.url` from a child process (on `cpu`), a warm-up of
 * `options.warmup` s, then `options.duration` s measured. Answers { warmup, result }.
 */
export function runLoad(options, cpu) {
  const command = pinned(cpu, [
    process.execPath,
    // autocannon's timers trip Node's TimeoutNegativeWarning on a busy machine: noise.
    "--no-warnings",
    path.join(import.meta.dirname, "load-client.mjs"),
    JSON.stringify(options),
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
      else resolve(JSON.parse(output));
    });
  });
}

/**
 * Waits until `url` answers within `quickMs` (at most `timeoutMs`): a server still working
 * through the backlog of the previous target would be measured again in the next one.
 */
export async function settle(url, { quickMs = 100, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const start = performance.now();
    try {
      await (await fetch(url, { signal: AbortSignal.timeout(5_000) })).arrayBuffer();
      if (performance.now() - start < quickMs) return;
    } catch {
      // still busy
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Loads `parts` ([{ url, pid, headers, connections }]) all at once, as a target and the
 * hello-world side by side: 1 s of warm-up, then `rounds` rounds of `seconds`. Answers each
 * measured round, `{ parts: [{ result, cpu }] }` (docs/decisions/0018).
 */
export async function sideBySide(parts, { rounds, seconds }, cpu) {
  const sequence = [{ parts, duration: 1 }];
  for (let i = 0; i < rounds; i++) sequence.push({ parts, duration: seconds });
  const { steps } = await runLoad({ sequence }, cpu);
  return steps.slice(1);
}

/** Answers per CPU second of part `i` over the rounds `runs` of sideBySide. */
export const perCpu = (runs, i) =>
  runs.reduce((n, run) => n + run.parts[i].result.completed, 0) /
  runs.reduce((n, run) => n + run.parts[i].cpu, 0);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Starts bench/hello.mjs (on `cpu`); answers { url, stop() }. */
export async function startHello(cpu) {
  const command = pinned(cpu, [process.execPath, path.join(import.meta.dirname, "hello.mjs")]);
  const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the hello server exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
