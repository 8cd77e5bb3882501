// One autocannon measurement, run by bench/load.mjs in its own process (pinned to a core).
// Reads its options as JSON in argv[2]: { url, method, headers, body, connections, warmup,
// duration, idempotencyKeys, collectIds }; idempotencyKeys sends a fresh Idempotency-Key with
// each request, as the site's forms do; collectIds answers the `_id` of every 2xx answer
// of the measured part in `ids` (the answers must not be compressed). Prints
// { warmup, result, ids } as JSON on stdout: the figures autocannon gives (requests per
// second, latency percentiles, counts per status code).
// With `sequence` ([{ url, headers, duration, pid }]) it measures each step in turn, back to
// back in this one process, and prints { steps: [{ result, cpu }] }: cpu is the CPU seconds
// the process `pid` used during the step (the server under load). A step with `parts`
// ([{ url, headers, pid, connections }]) loads them all at once, for `duration` s, and
// answers { parts: [{ result, cpu }] }.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import autocannon from "autocannon";
import { cpuSeconds } from "./load.mjs";

const options = JSON.parse(process.argv[2]);
if (!options.collectIds) {
  // autocannon turns every answer's body into a UTF-8 string, for callbacks that read it.
  // Nothing here reads the body unless collectIds is set, and decoding compressed bytes as
  // text was the load generator's main cost: 65 % of its core on the 18 KB Brotli page,
  // capping it near 6,000 answers a second whatever the server did. The bytes are still
  // received and parsed as HTTP; only that decoding is skipped.
  const require = createRequire(import.meta.url);
  const Queue = require("autocannon/lib/pipelinedRequestsQueue.js");
  Queue.prototype.addBody = function addBody() {};
}
const base = {
  url: options.url,
  method: options.method ?? "GET",
  headers: options.headers ?? {},
  body: options.body,
  connections: options.connections ?? 50,
  timeout: 10,
};
// One request object carries the per-request additions (autocannon loops over `requests`).
const ids = [];
const request = {};
if (options.idempotencyKeys) {
  request.setupRequest = (raw) => ({
    ...raw,
    headers: { ...raw.headers, "idempotency-key": randomUUID() },
  });
}
if (options.collectIds) {
  request.onResponse = (status, body) => {
    if (status >= 200 && status < 300) ids.push(JSON.parse(body)._id);
  };
}
if (Object.keys(request).length > 0) base.requests = [request];

function summary(result) {
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
  );
  return {
    duration: result.duration,
    requestsPerSecond: result.requests.average,
    completed: result.requests.total,
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    byStatus,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

if (options.sequence) {
  const steps = [];
  for (const step of options.sequence) {
    const parts = step.parts ?? [step];
    const before = parts.map((part) => cpuSeconds(part.pid));
    const results = await Promise.all(
      parts.map((part) =>
        autocannon({
          ...base,
          url: part.url,
          headers: part.headers ?? base.headers,
          connections: part.connections ?? base.connections,
          duration: step.duration,
        }),
      ),
    );
    const measured = results.map((result, i) => ({
      result: summary(result),
      cpu: cpuSeconds(parts[i].pid) - before[i],
    }));
    steps.push(step.parts ? { parts: measured } : measured[0]);
  }
  process.stdout.write(JSON.stringify({ steps }) + "\n");
  process.exit(0);
}

const warmup = options.warmup > 0 ? await autocannon({ ...base, duration: options.warmup }) : null;
ids.length = 0;
const result = await autocannon({ ...base, duration: options.duration });
process.stdout.write(
  JSON.stringify({ warmup: warmup && summary(warmup), result: summary(result), ids }) + "\n",
);
