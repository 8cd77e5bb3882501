// Lighthouse (default mobile emulation and throttling) with Debian's Chromium on the pages
// of issue 4, three runs each; prints the median scores and metrics per page.
//   node bench/lighthouse.mjs [--runs 3] [--url http://host:port]
// `lighthouseMedians` is the same measurement for `npm run bench` (bench/run.mjs).
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { freePort } from "../tests/support/free-port.ts";
import { serverAt } from "./server.mjs";

export const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** `/`, `/blog`, the newest post, `/contact` and `/services` of the site at `url`. */
export async function benchPages(url) {
  const posts = await (await fetch(`${url}/api/blogs`)).json();
  return ["/", "/blog", posts[0] ? `/blog/${posts[0]._id}` : "/blog", "/contact", "/services"];
}

/**
 * Requests each page once before Lighthouse does, as the visitors before it would have: the
 * render cache then answers Lighthouse from memory, at Brotli's best (the first answer after a
 * start or a write goes out at a quicker quality while the best is made in the background),
 * and the server is idle again when the first run starts.
 */
async function warmUp(url, paths) {
  for (const page of paths) {
    await (await fetch(`${url}${page}`, { headers: { "accept-encoding": "br" } })).arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/**
 * Runs Lighthouse `runs` times on each page of the site at `url`; answers one row of
 * medians per page, and the binary audits that failed in any run.
 */
export async function lighthouseMedians(url, { runs = 3, pages } = {}) {
  const paths = pages ?? (await benchPages(url));
  await warmUp(url, paths);
  const debugPort = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [`--remote-debugging-port=${debugPort}`, ...chromiumArgs],
  });
  const rows = [];
  try {
    for (const page of paths) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${url}${page}`, {
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
          fcp: audits["first-contentful-paint"].numericValue,
          lcp: audits["largest-contentful-paint"].numericValue,
          tbt: audits["total-blocking-time"].numericValue,
          // The longest main-thread task of the run (Lighthouse lists those of 50 ms and
          // more, at its simulated phone's speed); 0 when there was none.
          longestTask: Math.max(
            0,
            ...(audits["long-tasks"]?.details?.items ?? []).map((item) => item.duration ?? 0),
          ),
          cls: audits["cumulative-layout-shift"].numericValue,
          bytes: audits["total-byte-weight"].numericValue,
          scriptBytes,
          // Lighthouse's measure of this machine's CPU (higher is faster): its simulated
          // 4× slower phone multiplies the tasks it sees here, so TBT follows this figure.
          benchmarkIndex: result.lhr.environment.benchmarkIndex,
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
        "FCP ms": Math.round(pick("fcp")),
        "LCP ms": Math.round(pick("lcp")),
        "TBT ms": Math.round(pick("tbt")),
        "longest task ms": Math.round(pick("longestTask")),
        CLS: Number(pick("cls").toFixed(3)),
        "total KB": Math.round(pick("bytes") / 1024),
        "JS KB": Math.round(pick("scriptBytes") / 1024),
        "CPU index": Math.round(pick("benchmarkIndex")),
        failedAudits: [...new Set(samples.flatMap((s) => s.failed))],
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Prints the rows as a table, with the failing audits under it. */
export function printLighthouse(rows, runs) {
  console.log(`Lighthouse medians of ${runs} run(s), mobile emulation:`);
  console.table(rows.map(({ failedAudits: _failed, ...row }) => row));
  for (const row of rows) {
    if (row.failedAudits.length) {
      console.log(`${row.page}: failing audits: ${row.failedAudits.join(", ")}`);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "3" }, url: { type: "string" } },
  });
  const runs = Number(values.runs);
  const server = await serverAt(values.url);
  try {
    printLighthouse(await lighthouseMedians(server.url, { runs }), runs);
  } finally {
    await server.stop();
  }
}
