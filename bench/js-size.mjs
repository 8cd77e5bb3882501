// Sums the gzip size of the JavaScript a first visit to a page loads (module scripts and
// modulepreload links in the server-rendered HTML, the modules it imports inline, and their
// static imports).
//   node bench/js-size.mjs [--url http://host:port] [path …]
// `jsGzipSizes` is the same measurement for `npm run bench` (bench/run.mjs).
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { serverAt } from "./server.mjs";

/** The JavaScript files the HTML of a page loads. */
export function scriptsOf(html) {
  const files = new Set(
    [...html.matchAll(/<(?:link rel="modulepreload"[^>]*?href|script[^>]*src)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) files.add(match[1]);
  return files;
}

/** Per path: how many JS files a first visit loads and their gzip size (level 9) in bytes. */
export async function jsGzipSizes(url, paths) {
  const rows = [];
  for (const path of paths) {
    const html = await (await fetch(`${url}${path}`)).text();
    const files = scriptsOf(html);
    let gzipBytes = 0;
    // Each file, and the files it imports statically (an islands page names only its entry).
    for (const file of files) {
      const address = new URL(file, url);
      const body = Buffer.from(await (await fetch(address)).arrayBuffer());
      gzipBytes += gzipSync(body, { level: 9 }).length;
      for (const match of body.toString("utf8").matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
        files.add(new URL(match[1], address).pathname);
      }
    }
    rows.push({ path, files: files.size, gzipBytes });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: "string" } },
  });
  const server = await serverAt(values.url);
  try {
    const paths = positionals.length ? positionals : ["/", "/blog", "/contact"];
    for (const row of await jsGzipSizes(server.url, paths)) {
      console.log(
        `${row.path}: ${row.files} JS files, ${(row.gzipBytes / 1024).toFixed(1)} KB gzip`,
      );
    }
  } finally {
    await server.stop();
  }
}
