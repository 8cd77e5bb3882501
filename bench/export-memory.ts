// Memory of the streamed CSV exports and unpaged lists (issue 28). Fills a temporary SQLite
// database with ROWS enquiries and subscribers (one INSERT … SELECT each), serves the API on a
// free port and downloads each answer over HTTP, reading and dropping the bytes, while
// sampling the process's memory every 10 ms. Prints the memory before, the peak during
// each download and the growth.
//
//   node --expose-gc bench/export-memory.ts [rows=200000]
//
// The growth is the peak minus the memory before (after a full GC). An answer built in
// memory grows with the rows; a streamed one stays at a few batches.

import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";

const rows = Number(process.argv[2] ?? 200_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

const dataDir = await mkdtemp(path.join(tmpdir(), "export-memory-"));
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  TOKEN_SECRET: randomBytes(32).toString("hex"),
  LOG_LEVEL: "silent",
  RENDER_CACHE: "false",
});
const app = await buildApp(config, { web: false, logger: false });
await app.ready();
const db = app.services.database.db;

const filled = Date.now();
// ~100 bytes of CSV per row, as a real inbox: a message, options, a lead source on half.
await sql`
  with recursive n(i) as (select 0 union all select i + 1 from n where i < ${rows - 1})
  insert into enquiries (id, status, company_name, name, email, phone_number, options,
    service_type, message, package, instagram, website, preferred_date, source_page,
    source_referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    created_at, updated_at)
  select printf('%08x-0000-4000-8000-%012d', i, i), case when i % 20 = 0 then 'spam' else 'new' end,
    'Company ' || i, 'Visitor ' || i, 'visitor' || i || '@example.com', '+234803' || (1000000 + i % 9000000),
    '["Social Media Advertising","Paid Promotions"]', 'Social Media Marketing',
    'Hello, we would like to hear about your packages for our shop in Lekki. Number ' || i,
    '', '', '', '', case when i % 2 = 0 then '/contact' end, case when i % 2 = 0 then 'www.google.com' end,
    case when i % 4 = 0 then 'instagram' end, null, null, null, null,
    strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i * 30, 'unixepoch'),
    strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i * 30, 'unixepoch')
  from n
`.execute(db);
await sql`
  with recursive n(i) as (select 0 union all select i + 1 from n where i < ${rows - 1})
  insert into newsletter_subscribers (id, email, created_at)
  select printf('%08x-0000-4000-9000-%012d', i, i), 'reader' || i || '@example.com',
    strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i * 30, 'unixepoch')
  from n
`.execute(db);
console.log(`${rows} enquiries and subscribers inserted in ${Date.now() - filled} ms`);

const email = "bench@example.com";
const password = "correct horse battery staple";
await app.services.admins.create(email, password);
const login = await app.inject({
  method: "POST",
  url: "/api/auth/login",
  payload: { email, password },
});
const authorization = `Bearer ${login.json<{ token: string }>().token}`;
const address = await app.listen({ port: 0, host: "127.0.0.1" });

async function measure(url: string): Promise<void> {
  gc?.();
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = Date.now();
  const response = await fetch(`${address}${url}`, { headers: { authorization } });
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  clearInterval(sampler);
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
  console.log(
    `${url}: ${response.status}, ${mb(bytes)} in ${Date.now() - started} ms; ` +
      `rss ${mb(before.rss)} -> peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}); ` +
      `heap used ${mb(before.heapUsed)} -> peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`,
  );
}

try {
  await measure("/api/contact/export.csv?status=all");
  await measure("/api/contact/export.csv?from=2026-01-02&serviceType=Social%20Media%20Marketing");
  await measure("/api/contact?status=all");
  await measure("/api/newsletter/export.csv");
  await measure("/api/newsletter");
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
