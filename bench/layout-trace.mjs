// How much style and layout work a page's load costs the browser, counted, not timed: on two
// shared cores a timed trace moves by a factor of two from run to run, while the number of
// layout objects each layout touches and of elements each style update visits does not.
// Loads each page cold (a fresh browser context) on Lighthouse's phone (its mobile screen
// emulation) and prints, per load, every layout's objects, the style updates' elements, the
// tasks over 50 ms (at `--rate`× CPU throttling, 1 = none) with what they
// spent their time on, and the elements of the page.
//   node bench/layout-trace.mjs [--url http://host:port] [--runs 2] [--rate 1] [paths…]
// Without --url it starts the production build (bench/server.mjs); without paths it traces
// the pages of `npm run bench`. A second full layout right after the first is the web font's
// cut arriving after the first layout (README, "Benchmarks").
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { screenEmulationMetrics } from "lighthouse/core/config/constants.js";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { benchPages } from "./lighthouse.mjs";
import { serverAt } from "./server.mjs";

const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
const PARTS = [
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "FireIdleCallback",
];

/** The trace events of one cold load of `url`. */
async function traceLoad(browser, url, rate) {
  // Lighthouse's own phone (its mobile screen emulation), not a copy of its figures.
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto("about:blank");
    const devtools = await context.newCDPSession(page);
    if (rate > 1) await devtools.send("Emulation.setCPUThrottlingRate", { rate });
    const events = [];
    devtools.on("Tracing.dataCollected", (message) => events.push(...message.value));
    const complete = new Promise((resolve) => devtools.once("Tracing.tracingComplete", resolve));
    await devtools.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink,loading",
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(3000);
    await devtools.send("Tracing.end");
    await complete;
    const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
    return { events, elements };
  } finally {
    await context.close();
  }
}

/** One line per load, and one per long task under it. */
function summarise(url, { events, elements }) {
  // The page's main thread: the one that parsed its HTML (an SVG picture's document is laid
  // out on it too, as a frame of its own).
  const parse = events.find(
    (event) => event.name === "ParseHTML" && event.args?.beginData?.url === url,
  );
  if (!parse) return `  no trace of ${url}`;
  const frame = parse.args.beginData.frame;
  const own = events.filter(
    (event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X",
  );
  const start = own[0].ts;
  const layouts = own
    .filter((event) => event.name === "Layout" && event.args?.beginData?.frame === frame)
    .map((event) => event.args.beginData.dirtyObjects ?? 0);
  const styled = own
    .filter((event) => event.name === "UpdateLayoutTree")
    .reduce((sum, event) => sum + (event.args?.elementCount ?? 0), 0);
  const lines = [
    `  ${elements} elements; layouts touched ${layouts.reduce((a, b) => a + b, 0)} objects ` +
      `[${layouts.join(", ")}]; style updates visited ${styled} elements`,
  ];
  for (const task of own.filter((event) => TASK.has(event.name) && event.dur > 50_000)) {
    const spent = {};
    for (const event of own) {
      if (event === task || !PARTS.includes(event.name)) continue;
      if (event.ts < task.ts || event.ts + (event.dur ?? 0) > task.ts + task.dur) continue;
      spent[event.name] = (spent[event.name] ?? 0) + event.dur / 1000;
    }
    const parts = Object.entries(spent)
      .filter(([, ms]) => ms >= 1)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(", ");
    lines.push(
      `    task at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur / 1000)} ms: ${parts}`,
    );
  }
  return lines.join("\n");
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string" },
    runs: { type: "string", default: "2" },
    rate: { type: "string", default: "1" },
  },
});
const server = await serverAt(values.url);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const paths = positionals.length > 0 ? positionals : await benchPages(server.url);
  for (const path of paths) {
    const url = new URL(path, server.url).href;
    for (let run = 1; run <= Number(values.runs); run++) {
      console.log(`${path}, load ${run}:`);
      console.log(summarise(url, await traceLoad(browser, url, Number(values.rate))));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
