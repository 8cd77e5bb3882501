// Sums the gzip size of the JavaScript a first visit to a page loads (module scripts and
// modulepreload links in the server-rendered HTML).
//   node bench/js-size.mjs [--url http://host:port] [path …]
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { startServer } from "./server.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: "string" } },
});
const server = values.url ? { url: values.url, stop: async () => {} } : await startServer();
try {
  for (const path of positionals.length ? positionals : ["/", "/blog", "/contact"]) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const files = new Set(
      [
        ...html.matchAll(/<(?:link rel="modulepreload"[^>]*?href|script[^>]*src)="([^"]+\.js)"/g),
      ].map((m) => m[1]),
    );
    for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) files.add(match[1]);
    let total = 0;
    for (const file of files) {
      const body = Buffer.from(await (await fetch(`${server.url}${file}`)).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
    }
    console.log(`${path}: ${files.size} JS files, ${(total / 1024).toFixed(1)} KB gzip`);
  }
} finally {
  await server.stop();
}
