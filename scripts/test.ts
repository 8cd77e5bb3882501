// `npm test`: the checks and the test runners, one after the other, each as its own npm
// script (so each can be run alone), stopping at the first that fails with its exit code.
// At the end, also after a failure, a table of how long each phase took.
//
// The phases run in turn, not side by side: on a 2-core machine the cheap ones (tsc,
// ESLint, redocly, Prettier) are CPU-bound and would only share the same two cores, and
// their outputs would interleave.
import { spawn } from "node:child_process";

const phases = [
  ["typecheck", "typecheck"],
  ["lint", "lint"],
  ["lint:openapi", "lint:openapi"],
  ["format", "format:check"],
  ["vitest", "test:unit"],
  ["playwright", "test:e2e"],
] as const;

const npm = process.env.npm_execpath
  ? [process.execPath, process.env.npm_execpath]
  : [process.platform === "win32" ? "npm.cmd" : "npm"];

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(npm[0]!, [...npm.slice(1), "run", "--silent", script], {
      stdio: "inherit",
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rows: [string, string, string][] = [];
const started = Date.now();
let exitCode = 0;
for (const [name, script] of phases) {
  console.log(`\n▶ ${name} (npm run ${script})`);
  const phaseStart = Date.now();
  const code = await run(script);
  rows.push([name, seconds(Date.now() - phaseStart), code === 0 ? "ok" : `failed (${code})`]);
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
for (const [name] of phases.slice(rows.length)) rows.push([name, "-", "not run"]);
rows.push(["total", seconds(Date.now() - started), exitCode === 0 ? "ok" : "failed"]);

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length), 5));
const line = (row: string[]) =>
  `  ${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padStart(widths[1]!)}  ${row[2]}`;
console.log(`\nnpm test, phase times:\n${line(["phase", "time", "result"])}`);
for (const row of rows) console.log(line(row));
process.exit(exitCode);
