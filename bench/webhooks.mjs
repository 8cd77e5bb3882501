// Paystack webhooks per second (issue 49): the production build over a fresh SQLite database
// with a test key, against the local Paystack (tests/support/paystack, which checks every
// request against Paystack's OpenAPI description). N checkouts are made and paid at the
// stand-in without their webhooks; then their N charge.success webhooks, each signed as
// Paystack signs them, are posted 50 at a time: each is checked, verified with the stand-in
// and marks its order paid once (with its receipt row). Then the same N bodies again: replays.
//   node bench/webhooks.mjs [--orders 2000]
// `npm run bench` runs it with the server on its pinned core (measureWebhooks).
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { startPaystack } from "../tests/support/paystack/server.ts";
import { createAdmin } from "../tests/support/server-process.ts";
import { ensureBuild, startServer } from "./server.mjs";

/** Runs `work` for each item, `concurrency` at a time; answers the seconds it took. */
async function timed(items, concurrency, work) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function measureWebhooks({ orders = 2000, cpu, build = true } = {}) {
  if (build) ensureBuild();
  const paystack = await startPaystack();
  const server = await startServer({
    build: false,
    cpu,
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      SEED_SAMPLE_CONTENT: "false",
    },
  });
  try {
    const hook = `${server.url}/api/payments/paystack/webhook`;
    const references = [];
    await timed(
      Array.from({ length: orders }, (_, i) => i),
      20,
      async (i) => {
        const answer = await fetch(`${server.url}/api/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            item: "take-off",
            name: `Client ${i}`,
            email: `client${i}@example.com`,
            phone: "8031234567",
          }),
        });
        if (answer.status !== 201) throw new Error(`checkout answered ${answer.status}`);
        references.push((await answer.json()).reference);
      },
    );
    const bodies = [];
    for (const reference of references)
      bodies.push(...(await paystack.pay(reference, { send: false })));
    const post = async (body) => {
      const answer = await fetch(hook, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-paystack-signature": paystack.sign(body),
        },
        body,
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`);
    };
    const seconds = await timed(bodies, 50, post);
    const replaySeconds = await timed(bodies, 50, post);
    const admin = createAdmin(server.env, "bench-owner@agency.test");
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const { token } = await login.json();
    const paid = await fetch(`${server.url}/api/orders?status=paid&page=1&pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const paidCount = Number(paid.headers.get("x-total-count"));
    if (paidCount !== orders) throw new Error(`${paidCount} of ${orders} orders paid`);
    if (paystack.violations.length > 0) {
      throw new Error(
        `requests outside Paystack's contract: ${JSON.stringify(paystack.violations[0])}`,
      );
    }
    return { orders, perSecond: orders / seconds, replaysPerSecond: orders / replaySeconds };
  } finally {
    await server.stop();
    await paystack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { orders: { type: "string", default: "2000" } } });
  const result = await measureWebhooks({ orders: Number(values.orders) });
  console.log(
    `Paystack webhooks: ${result.orders} charge.success, each verified and paid once: ` +
      `${Math.round(result.perSecond)} webhooks/s; the same again (replays): ` +
      `${Math.round(result.replaysPerSecond)} webhooks/s`,
  );
}
