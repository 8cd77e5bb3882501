// Lighthouse (default mobile emulation and throttling) with Debian's Chromium on the pages
// of issue 4, three runs each; prints the median scores and metrics per page.
//   node bench/lighthouse.mjs [--runs 3] [--url http://host:port]
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { freePort } from "../tests/support/free-port.ts";
import { startServer } from "./server.mjs";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, url: { type: "string" } },
});
const runs = Number(values.runs);

const server = values.url ? { url: values.url, stop: async () => {} } : await startServer();
const posts = await (await fetch(`${server.url}/api/blogs`)).json();
const pages = ["/", "/blog", posts[0] ? `/blog/${posts[0]._id}` : "/blog", "/contact", "/services"];

const debugPort = await freePort();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [`--remote-debugging-port=${debugPort}`, ...chromiumArgs],
});

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const rows = [];
try {
  for (const page of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: debugPort,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const { categories, audits } = result.lhr;
      const scriptBytes = (audits["network-requests"]?.details?.items ?? [])
        .filter((item) => item.resourceType === "Script")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      samples.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories["best-practices"].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        bytes: audits["total-byte-weight"].numericValue,
        scriptBytes,
        failed: Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      });
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    rows.push({
      page,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      "best-practices": pick("bestPractices"),
      seo: pick("seo"),
      "LCP ms": Math.round(pick("lcp")),
      "TBT ms": Math.round(pick("tbt")),
      CLS: Number(pick("cls").toFixed(3)),
      "total KB": Math.round(pick("bytes") / 1024),
      "JS KB": Math.round(pick("scriptBytes") / 1024),
    });
    const failed = [...new Set(samples.flatMap((s) => s.failed))];
    if (failed.length) console.log(`${page}: failing audits: ${failed.join(", ")}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`Lighthouse medians of ${runs} run(s), mobile emulation:`);
console.table(rows);
