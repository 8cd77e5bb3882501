// `npm run bench`: the figures of issue 9 in one run, from a fresh build on a fresh database.
//   npm run bench [-- --quick] [-- --only lighthouse,js,load,enquiries]
// --quick: one Lighthouse run per page, one round of 3 s per load target (a check, not a figure).
// --only: the named parts alone (all four by default).
// The server under test is pinned to core 0 and the load generator (autocannon, in its own
// process) to core 1 with taskset; a bare Fastify hello-world on core 0 is the yardstick.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { jsGzipSizes } from "./js-size.mjs";
import { benchPages, lighthouseMedians, printLighthouse } from "./lighthouse.mjs";
import { cpuSeconds, pinning, runLoad, settle, startHello } from "./load.mjs";
import { ensureBuild, startServer } from "./server.mjs";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string", default: "lighthouse,js,load,enquiries" },
  },
});
const quick = values.quick;
const parts = new Set(values.only.split(",").map((part) => part.trim()));
const want = (part) => parts.has(part);
const lighthouseRuns = quick ? 1 : 3;
const seconds = quick ? 3 : 10;
// Load targets: each measured this many times, in turn with the others (see measureLoad).
const rounds = quick ? 1 : 3;
const loadSeconds = quick ? 3 : 5;
const ENCODINGS = { "accept-encoding": "gzip, deflate, br" };

const targets = {
  getHome: { ratio: 0.5 },
  apiBlogs: { ratio: 0.6 },
  asset: { ratio: 0.8 },
  miss: { perSecond: 250 },
  lighthouse: { performance: 100, lcpMs: 1200, tbtMs: 50, cls: 0.01 },
  jsGzipKB: 125,
  enquiriesPerSecond: 1000,
};
const mark = (ok) => (ok ? "✓" : "✗");

// --- The machine -----------------------------------------------------------------------
const cpus = os.cpus();
let commit = "";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
} catch {
  // not a git checkout
}
console.log(`npm run bench${quick ? " --quick" : ""}, ${new Date().toISOString()}`);
console.log(
  `Machine: ${cpus[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}, Node ${process.version}` +
    `${commit ? `, commit ${commit}` : ""}`,
);
console.log(
  `Load average before the run: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")} (other work on the machine skews every figure)`,
);
const pins = pinning();
console.log(
  pins
    ? `Server and hello-world pinned to core ${pins.server}, load generator to core ${pins.client} (taskset).`
    : "Not pinned: taskset or a second core is missing; the ratios are less meaningful.",
);

ensureBuild();
const server = await startServer({ build: false, cpu: pins?.server });
const hello = want("load") ? await startHello(pins?.server) : null;
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  return mark(ok);
};

try {
  const pages = await benchPages(server.url);

  // --- Lighthouse ----------------------------------------------------------------------
  if (want("lighthouse")) {
    console.log("\nLighthouse…");
    const rows = await lighthouseMedians(server.url, { runs: lighthouseRuns, pages });
    printLighthouse(rows, lighthouseRuns);
    const t = targets.lighthouse;
    for (const row of rows) {
      const ok =
        row.performance >= t.performance &&
        row["LCP ms"] <= t.lcpMs &&
        row["TBT ms"] <= t.tbtMs &&
        row.CLS <= t.cls;
      console.log(
        `  ${check(ok, `Lighthouse ${row.page}`)} ${row.page}: performance ${row.performance} (≥ ${t.performance}), ` +
          `LCP ${row["LCP ms"]} ms (≤ ${t.lcpMs}), TBT ${row["TBT ms"]} ms (≤ ${t.tbtMs}), CLS ${row.CLS} (≤ ${t.cls})`,
      );
    }
  }

  if (want("js")) await measureJs(pages);
  if (want("load")) await measureLoad();
  if (want("enquiries")) await measureEnquiries();
} finally {
  await hello?.stop();
  await server.stop();
}

console.log(
  failures.length
    ? `\nMissed: ${failures.join("; ")}.`
    : `\nEvery target of issue 9 measured here (${[...parts].join(", ")}) is met in this run.`,
);

async function measureJs(pages) {
  console.log("\nJavaScript a first visit loads (gzip -9):");
  const sizes = await jsGzipSizes(server.url, pages);
  console.table(
    sizes.map((row) => ({
      page: row.path,
      files: row.files,
      "KB gzip": Number((row.gzipBytes / 1024).toFixed(1)),
      [`≤ ${targets.jsGzipKB} KB`]: check(
        row.gzipBytes / 1024 <= targets.jsGzipKB,
        `JS on ${row.path}`,
      ),
    })),
  );
}

async function measureLoad() {
  const homeHtml = await (await fetch(`${server.url}/`, { headers: ENCODINGS })).text();
  const asset = homeHtml.match(/["'](\/assets\/[^"']+\.js)["']/)?.[1];
  if (!asset) throw new Error("no /assets/…js in the HTML of /");
  // Fill the render cache (the warm-up of each target does the rest).
  for (let i = 0; i < 3; i++) await fetch(`${server.url}/`, { headers: ENCODINGS });

  const loads = [
    { name: "bare Fastify hello (1 KB HTML)", url: `${hello.url}/`, pid: hello.pid },
    { name: "GET / (render cache)", url: `${server.url}/`, key: "getHome" },
    { name: "GET /api/blogs", url: `${server.url}/api/blogs`, key: "apiBlogs" },
    { name: "GET /api/prices", url: `${server.url}/api/prices` },
    { name: `GET ${asset}`, url: `${server.url}${asset}`, key: "asset" },
    {
      name: "GET / cache miss (Authorization)",
      url: `${server.url}/`,
      key: "miss",
      headers: { authorization: "Bearer bench" },
    },
  ];
  console.log(
    `\nLoad: 50 connections, Accept-Encoding: gzip, deflate, br; ${rounds} rounds of every target ` +
      `in turn (1 s warm-up + ${loadSeconds} s each), the best round of each kept…`,
  );
  const runs = new Map(loads.map((load) => [load, []]));
  for (let round = 0; round < rounds; round++) {
    for (const load of loads) {
      await settle(`${server.url}/api/health`);
      const pid = load.pid ?? server.pid;
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const { result } = await runLoad(
        {
          url: load.url,
          headers: { ...ENCODINGS, ...load.headers },
          connections: 50,
          warmup: 1,
          duration: loadSeconds,
        },
        pins?.client,
      );
      // The server's share of its core while loaded: below 100 %, the load generator (one
      // core parsing the answers) was the limit, not the server.
      const cpuShare = (cpuSeconds(pid) - cpuBefore) / ((performance.now() - started) / 1000);
      runs.get(load).push({ result, cpuShare });
    }
  }
  // This machine's speed changes from one run to the next (a shared host: the same bare
  // server measured 15,000 and 32,000 req/s two runs apart). Other work only ever slows a
  // run down, so the best round of each target, the hello-world's included, is its figure;
  // every round is printed.
  const measured = loads.map((load) => {
    const all = runs.get(load);
    const best = all.reduce((a, b) =>
      b.result.requestsPerSecond > a.result.requestsPerSecond ? b : a,
    );
    return { ...load, ...best, rounds: all.map((run) => Math.round(run.result.requestsPerSecond)) };
  });
  const helloRate = measured[0].result.requestsPerSecond;
  // What one core of the server could answer: req/s divided by the share of the core used.
  const capacity = (load) => load.result.requestsPerSecond / load.cpuShare;
  const helloCapacity = capacity(measured[0]);
  const table = measured.map((load) => {
    const { name, key, result } = load;
    const rate = result.requestsPerSecond;
    const ratio = rate / helloRate;
    const notOk = Object.entries(result.byStatus)
      .filter(([code]) => !code.startsWith("2") && code !== "304")
      .map(([code, n]) => `${n}×${code}`);
    if (result.completed === 0) notOk.push("no answer within the run");
    const target = key && targets[key];
    let verdict = "";
    if (target?.ratio !== undefined) {
      verdict = `${check(ratio >= target.ratio, name)} ≥ ${target.ratio}×`;
    } else if (target?.perSecond !== undefined) {
      verdict = `${check(rate >= target.perSecond, name)} ≥ ${target.perSecond}/s`;
    }
    return {
      target: name,
      "req/s": Math.round(rate),
      "p99 ms": result.latency.p99,
      "ratio to hello": Number(ratio.toFixed(3)),
      goal: verdict,
      "every round": load.rounds.join(" "),
      "server CPU %": Math.round(load.cpuShare * 100),
      "core ratio": Number((capacity(load) / helloCapacity).toFixed(3)),
      ...(notOk.length || result.errors
        ? {
            problems: [...notOk, result.errors ? `${result.errors} errors` : ""]
              .filter(Boolean)
              .join(" "),
          }
        : {}),
    };
  });
  console.table(table);
  console.log(
    `  hello: ${Math.round(helloRate)} req/s (best round). Server CPU % below 100: the load\n` +
      "  generator's core was the limit; 'core ratio' compares req/s per server core (req/s ÷ that\n" +
      "  share) with the hello-world's the same way.",
  );
}

/**
 * Enquiries posted by 100 connections, then looked up in the database: every acknowledged
 * (2xx) enquiry's id must be there. Twice: as an API client posts them, and with a fresh
 * Idempotency-Key each, as the site's forms do (the key costs writes of its own). The
 * target of issue 9 is on the first (its "about 900/s now" was measured that way).
 */
async function measureEnquiries() {
  console.log(`\nEnquiry writes: POST /api/contact, 100 connections, ${seconds} s each…`);
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  const isStored = db.prepare("select 1 from enquiries where id = ?").pluck();
  const rowCount = db.prepare("select count(*) from enquiries").pluck();
  const rows = [];
  try {
    for (const idempotencyKeys of [false, true]) {
      await settle(`${server.url}/api/health`);
      const before = rowCount.get();
      const { result, ids } = await runLoad(
        {
          url: `${server.url}/api/contact`,
          method: "POST",
          // No Accept-Encoding: the ids are read from the answers.
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: "Bench Mark",
            email: "bench@example.com",
            phoneNumber: "803 123 4567",
            textarea: "A load test of the enquiry form.",
            serviceType: "Inquiry form response",
          }),
          connections: 100,
          warmup: 0,
          duration: seconds,
          idempotencyKeys,
          collectIds: true,
        },
        pins?.client,
      );
      const acknowledged = ids.length;
      const stored = ids.filter((id) => isStored.get(id) !== undefined).length;
      const refused = Object.entries(result.byStatus)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, n]) => `${n}×${code}`);
      rows.push({
        posted: idempotencyKeys ? "with Idempotency-Key (the forms)" : "without a key (API)",
        "writes/s": Math.round(acknowledged / result.duration),
        "p99 ms": result.latency.p99,
        acknowledged,
        stored,
        lost: acknowledged - stored,
        // Rows of answers the client did not wait for (in flight when the run stopped).
        "rows added": rowCount.get() - before,
        "not 2xx": refused.join(" ") || "0",
        errors: result.errors,
      });
    }
  } finally {
    db.close();
  }
  console.table(rows);
  const [api] = rows;
  console.log(
    `  ${check(api["writes/s"] >= targets.enquiriesPerSecond, "enquiry writes/s")} ≥ ${targets.enquiriesPerSecond} writes/s durable (SQLite, synchronous=FULL), without a key`,
  );
  const lost = rows.reduce((sum, row) => sum + row.lost, 0);
  console.log(
    `  ${check(lost === 0, "enquiries lost")} every acknowledged enquiry is stored (each id looked up)`,
  );
}
