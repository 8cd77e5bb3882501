// Instructions a server executes per answer, counted by valgrind's callgrind: a count, not a
// time, so it does not move with the other tenants of a shared machine the way req/s does
// (docs/decisions/0018). For A/B comparisons of a change: run it on two checkouts.
//   node bench/instructions.mjs [--root ../other-checkout] [--path /] [--header 'authorization: x']
//                               [--warm 40] [--count 60] [--connections 2] [--hello]
// --root: the checkout whose server/main.ts and build to run (this one by default; build it
// first); --hello: count bench/hello.mjs instead. The server runs under callgrind with
// counting off while it starts and takes `--warm` requests, then counts exactly `--count`.
// It prints two counts per answer: the main thread's (the JavaScript, the render, the
// young-generation collections), and all threads' (plus V8's background compilers and
// concurrent marking, and libuv's pool). Compare the main thread's: on 2026-11-25, renders
// of / that miss the cache counted 39.3, 40.2 and 39.4 M on the main thread (±1 %) where all
// threads counted 44.8–56.3 M, as background compilation and marking fell into the counted
// window or not. Seen on 2026-11-24 (all threads): the hello-world 119.6k, 119.6k and 119.7k
// per answer (3,000 answers, 10 connections; 145.1k and 145.2k with 2: fewer answers share
// each turn of the event loop); a hashed asset 119k–249k (whether a major garbage collection
// falls inside the window decides it: compare such cheap answers with req/s).
// Compare counts made with the same --connections only.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../tests/support/free-port.ts";
import { spawnServer, waitForHealth } from "../tests/support/server-process.ts";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: path.resolve(import.meta.dirname, "..") },
    path: { type: "string", default: "/" },
    header: { type: "string", multiple: true, default: [] },
    warm: { type: "string", default: "40" },
    count: { type: "string", default: "60" },
    connections: { type: "string", default: "2" },
    hello: { type: "boolean", default: false },
  },
});
const outDir = mkdtempSync(path.join(tmpdir(), "agency-callgrind-"));
const dataDir = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
const valgrind = [
  "valgrind",
  "--tool=callgrind",
  "--instr-atstart=no",
  // A file per thread (…-01 is the main thread's).
  "--separate-threads=yes",
  `--log-file=${path.join(outDir, "valgrind.log")}`,
  `--callgrind-out-file=${path.join(outDir, "callgrind.%p")}`,
];
const stdio = ["ignore", "ignore", "inherit"];
let server;
if (values.hello) {
  // The hello-world answers every GET, /api/health included.
  const url = `http://127.0.0.1:${await freePort()}`;
  const env = { ...process.env, PORT: new URL(url).port };
  const hello = path.join(import.meta.dirname, "hello.mjs");
  const child = spawn(valgrind[0], [...valgrind.slice(1), process.execPath, hello], { env, stdio });
  server = { child, url, env };
} else {
  server = await spawnServer(dataDir, { RATE_LIMIT_PER_MINUTE: "100000000" }, stdio, {
    prefix: valgrind,
    checkout: path.resolve(values.root),
  });
}
const { child, url } = server;
// valgrind names its control pipes after HOST when it is set: callgrind_control must see the
// same value to find them.
const control = (...args) =>
  execFileSync("callgrind_control", [...args, String(child.pid)], {
    env: server.env,
    stdio: "ignore",
  });

try {
  await waitForHealth(server, 300_000);
  const headers = values.header.flatMap((header) => ["-H", header]);
  const load = (amount) =>
    JSON.parse(
      execFileSync(
        "npx",
        [
          "autocannon",
          ...["-c", values.connections, "-t", "300", "-a", String(amount), "-j"],
          ...["-H", "accept-encoding: gzip, deflate, br", ...headers],
          url + values.path,
        ],
        { cwd: import.meta.dirname, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
      ),
    );
  load(Number(values.warm));
  control("--zero");
  control("--instr=on");
  const result = load(Number(values.count));
  control("--instr=off");
  control("--dump");
  // The dump (part 1, a file per thread, the main thread's first) is written by the
  // server's own thread: wait until the main thread's totals line is there and the sum of
  // every thread's stops growing.
  let main = 0;
  let total = 0;
  let before = -1;
  for (let tries = 0; (main === 0 || total !== before) && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    before = total;
    total = 0;
    for (const file of readdirSync(outDir)) {
      const thread = /\.1-(\d+)$/.exec(file);
      if (!thread) continue;
      const found = /^totals: (\d+)/m.exec(readFileSync(path.join(outDir, file), "utf8"));
      if (!found) continue;
      total += Number(found[1]);
      if (Number(thread[1]) === 1) main = Number(found[1]);
    }
  }
  const answered = result["2xx"] + result.non2xx;
  const other = result.non2xx ? ` (${result.non2xx} not 2xx)` : "";
  const missing = Number(values.count) - answered;
  console.log(
    `${values.hello ? "hello-world" : path.resolve(values.root)} GET ${values.path}: ${answered} answers${other}` +
      `${missing ? `, ${missing} unanswered (their work is counted too)` : ""}, ` +
      `${(main / answered / 1000).toFixed(1)} k instructions per answer on the main thread, ` +
      `${(total / answered / 1000).toFixed(1)} k on all threads`,
  );
} finally {
  // SIGTERM: the server closes and valgrind removes its control pipes from /tmp.
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
