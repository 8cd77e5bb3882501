// `npm run bench`: the figures of issue 9 in one run, from a fresh build on a fresh database.
//   npm run bench [-- --quick] [-- --only lighthouse,slowhost,twog,js,load,enquiries,newsletter,traffic,webhooks,import]
// --quick: one Lighthouse run per page, one round of 3 s per load target side by side with the
// hello-world (a check, not a figure).
// --only: the named parts alone (all by default). slowhost: Lighthouse again with every browser
// thread held to half a core (bench/slow-host.mjs; skipped where the machine cannot). twog: the
// first visit on a 2G-like link, bytes before any tap, FCP and LCP (bench/two-g.mjs, issue 53).
// The server under test is pinned to core 0 and the load generator (autocannon, in its own
// process) to core 1 with taskset; a bare Fastify hello-world on core 0 is the yardstick.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { jsGzipSizes } from "./js-size.mjs";
import { benchPages, lighthouseMedians, printLighthouse } from "./lighthouse.mjs";
import { slowHostAvailable, slowHostMedians } from "./slow-host.mjs";
import { printTwoG, TWO_G_TARGETS, twoGMedians } from "./two-g.mjs";
import { perCpu, pinning, runLoad, settle, sideBySide, startHello } from "./load.mjs";
import { measureNewsletter } from "./newsletter.mjs";
import { measureWebhooks } from "./webhooks.mjs";
import { measureImport, printImport } from "./wordpress-import.mjs";
import { ensureBuild, startServer } from "./server.mjs";
import { measureTraffic, printTraffic, TRAFFIC_TARGET } from "./traffic.mjs";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: {
      type: "string",
      default: "lighthouse,slowhost,twog,js,load,enquiries,newsletter,traffic,webhooks,import",
    },
  },
});
const quick = values.quick;
const parts = new Set(values.only.split(",").map((part) => part.trim()));
const want = (part) => parts.has(part);
const lighthouseRuns = quick ? 1 : 3;
const seconds = quick ? 3 : 10;
// Load targets (see measureLoad): each alone for its req/s and p99; side by side with the
// hello-world for its ratio; the cache miss in rounds of its own.
const aloneSeconds = quick ? 2 : 4;
const sideRounds = quick ? 1 : 3;
const sideSeconds = quick ? 3 : 4;
const rounds = quick ? 1 : 3;
const loadSeconds = quick ? 3 : 5;
const ENCODINGS = { "accept-encoding": "gzip, deflate, br" };

const targets = {
  getHome: { ratio: 0.5 },
  apiBlogs: { ratio: 0.6 },
  asset: { ratio: 0.8 },
  // helloWhenSet: the hello-world's req/s in the run the goal was set from (issue 9).
  miss: { perSecond: 250, helloWhenSet: 82_555 },
  lighthouse: { performance: 100, lcpMs: 1200, tbtMs: 50, cls: 0.01 },
  // Issue 31: on a slow host (Lighthouse's CPU index under 1,500), made by holding every
  // browser thread to half a core.
  slowHost: { core: 0.5, indexBelow: 1500, performance: 98, tbtMs: 50 },
  // Issue 31: at most 80 KB gzip on a first visit (issue 9 had 125 for the React pages).
  jsGzipKB: 80,
  enquiriesPerSecond: 1000,
  // Page-view beacons (issue 33), with no database work per beacon.
  beaconsPerSecond: TRAFFIC_TARGET,
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

  if (want("slowhost")) await measureSlowHost(pages);

  // --- 2G first visit (issue 53) ---------------------------------------------------------
  if (want("twog")) {
    const runs = quick ? 1 : 5;
    console.log("\n2G first visit…");
    const rows = await twoGMedians(server.url, { runs, pages });
    printTwoG(rows, runs);
    const t = TWO_G_TARGETS;
    for (const row of rows) {
      const ok = row.bytes <= t.bytes && row.fcp <= t.fcpMs && row.lcp <= t.lcpMs;
      console.log(
        `  ${check(ok, `2G ${row.path}`)} ${row.path}: ${(row.bytes / 1024).toFixed(1)} KB before any tap ` +
          `(≤ ${t.bytes / 1024}), FCP ${Math.round(row.fcp)} ms (≤ ${t.fcpMs}), LCP ${Math.round(row.lcp)} ms (≤ ${t.lcpMs})`,
      );
    }
  }
  if (want("js")) await measureJs(pages);
  if (want("load")) await measureLoad();
  if (want("enquiries")) await measureEnquiries();
  if (want("newsletter")) {
    // Its own server and database: 5,000 subscribers would change the other figures.
    console.log("\nNewsletter: one send through the queue to a local SMTP server…");
    const result = await measureNewsletter({
      mails: quick ? 1000 : 5000,
      cpu: pins?.server,
      build: false,
    });
    console.log(
      `  ${result.mails} mails in ${result.seconds.toFixed(1)} s: ${Math.round(result.perSecond)} mails/s`,
    );
  }
  if (want("webhooks")) {
    // Its own server, Paystack stand-in and database (issue 49).
    console.log("\nPaystack webhooks: charge.success, signed, verified, each order paid once…");
    const result = await measureWebhooks({
      orders: quick ? 300 : 2000,
      cpu: pins?.server,
      build: false,
    });
    console.log(
      `  ${result.orders} webhooks: ${Math.round(result.perSecond)} webhooks/s; replays of them: ${Math.round(result.replaysPerSecond)} webhooks/s`,
    );
  }
  if (want("import")) {
    // Its own server and database (issue 51): a WordPress export of 5,000 posts moved in.
    const posts = quick ? 1000 : 5000;
    console.log(`\nWordPress import: an export of ${posts.toLocaleString("en-US")} posts…`);
    printImport(
      await measureImport({ posts, pictures: quick ? 20 : 100, cpu: pins?.server, build: false }),
    );
  }
  if (want("traffic")) {
    // Its own server (the app, behind a trusted proxy: each beacon has its visitor's address).
    const trafficSeconds = quick ? 3 : 5;
    console.log(
      `\nPage-view beacons: POST /api/traffic/views, varied pages, sources, browsers and ` +
        `addresses, 50 connections, 1 s warm-up + ${trafficSeconds} s…`,
    );
    const result = await measureTraffic({ seconds: trafficSeconds });
    printTraffic(result, targets.beaconsPerSecond, (ok) => check(ok, "page-view beacons/s"));
  }
} finally {
  await hello?.stop();
  await server.stop();
}

console.log(
  failures.length
    ? `\nMissed: ${failures.join("; ")}.`
    : `\nEvery target of issues 9 and 31 measured here (${[...parts].join(", ")}) is met in this run.`,
);

async function measureSlowHost(pages) {
  const t = targets.slowHost;
  if (!slowHostAvailable()) {
    console.log("\nSlow host: skipped, this machine cannot hold threads (root and cgroup v1 CPU).");
    return;
  }
  console.log(`\nLighthouse on a slow host (every browser thread held to ${t.core} of a core)…`);
  const rows = await slowHostMedians(server.url, { core: t.core, runs: lighthouseRuns, pages });
  printLighthouse(rows, lighthouseRuns);
  for (const row of rows) {
    const index = row["CPU index"];
    const ok = row.performance >= t.performance && row["TBT ms"] <= t.tbtMs;
    console.log(
      `  ${check(ok, `slow host ${row.page}`)} ${row.page}: performance ${row.performance} (≥ ${t.performance}), ` +
        `TBT ${row["TBT ms"]} ms (≤ ${t.tbtMs}), CPU index ${index}` +
        (index < t.indexBelow ? "" : ` (not under ${t.indexBelow}: not a slow host, hold to less)`),
    );
  }
}

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

  const helloLoad = {
    name: "bare Fastify hello (1 KB HTML)",
    url: `${hello.url}/`,
    pid: hello.pid,
  };
  const cached = [
    { name: "GET / (render cache)", url: `${server.url}/`, key: "getHome" },
    { name: "GET /api/blogs", url: `${server.url}/api/blogs`, key: "apiBlogs" },
    { name: "GET /api/prices", url: `${server.url}/api/prices` },
    { name: `GET ${asset}`, url: `${server.url}${asset}`, key: "asset" },
  ];
  const miss = {
    name: "GET / cache miss (Authorization)",
    url: `${server.url}/`,
    key: "miss",
    headers: { authorization: "Bearer bench" },
  };
  const part = (load, connections = 50) => ({
    url: load.url,
    pid: load.pid ?? server.pid,
    headers: { ...ENCODINGS, ...load.headers },
    connections,
  });
  console.log(
    `\nLoad: Accept-Encoding: gzip, deflate, br.\n` +
      `  Alone: each target with 50 connections, 1 s warm-up + ${aloneSeconds} s (req/s, p99, ` +
      `server CPU).\n  Ratio: each target side by side with the hello-world, both servers on ` +
      `the same core at once (25 connections each), ${sideRounds} × ${sideSeconds} s; answers per ` +
      `CPU second of each. The cache miss: ${rounds} round(s) of ${loadSeconds} s alone, the best kept…`,
  );

  // Alone, back to back: what a visitor sees of each (req/s, p99).
  await settle(`${server.url}/api/health`);
  const aloneSequence = [helloLoad, ...cached].flatMap((load) => [
    { ...part(load), duration: 1 },
    { ...part(load), duration: aloneSeconds },
  ]);
  const { steps: aloneSteps } = await runLoad({ sequence: aloneSequence }, pins?.client);
  const alone = new Map([helloLoad, ...cached].map((load, i) => [load, aloneSteps[2 * i + 1]]));

  // Side by side: this machine's speed swings from one second to the next (a shared host: the
  // same bare server measured 15,000 and 32,000 req/s two runs apart). Loaded at the same
  // time on the same core, the target and its yardstick share whatever the machine gives, and
  // the answers each served per CPU second of its own compare their costs. The rounds of a run
  // agree within ±5 %, where targets measured apart swung 0.5–0.9×; between runs the ratios
  // still move together (docs/decisions/0018).
  const side = new Map();
  for (const load of cached) {
    await settle(`${server.url}/api/health`);
    side.set(
      load,
      await sideBySide(
        [part(helloLoad, 25), part(load, 25)],
        { rounds: sideRounds, seconds: sideSeconds },
        pins?.client,
      ),
    );
  }

  // The cache miss has an absolute goal: rounds of its own, the best kept.
  const missRuns = [];
  for (let round = 0; round < rounds; round++) {
    await settle(`${server.url}/api/health`);
    const { steps } = await runLoad(
      {
        sequence: [
          { ...part(miss), duration: 1 },
          { ...part(miss), duration: loadSeconds },
        ],
      },
      pins?.client,
    );
    missRuns.push(steps[1]); // after a warm-up second
  }

  const rate = (run) => run.result.completed / run.result.duration;
  const cpuShare = (run) => Math.round((run.cpu / run.result.duration) * 100);
  const problems = (results) => {
    const notOk = [];
    for (const result of results) {
      for (const [code, n] of Object.entries(result.byStatus)) {
        if (!code.startsWith("2") && code !== "304") notOk.push(`${n}×${code}`);
      }
      if (result.completed === 0) notOk.push("no answer within a run");
      if (result.errors) notOk.push(`${result.errors} errors`);
    }
    return notOk.length ? { problems: notOk.join(" ") } : {};
  };
  const helloAlone = alone.get(helloLoad);
  const table = [
    {
      target: helloLoad.name,
      "req/s": Math.round(rate(helloAlone)),
      "p99 ms": helloAlone.result.latency.p99,
      "server CPU %": cpuShare(helloAlone),
      "ratio to hello": 1,
      goal: "",
      "each round": "",
    },
  ];
  for (const load of cached) {
    const run = alone.get(load);
    const runs = side.get(load);
    const ratio = perCpu(runs, 1) / perCpu(runs, 0);
    const target = load.key && targets[load.key];
    table.push({
      target: load.name,
      "req/s": Math.round(rate(run)),
      "p99 ms": run.result.latency.p99,
      "server CPU %": cpuShare(run),
      "ratio to hello": Number(ratio.toFixed(3)),
      goal: target ? `${check(ratio >= target.ratio, load.name)} ≥ ${target.ratio}×` : "",
      "each round": runs.map((r) => (perCpu([r], 1) / perCpu([r], 0)).toFixed(2)).join(" "),
      ...problems([run.result, ...runs.map((r) => r.parts[1].result)]),
    });
  }
  const bestMiss = missRuns.reduce((a, b) => (rate(b) > rate(a) ? b : a));
  const missRate = rate(bestMiss);
  const missShare = missRate / rate(helloAlone);
  table.push({
    target: miss.name,
    "req/s": Math.round(missRate),
    "p99 ms": bestMiss.result.latency.p99,
    "server CPU %": cpuShare(bestMiss),
    "ratio to hello": Number(missShare.toFixed(4)),
    goal: `${check(missRate >= targets.miss.perSecond, miss.name)} ≥ ${targets.miss.perSecond}/s`,
    "each round": missRuns.map((run) => Math.round(rate(run))).join(" "),
    ...problems([bestMiss.result]),
  });
  console.table(table);
  // The miss's goal is in req/s, on a machine twice as fast as this one often is: the same
  // goal in this run's terms is its share of the hello-world that machine measured.
  const missGoalShare = targets.miss.perSecond / targets.miss.helloWhenSet;
  console.log(
    `  The miss's goal of ${targets.miss.perSecond}/s was set where the hello-world did ` +
      `${targets.miss.helloWhenSet.toLocaleString("en")} req/s (${missGoalShare.toFixed(4)}× of it); ` +
      `in this run the miss is ${missShare.toFixed(4)}× the hello-world alone, ` +
      `${Math.round(missGoalShare * rate(helloAlone))}/s at that share.`,
  );
  const sideHello = [...side.values()].flat().map((run) => rate(run.parts[0]));
  console.log(
    `  req/s, p99 and server CPU: each alone (CPU below 100 %: the load generator's core was the\n` +
      `  limit). Ratio: answers per CPU second side by side, the target's over the hello-world's\n` +
      `  ('each round': the same per round; the miss: its req/s alone per round, its ratio to the\n` +
      `  hello-world alone). The hello-world side by side: ${Math.round(Math.min(...sideHello))}–` +
      `${Math.round(Math.max(...sideHello))} req/s.`,
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
