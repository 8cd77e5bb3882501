// `npm run bench:data`: the site with a big agency's data (issue 28). Fills a temporary
// database with 10,000 posts, 1,000,000 enquiries and 100,000 subscribers (bulk inserts in
// transactions through the app's own database layer, not HTTP), starts the real server on
// it, and prints for every public page and back-office call the body size, the time and the
// server's memory growth during the call, each flagged against its target:
//   public page ≤ 150 KB of HTML, back-office call (what the screens ask for: a page at a
//   time) ≤ 200 ms, a whole list or export (the enquiry export of every row among them) with
//   ≤ 50 MB of growth.
//   npm run bench:data [-- --scale 0.1] [-- --postgres] [-- --keep]
// --scale: a fraction (or multiple) of those counts. --postgres: a fresh schema in the
// PostgreSQL of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped
// at the end. --keep: leave the data (SQLite folder or schema) and print where it is.
// Memory is read from the server process's /proc/<pid>/status: VmRSS before the call, and
// the peak (VmHWM, reset before each call through /proc/<pid>/clear_refs; sampled every
// 10 ms where that reset is refused). No debug endpoint: this is the production server.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import Database from "better-sqlite3";
import pg from "pg";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { createAdmin, spawnServer, waitForHealth } from "../tests/support/server-process.ts";
import { kBField, watchMemory } from "./memory.mjs";
import { ensureBuild } from "./server.mjs";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    postgres: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
if (!(scale > 0)) throw new Error(`--scale must be a number above 0, got ${values.scale}`);
const counts = {
  posts: Math.max(1, Math.round(10_000 * scale)),
  enquiries: Math.max(1, Math.round(1_000_000 * scale)),
  subscribers: Math.max(1, Math.round(100_000 * scale)),
};
const targets = { pageKB: 150, sitemapMB: 50, backOfficeMs: 200, exportGrowthMB: 50 };
/** A call that takes longer is cut off and counted as failed. */
const CALL_TIMEOUT_MS = 180_000;
const KB = 1024;
const MB = 1024 * 1024;

// --- The data ----------------------------------------------------------------------------
const dataDir = mkdtempSync(path.join(tmpdir(), "agency-bench-data-"));
const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `bench_data_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const databaseEnv = values.postgres
  ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }
  : { DATABASE_URL: "" };
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  ...databaseEnv,
});

const words = (
  "brand growth reach audience campaign content strategy social media video design " +
  "marketing lagos abuja naira engagement followers reels stories ads budget launch " +
  "website revamp instagram tiktok facebook analytics conversion leads clients"
).split(" ");
/** Deterministic filler text: `n` words picked from the list by `seed`. */
const text = (seed, n) => {
  const out = [];
  let x = seed * 2654435761;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(words[x % words.length]);
  }
  return out.join(" ");
};
const STATUSES = ["new", "new", "new", "read", "replied", "replied", "spam"];
const SERVICES = ["Social Media", "Branding", "Video Creation", "Ads", "Page Revamp", ""];
const SOURCES = ["google.com", "instagram.com", "facebook.com", null, null];
const DAY = 86_400_000;
const now = Date.now();
/** The inbox's date filter over the last 30 days (YYYY-MM-DD, UTC is near enough here). */
const today = new Date(now).toISOString().slice(0, 10);
const monthAgo = new Date(now - 30 * DAY).toISOString().slice(0, 10);

/** A post's points and their search text (plain words: no Markdown to leave out). */
const pointsOf = (points) => ({ content: JSON.stringify(points), search_text: points.join("\n") });

function* posts() {
  for (let i = 0; i < counts.posts; i++) {
    const at = new Date(now - (counts.posts - i) * 3_600_000).toISOString();
    yield {
      id: randomUUID(),
      title: `Post ${i}: ${text(i, 6)}`,
      ...pointsOf(Array.from({ length: 6 }, (_, p) => text(i * 7 + p, 60))),
      bg: "#ffffff",
      image_key: null,
      image_width: null,
      image_height: null,
      image_variant_widths: null,
      duration: 2,
      created_at: at,
      updated_at: at,
      slug: `post-${i}-${text(i, 3).replaceAll(" ", "-")}`,
      status: "published",
      published_at: at,
      excerpt: "",
      seo_title: "",
      seo_description: "",
      image_alt: "",
      author_id: null,
      preview_token: null,
      preview_by: null,
    };
  }
}

function* enquiries() {
  // Spread over the last two years, oldest first.
  const step = (2 * 365 * DAY) / counts.enquiries;
  for (let i = 0; i < counts.enquiries; i++) {
    const at = new Date(now - (counts.enquiries - i) * step).toISOString();
    const source = SOURCES[i % SOURCES.length];
    yield {
      id: randomUUID(),
      status: STATUSES[i % STATUSES.length],
      company_name: i % 3 === 0 ? "" : `Company ${i % 5000}`,
      name: `Visitor ${i}`,
      email: `visitor${i}@example.com`,
      phone_number: `080${String(i).padStart(8, "0")}`,
      options: JSON.stringify(i % 2 ? ["Instagram", "Facebook"] : ["TikTok"]),
      service_type: SERVICES[i % SERVICES.length],
      message: text(i, 25),
      package: i % 4 === 0 ? "Gold" : "",
      instagram: i % 5 === 0 ? `@visitor${i}` : "",
      website: "",
      preferred_date: "",
      source_page: i % 2 ? "/contact" : "/",
      source_referrer: source,
      utm_source: source ? "newsletter" : null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      created_at: at,
      updated_at: at,
    };
  }
}

function* subscribers() {
  for (let i = 0; i < counts.subscribers; i++) {
    yield {
      id: randomUUID(),
      email: `reader${i}@example.com`,
      created_at: new Date(now - (counts.subscribers - i) * 60_000).toISOString(),
    };
  }
}

/**
 * Inserts `rows` into `table` through the app's Kysely, `perInsert` rows a statement and
 * `perTransaction` rows a commit (the posts: few rows, many columns of several types).
 */
async function insertWithKysely(
  db,
  table,
  rows,
  { perInsert = 500, perTransaction = 10_000 } = {},
) {
  let written = 0;
  let statements = [];
  let batch = [];
  const commit = async () => {
    const pending = statements;
    statements = [];
    await db.transaction().execute(async (trx) => {
      for (const values of pending) await trx.insertInto(table).values(values).execute();
    });
  };
  for (const row of rows) {
    batch.push(row);
    written += 1;
    if (batch.length === perInsert) {
      statements.push(batch);
      batch = [];
      if (statements.length * perInsert >= perTransaction) await commit();
    }
  }
  if (batch.length > 0) statements.push(batch);
  await commit();
  return written;
}

/**
 * Inserts text rows (every column text or null) in bulk: on SQLite one prepared statement
 * run per row inside transactions of `perTransaction` rows; on PostgreSQL one
 * `insert … select from unnest($1::text[], …)` per `perTransaction` rows. Parameters only.
 */
async function insertText(database, table, rows, { perTransaction = 50_000 } = {}) {
  let written = 0;
  let columns;
  let batch = [];
  let write;
  if (database.dialect === "sqlite") {
    const raw = new Database(config.database.file);
    raw.pragma("synchronous = off");
    let insert;
    const many = raw.transaction((list) => {
      for (const row of list) insert.run(columns.map((column) => row[column]));
    });
    write = async (list) => {
      insert ??= raw.prepare(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      );
      many(list);
    };
    try {
      for (const row of rows) {
        columns ??= Object.keys(row);
        batch.push(row);
        if (batch.length === perTransaction) {
          await write(batch);
          written += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await write(batch);
      return written + batch.length;
    } finally {
      raw.close();
    }
  }
  write = async (list) => {
    const arrays = columns.map((column) => sql`${list.map((row) => row[column])}::text[]`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select * from unnest(${sql.join(arrays)})`.execute(database.db);
  };
  for (const row of rows) {
    columns ??= Object.keys(row);
    batch.push(row);
    if (batch.length === perTransaction / 5) {
      await write(batch);
      written += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await write(batch);
  return written + batch.length;
}

async function fill() {
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db, values.postgres ? schema : undefined);
    for (const [table, write] of [
      ["blogs", () => insertWithKysely(database.db, "blogs", posts())],
      ["enquiries", () => insertText(database, "enquiries", enquiries())],
      [
        "newsletter_subscribers",
        () => insertText(database, "newsletter_subscribers", subscribers()),
      ],
    ]) {
      const started = performance.now();
      const written = await write();
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  ${table}: ${written.toLocaleString("en")} rows in ${seconds.toFixed(1)} s ` +
          `(${Math.round(written / seconds).toLocaleString("en")} rows/s)`,
      );
    }
    // PostgreSQL plans from its statistics, which autovacuum gathers within a minute or so of
    // a bulk load; without them the blog search read every post (2.3 s instead of 3 ms).
    if (values.postgres)
      await sql`analyze blogs, enquiries, newsletter_subscribers`.execute(database.db);
  } finally {
    await database.close();
  }
}

// --- The calls ----------------------------------------------------------------------------
let server;
let token = "";
let admin;

/**
 * fetch, once more when the server had just closed the kept-alive socket it reused (its
 * keep-alive lasts 5 s; making the admin or a long call can take longer than that).
 */
async function fetchAgain(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

async function start() {
  server = await spawnServer(dataDir, { ...databaseEnv, RATE_LIMIT_PER_MINUTE: "1000000" });
  await waitForHealth(server, 120_000);
  if (!admin)
    admin = createAdmin(server.env, `bench-${randomBytes(3).toString("hex")}@example.com`);
  const login = await fetchAgain(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  token = (await login.json()).token;
}

async function stop() {
  if (!server) return;
  const child = server.child;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const alive = () => server.child.exitCode === null && server.child.signalCode === null;

/** One call: its status, body bytes (decoded), time to the last byte and memory growth. */
async function measure(url, { auth = false } = {}) {
  const memory = watchMemory(server.child.pid);
  const started = performance.now();
  let status = 0;
  let bytes = 0;
  let error;
  try {
    const response = await fetchAgain(`${server.url}${url}`, {
      headers: auth ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    status = response.status;
    // Counted as it arrives: a million-row export is not kept in this process.
    for await (const chunk of response.body ?? []) bytes += chunk.length;
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const ms = performance.now() - started;
  const { before, peak } = memory.stop();
  return { status, bytes, ms, growth: Math.max(0, peak - before), rss: peak, error };
}

const firstPost = async () => {
  const response = await fetchAgain(`${server.url}/api/blogs?page=1&pageSize=1`);
  if (!response.ok) return undefined;
  const [post] = await response.json();
  return post?.slug ?? post?._id;
};

const calls = (slug) => [
  ...["/", "/services", "/social-media", "/blog", "/blog?page=2", "/blog?q=marketing"].map(
    (url) => ({ url, kind: "page" }),
  ),
  { url: slug ? `/blog/${slug}` : "/blog/<none>", kind: "page" },
  ...["/blog/rss.xml", "/contact", "/about"].map((url) => ({ url, kind: "page" })),
  // For search engines, not people: the protocol's limits (50,000 addresses, 50 MB a file;
  // beyond the addresses it becomes an index of files, SITEMAP_URLS_PER_FILE).
  { url: "/sitemap.xml", kind: "sitemap" },
  // What the back office's screens call: a page at a time (inbox, dashboard, subscribers).
  ...[
    "/api/contact?page=1&pageSize=50",
    "/api/contact?page=100&pageSize=50",
    "/api/contact?page=1&pageSize=50&status=spam",
    "/api/contact?page=1&pageSize=50&serviceType=Branding",
    `/api/contact?page=1&pageSize=50&from=${monthAgo}&to=${today}`,
    // A person (an address), a company, and a search that matches one enquiry in nine.
    `/api/contact?page=1&pageSize=50&q=visitor${Math.floor(counts.enquiries / 2)}%40`,
    "/api/contact?page=1&pageSize=50&q=Company%2042",
    "/api/contact?page=1&pageSize=50&q=visitor1",
    "/api/contact?page=1&pageSize=20",
    "/api/contact/summary",
    "/api/contact/stats",
    "/api/admin/blogs?page=1&pageSize=25",
    "/api/blogs?page=1&pageSize=12",
    "/api/newsletter?page=1&pageSize=50",
    `/api/newsletter?page=1&pageSize=50&q=reader${Math.floor(counts.subscribers / 2)}%40`,
  ].map((url) => ({ url, kind: "office" })),
  // Whole lists, for API clients and spreadsheets: streamed, so memory stays flat.
  ...[
    "/api/blogs",
    "/api/newsletter",
    "/api/newsletter/export.csv",
    "/api/contact",
    "/api/contact/export.csv?status=all",
  ].map((url) => ({ url, kind: "export" })),
];

const size = (bytes) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / KB).toFixed(1)} KB`;

function verdict(kind, result) {
  if (result.error) return { ok: false, note: result.error };
  if (result.status === 404 || result.status === 405) return { ok: undefined, note: "n/a" };
  if (result.status !== 200) return { ok: false, note: `status ${result.status}` };
  if (kind === "page") {
    return { ok: result.bytes <= targets.pageKB * KB, note: `≤ ${targets.pageKB} KB HTML` };
  }
  if (kind === "sitemap") {
    return { ok: result.bytes <= targets.sitemapMB * MB, note: `≤ ${targets.sitemapMB} MB` };
  }
  if (kind === "office") {
    return { ok: result.ms <= targets.backOfficeMs, note: `≤ ${targets.backOfficeMs} ms` };
  }
  return {
    ok: result.growth <= targets.exportGrowthMB * MB,
    note: `≤ ${targets.exportGrowthMB} MB growth`,
  };
}

// --- The run ------------------------------------------------------------------------------
const engine = values.postgres ? `PostgreSQL (schema ${schema})` : "SQLite";
console.log(
  `npm run bench:data --scale ${scale}, ${new Date().toISOString()}, ${engine}: ` +
    `${counts.posts.toLocaleString("en")} posts, ${counts.enquiries.toLocaleString("en")} enquiries, ` +
    `${counts.subscribers.toLocaleString("en")} subscribers`,
);
const failures = [];
try {
  ensureBuild();
  const filling = performance.now();
  console.log("Filling the database:");
  await fill();
  console.log(`  done in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  await start();
  const slug = await firstPost();
  console.log(
    `Server pid ${server.child.pid}, RSS ${size(kBField(readFileSync(`/proc/${server.child.pid}/status`, "utf8"), "VmRSS"))} at start.`,
  );
  console.log(
    "call".padEnd(46) +
      "status".padStart(7) +
      "body".padStart(11) +
      "time".padStart(10) +
      "growth".padStart(10) +
      "  target",
  );
  let restart = false;
  for (const { url, kind } of calls(slug)) {
    if (!alive() || restart) {
      console.log(
        `${url.padEnd(46)}  ${restart ? "the last call was cut off" : "the server had stopped"}: starting it again`,
      );
      await stop();
      await start();
      restart = false;
    }
    const result = await measure(url, { auth: kind !== "page" });
    // A call cut off still runs in the server: the next one would measure it too.
    restart = result.error !== undefined;
    const { ok, note } = verdict(kind, result);
    if (ok === false) failures.push(url);
    const mark = ok === undefined ? "n/a" : ok ? "✓" : "✗";
    console.log(
      url.padEnd(46) +
        String(result.status || "-").padStart(7) +
        (result.status === 200 ? size(result.bytes) : "").padStart(11) +
        `${Math.round(result.ms)} ms`.padStart(10) +
        size(result.growth).padStart(10) +
        `  ${mark} ${note}` +
        (alive() ? "" : " (the server died)"),
    );
  }
  console.log(
    failures.length === 0
      ? "Every call within its target."
      : `${failures.length} call(s) outside their target: ${failures.join(", ")}`,
  );
} finally {
  await stop();
  if (values.keep) {
    console.log(`Data kept: ${values.postgres ? `schema ${schema} at ${postgresUrl}` : dataDir}`);
  } else {
    rmSync(dataDir, { recursive: true, force: true });
    if (values.postgres) {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  }
}
