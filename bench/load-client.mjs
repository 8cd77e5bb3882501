// One autocannon measurement, run by bench/load.mjs in its own process (pinned to a core).
// Reads its options as JSON in argv[2]: { url, method, headers, body, connections, warmup,
// duration, idempotencyKeys, collectIds }; idempotencyKeys sends a fresh Idempotency-Key with
// each request, as the site's forms do; collectIds answers the `_id` of every 2xx answer
// of the measured part in `ids` (the answers must not be compressed). Prints
// { warmup, result, ids } as JSON on stdout: the figures autocannon gives (requests per
// second, latency percentiles, counts per status code).
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import autocannon from "autocannon";

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

const warmup = options.warmup > 0 ? await autocannon({ ...base, duration: options.warmup }) : null;
ids.length = 0;
const result = await autocannon({ ...base, duration: options.duration });
process.stdout.write(
  JSON.stringify({ warmup: warmup && summary(warmup), result: summary(result), ids }) + "\n",
);
