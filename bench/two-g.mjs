// The first visit on a 2G-like link (issue 53): per page, the bytes the phone fetches before
// any tap, the first contentful paint and the largest contentful paint.
//   node bench/two-g.mjs [--runs 5] [--url http://host:port]
// The link: 250 kbit/s down, 50 kbit/s up, 300 ms round trip (Chromium's network emulation
// through the DevTools protocol, the same as DevTools' throttling); a 375 px screen at DPR 2;
// a fresh browser context for every visit (no cache, no service worker, no cookies).
// "Bytes before any tap": every byte on the wire (headers and compressed bodies, as
// `encodedDataLength` counts them) until the network has been quiet for QUIET_MS after the
// load event. `twoGMedians` is the same measurement for `npm run bench` (bench/run.mjs).
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { benchPages, median } from "./lighthouse.mjs";
import { serverAt } from "./server.mjs";

/** The profile of issue 53 (bytes per second for the two throughputs). */
export const TWO_G = {
  latency: 300,
  downloadThroughput: (250 * 1000) / 8,
  uploadThroughput: (50 * 1000) / 8,
};

/** The targets of issue 53, item 7 and item 2. */
export const TWO_G_TARGETS = { fcpMs: 1000, lcpMs: 1500, bytes: 40 * 1024 };

const QUIET_MS = 2000;
const LIMIT_MS = 60_000;

/** One fresh visit of `url` on the 2G profile: { bytes, fcp, lcp, requests }. */
async function visit(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...TWO_G });
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  // A data: address (the font inside the stylesheet, a blurred placeholder) is not fetched:
  // its bytes came with the file that holds it.
  const fetched = new Set();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.url.startsWith("data:")) return;
    fetched.add(event.requestId);
    requests += 1;
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (!fetched.has(event.requestId)) return;
    bytes += event.encodedDataLength;
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFailed", () => {
    lastActivity = Date.now();
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: "load", timeout: LIMIT_MS });
  while (Date.now() - lastActivity < QUIET_MS && Date.now() - started < LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { fcp, lcp } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    lcp: window.__lcp,
  }));
  await context.close();
  return { bytes, fcp, lcp, requests };
}

/** Runs `runs` fresh visits of each page; answers one row of medians per page. */
export async function twoGMedians(url, { runs = 5, pages } = {}) {
  const paths = pages ?? (await benchPages(url));
  // Warm the server's render cache, as the visitors before would have.
  for (const path of paths) await (await fetch(`${url}${path}`)).arrayBuffer();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows = [];
  try {
    for (const path of paths) {
      const visits = [];
      for (let run = 0; run < runs; run += 1) visits.push(await visit(browser, `${url}${path}`));
      rows.push({
        path,
        bytes: median(visits.map((v) => v.bytes)),
        fcp: median(visits.map((v) => v.fcp)),
        lcp: median(visits.map((v) => v.lcp)),
        requests: median(visits.map((v) => v.requests)),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function printTwoG(rows, runs) {
  const { fcpMs, lcpMs, bytes } = TWO_G_TARGETS;
  console.log(
    `\n2G first visit (250/50 kbit/s, 300 ms RTT, 375 px DPR 2; median of ${runs}; targets: ` +
      `bytes ≤ ${bytes / 1024} KB, FCP ≤ ${fcpMs} ms, LCP ≤ ${lcpMs} ms)`,
  );
  console.log("page                      KB before tap  requests   FCP ms   LCP ms  met");
  for (const row of rows) {
    const met = row.bytes <= bytes && row.fcp <= fcpMs && row.lcp <= lcpMs;
    console.log(
      `${row.path.slice(0, 24).padEnd(24)} ${(row.bytes / 1024).toFixed(1).padStart(14)} ` +
        `${String(row.requests).padStart(9)} ${Math.round(row.fcp).toString().padStart(8)} ` +
        `${Math.round(row.lcp).toString().padStart(8)}  ${met ? "yes" : "no"}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "5" }, url: { type: "string" } },
  });
  const runs = Number(values.runs);
  const server = await serverAt(values.url);
  try {
    printTwoG(await twoGMedians(server.url, { runs }), runs);
  } finally {
    await server.stop();
  }
}
