// Moving in from WordPress (issue 51): a 5,000-post export imported into the production build
// over a fresh SQLite database. The file is written here (a post of a few kilobytes of classic
// and block editor HTML, two categories and a tag each, every 50th post with a picture from a
// local old site), uploaded as a stream, read into its preview, then imported; the time of
// each step and the server's peak memory (RSS) are printed.
//   node bench/wordpress-import.mjs [--posts 5000] [--pictures 100]
// `npm run bench` runs it with the server on its pinned core (measureImport).
import { createWriteStream, openAsBlob, rmSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { get } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { wxrItem } from "../tests/factories/wxr.ts";
import { startOldSite } from "../tests/support/old-site.ts";
import { createAdmin } from "../tests/support/server-process.ts";
import { watchMemory } from "./memory.mjs";
import { ensureBuild, startServer } from "./server.mjs";

const MB = 1024 * 1024;
const WORDS =
  "growth brand lagos reach campaign audience content video strategy budget social naira".split(
    " ",
  );
const words = (seed, n) =>
  Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(" ");

/** A post's HTML: classic editor text, or block editor markup every third post. */
function body(i, site, picture) {
  const img = picture
    ? `<img class="wp-image-${900000 + i}" src="${site}/wp-content/uploads/bench/p${i}.png" alt="Picture ${i}">`
    : "";
  if (i % 3 === 0) {
    return [
      `<!-- wp:paragraph --><p>${words(i, 60)} <strong>${words(i + 1, 4)}</strong> <a href="${site}/about/">about</a>.</p><!-- /wp:paragraph -->`,
      `<!-- wp:heading --><h2 class="wp-block-heading">${words(i + 2, 5)}</h2><!-- /wp:heading -->`,
      `<!-- wp:list --><ul><li>${words(i + 3, 8)}</li><li>${words(i + 4, 8)}</li></ul><!-- /wp:list -->`,
      img
        ? `<!-- wp:image --><figure class="wp-block-image">${img}</figure><!-- /wp:image -->`
        : "",
      `<!-- wp:paragraph --><p>${words(i + 5, 120)}</p><!-- /wp:paragraph -->`,
    ].join("\n\n");
  }
  return [
    `${words(i, 80)} <em>${words(i + 1, 3)}</em>.`,
    img ? `[caption id="attachment_${900000 + i}" width="640"]${img} ${words(i, 6)}[/caption]` : "",
    `<h3>${words(i + 2, 4)}</h3>`,
    `${words(i + 3, 150)}`,
    "<ol><li>One</li><li>Two</li></ol>",
  ].join("\n\n");
}

/** Writes a WXR file of `posts` posts to `file`, a post at a time. */
async function writeExport(file, posts, pictures, site) {
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Bench Agency</title><link>${site}</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${site}</wp:base_site_url><wp:base_blog_url>${site}</wp:base_blog_url>
<wp:author><wp:author_login>ada</wp:author_login><wp:author_display_name>Ada Obi</wp:author_display_name></wp:author>
`);
  const every = pictures > 0 ? Math.max(1, Math.floor(posts / pictures)) : Infinity;
  for (let i = 0; i < posts; i++) {
    const picture = i % every === 0;
    const cat = i % 30;
    await write(
      wxrItem(
        {
          id: i + 1,
          title: `Post ${i}: ${words(i, 5)}`,
          slug: `post-${i}`,
          creator: "ada",
          date: `20${String(10 + (i % 14)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 9} 10:00:00`,
          status: i % 10 === 0 ? "draft" : "publish",
          content: body(i, site, picture),
          excerpt: words(i, 20),
          categories: [
            { domain: "category", slug: `topic-${cat}`, name: `Topic ${cat}` },
            { domain: "category", slug: `area-${i % 7}`, name: `Area ${i % 7}` },
            { domain: "post_tag", slug: `tag-${i % 50}`, name: `Tag ${i % 50}` },
          ],
          meta: { _yoast_wpseo_metadesc: words(i, 15) },
        },
        site,
      ),
    );
    if (picture) {
      await write(
        wxrItem(
          {
            id: 900000 + i,
            title: `p${i}`,
            slug: `p${i}`,
            type: "attachment",
            parent: i + 1,
            attachmentUrl: `${site}/wp-content/uploads/bench/p${i}.png`,
          },
          site,
        ),
      );
    }
  }
  await write("</channel>\n</rss>\n");
  out.end();
  await once(out, "finish");
}

/**
 * Asks `/api/health` every 100 ms, each on a connection of its own, until stopped; answers
 * the answers' times (median, 95th percentile, longest) in milliseconds.
 */
function probeHealth(url) {
  const times = [];
  let running = true;
  const ask = () =>
    new Promise((resolve) => {
      const start = performance.now();
      get(`${url}/api/health`, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(performance.now() - start));
      }).on("error", () => resolve(performance.now() - start));
    });
  const loop = (async () => {
    while (running) {
      times.push(await ask());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = times.toSorted((a, b) => a - b);
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, count: sorted.length };
    },
  };
}

/** Imports a `posts`-post export; answers the sizes, times and the server's peak memory. */
export async function measureImport({ posts = 5000, pictures = 100, cpu, build = true } = {}) {
  if (build) ensureBuild();
  const old = await startOldSite();
  const dir = await mkdtemp(path.join(tmpdir(), "agency-bench-import-"));
  const file = path.join(dir, "export.xml");
  await writeExport(file, posts, pictures, old.url);
  const server = await startServer({
    build: false,
    cpu,
    env: { SEED_SAMPLE_CONTENT: "false", IMPORT_ALLOW_HOSTS: old.host },
  });
  try {
    const admin = createAdmin(server.env, "bench-owner@agency.test");
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const { token } = await login.json();
    const headers = { authorization: `Bearer ${token}` };
    // Each poll on a connection of its own (undici's kept-alive one was reset mid-run here).
    const read = (id) =>
      new Promise((resolve, reject) => {
        get(`${server.url}/api/imports/${id}`, { headers, agent: false }, (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve(JSON.parse(text)));
        }).on("error", reject);
      });
    const until = async (id, done) => {
      for (;;) {
        const state = await read(id);
        if (done(state)) return state;
        if (state.state === "failed") throw new Error(state.error);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const memory = watchMemory(server.pid);
    const t0 = performance.now();
    const form = new FormData();
    form.append("file", await openAsBlob(file), "export.xml");
    const uploaded = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers,
      body: form,
    });
    if (uploaded.status !== 202)
      throw new Error(`uploadImport answered ${uploaded.status}: ${await uploaded.text()}`);
    const { id } = await uploaded.json();
    const t1 = performance.now();
    const ready = await until(id, (state) => state.state === "ready");
    const t2 = performance.now();
    const started = await fetch(`${server.url}/api/imports/${id}/start`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "{}",
    });
    if (started.status !== 202) throw new Error(`startImport answered ${started.status}`);
    // The site must keep answering while the job runs (issue 46: within 100 ms).
    const health = probeHealth(server.url);
    const done = await until(id, (state) => state.state === "done");
    const t3 = performance.now();
    const healthMs = await health.stop();
    const { before, peak } = memory.stop();
    return {
      posts,
      pictures,
      fileMB: statSync(file).size / MB,
      items: ready.progress.total,
      uploadSeconds: (t1 - t0) / 1000,
      readSeconds: (t2 - t1) / 1000,
      importSeconds: (t3 - t2) / 1000,
      postsPerSecond: posts / ((t3 - t2) / 1000),
      report: done.report,
      rssBeforeMB: before / MB,
      rssPeakMB: peak / MB,
      healthMs,
    };
  } finally {
    await server.stop();
    await old.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as `npm run bench` and this script print them. */
export function printImport(result) {
  console.log(
    `  ${result.posts.toLocaleString("en-US")} posts (${result.pictures} pictures), ${result.fileMB.toFixed(1)} MB WXR, ${result.items.toLocaleString("en-US")} items`,
  );
  console.log(
    `  upload ${result.uploadSeconds.toFixed(1)} s, read (preview) ${result.readSeconds.toFixed(1)} s, import ${result.importSeconds.toFixed(1)} s (${Math.round(result.postsPerSecond)} posts/s)`,
  );
  console.log(
    `  report: ${result.report.imported} imported, ${result.report.updated} updated, ${result.report.skipped} skipped, ${result.report.withNotes} with notes`,
  );
  console.log(
    `  server memory: ${result.rssBeforeMB.toFixed(0)} MB before, peak ${result.rssPeakMB.toFixed(0)} MB (+${(result.rssPeakMB - result.rssBeforeMB).toFixed(0)} MB)`,
  );
  const { healthMs: h } = result;
  console.log(
    `  /api/health meanwhile (${h.count} asks): median ${h.median.toFixed(0)} ms, p95 ${h.p95.toFixed(0)} ms, longest ${h.max.toFixed(0)} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      posts: { type: "string", default: "5000" },
      pictures: { type: "string", default: "100" },
    },
  });
  console.log(`WordPress import: ${values.posts} posts…`);
  printImport(
    await measureImport({ posts: Number(values.posts), pictures: Number(values.pictures) }),
  );
}
