// Does a flood of sign-in attempts slow down file serving? Starts the production build on
// a fresh database behind TRUST_PROXY=127.0.0.1, puts one image into the media directory,
// then measures GET /media/<image> alone and again while 60 clients, each with its own
// X-Forwarded-For address, post wrong passwords to /api/auth/login in a loop.
// Every attempt uses a new e-mail, so no lock-out stops the hashing: each one costs a
// password hash, the worst case for the server.
//   node bench/login-flood.mjs [--clients 60] [--seconds 10] [--rate-limit 30]
//                              [--url http://host:port --image /media/…]
// --rate-limit is RATE_LIMIT_PER_MINUTE of the server it starts (sign-in allows at least
// 20 a minute per address); 0 lifts the per-address limits to show the worst case. With
// --url, the server must trust 127.0.0.1 as a proxy and serve the image named by --image.
import { copyFileSync, mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverAt } from "./server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "60" },
    seconds: { type: "string", default: "10" },
    "rate-limit": { type: "string", default: "30" },
    url: { type: "string" },
    image: { type: "string", default: "/media/bench/og-default.png" },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const rateLimit = Number(values["rate-limit"]) || 1_000_000;

const server = await serverAt(values.url, {
  env: {
    TRUST_PROXY: "127.0.0.1",
    RATE_LIMIT_PER_MINUTE: String(rateLimit),
    SEED_SAMPLE_CONTENT: "false",
  },
});
if (!values.url) {
  // The server reads media from disk on each request: a file put there is served at once.
  const dir = path.join(server.dataDir, "media", "bench");
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(root, "public/images/og-default.png"), path.join(dir, "og-default.png"));
}
const base = new URL(server.url);

/** One HTTP request through `agent` (false: a new connection): its status and milliseconds. */
function request(agent, { method = "GET", pathName, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathName,
        headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - start }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const percentile = (numbers, p) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

// The image asked every 50 ms whether or not the last answer came (a slow answer must not
// hide the ones that would have queued behind it), each on a new connection as a fresh
// visitor's would be (and no idle keep-alive socket to race the server's close).
async function measureMedia(until, everyMs = 50) {
  const pending = [];
  while (performance.now() < until) {
    // Settled at once, so a failure waits for Promise.all instead of ending the process
    // (and leaving the server running).
    pending.push(
      request(false, { pathName: values.image }).then(
        ({ status, ms }) => (status === 200 ? ms : new Error(`answered ${status}`)),
        (error) => error,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const results = await Promise.all(pending);
  const failed = results.find((result) => result instanceof Error);
  if (failed) throw new Error(`GET ${values.image} failed: ${failed.message}`);
  return results;
}

const counts = new Map();
let attempts = 0;
async function attacker(index, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ip = `198.51.${100 + Math.floor(index / 250)}.${(index % 250) + 1}`;
  while (performance.now() < until) {
    const body = JSON.stringify({
      email: `guess-${index}-${attempts++}@example.com`,
      password: "not the password",
    });
    try {
      const { status } = await request(agent, {
        method: "POST",
        pathName: "/api/auth/login",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body,
      });
      counts.set(status, (counts.get(status) ?? 0) + 1);
    } catch {
      counts.set("network error", (counts.get("network error") ?? 0) + 1);
    }
  }
  agent.destroy();
}

const format = (samples) =>
  `median ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, ` +
  `max ${Math.max(...samples).toFixed(1)} ms (${samples.length} requests)`;

try {
  await measureMedia(performance.now() + 500); // warm up: the file in the page cache, JIT
  const alone = await measureMedia(performance.now() + seconds * 1000);
  const until = performance.now() + seconds * 1000;
  const flood = Array.from({ length: clients }, (_, i) => attacker(i, until));
  const during = await measureMedia(until);
  await Promise.all(flood);

  console.log(`GET ${values.image} alone:            ${format(alone)}`);
  console.log(`GET ${values.image} during the flood: ${format(during)}`);
  for (const status of [401, 429, 503]) counts.set(status, counts.get(status) ?? 0);
  const answers = [...counts.entries()]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  const limit =
    rateLimit === 1_000_000 ? "no per-address limit" : `RATE_LIMIT_PER_MINUTE=${rateLimit}`;
  console.log(`Sign-in attempts by ${clients} clients in ${seconds} s (${limit}): ${answers}`);
} finally {
  await server.stop();
}
