import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, it, onTestFinished } from "vitest";
import { startMailServer } from "../support/mail-server.ts";
import { startPaystack } from "../support/paystack/server.ts";
import { dropSchema } from "../support/postgres.ts";
import {
  createAdmin,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from "../support/server-process.ts";
import { call, createTestApp, sameDatabase, setPrice } from "./helpers.ts";
import { buyer } from "./payments-setup.ts";

// Exactly once on any number of instances (issue 49): the database decides, by a conditional
// update, which confirmation marks an order paid. And a payment no confirmation reached (the
// server killed between the charge and the webhook) is found by the reconciliation at start.

it(
  "100 identical webhooks at once on two instances: one paid order, one receipt",
  { timeout: 60_000 },
  async () => {
    const paystack = await startPaystack();
    onTestFinished(() => paystack.close());
    const mail = await startMailServer();
    onTestFinished(() => mail.close());
    const env = {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    };
    const a = await createTestApp(env);
    const b = await createTestApp({
      ...env,
      ...sameDatabase(a),
      TOKEN_SECRET: a.config.tokenSecret,
    });
    const headers = await a.adminHeaders();
    await setPrice(a, headers, 100_000, "take-off");
    const started = await call<{ reference: string }>(a.app, {
      method: "POST",
      url: "/api/checkout",
      payload: buyer(),
    });
    const { reference } = started.body;
    const [body] = await paystack.pay(reference, { send: false });
    const signature = paystack.sign(body!);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: "POST",
          url: "/api/payments/paystack/webhook",
          headers: { "content-type": "application/json", "x-paystack-signature": signature },
          payload: body!,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual(
      [],
    );
    const db = a.app.services.database.db;
    const orders = await db
      .selectFrom("orders")
      .selectAll()
      .where("reference", "=", reference)
      .execute();
    expect(orders.map((order) => order.status)).toEqual(["paid"]);
    const receipts = await db
      .selectFrom("notification_outbox")
      .select("id")
      .where("subject_id", "=", orders[0]!.id)
      .where("kind", "=", "payment_receipt")
      .execute();
    expect(receipts).toHaveLength(1);
    const paidEntries = await db
      .selectFrom("audit_log")
      .select("id")
      .where("entity_id", "=", reference)
      .where("action", "=", "paid")
      .execute();
    expect(paidEntries).toHaveLength(1);
    await mail.received(1);
    expect(paystack.violations).toEqual([]);
  },
);

async function stop(server: ServerProcess, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
}

it(
  "kill -9 between the charge and the webhook: paid after the restart",
  { timeout: 90_000 },
  async () => {
    const paystack = await startPaystack();
    onTestFinished(() => paystack.close());
    const dataDir = await mkdtemp(path.join(tmpdir(), "agency-payments-crash-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      BUILD_DIR: inject("buildDir"),
      SEED_SAMPLE_CONTENT: "false",
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      TOKEN_SECRET: "a-fixed-secret-for-both-runs-of-the-server-000",
      RATE_LIMIT_PER_MINUTE: "1000",
    };
    if (process.env.TEST_DB === "postgres") {
      const schema = `crash_${Date.now().toString(36)}`;
      Object.assign(env, {
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
        DATABASE_SCHEMA: schema,
      });
      onTestFinished(() => dropSchema(schema));
    }
    const first = await spawnServer(dataDir, env);
    onTestFinished(() => stop(first, "SIGKILL"));
    await waitForHealth(first);
    paystack.setWebhookUrl(`${first.url}/api/payments/paystack/webhook`);
    const checkout = await fetch(`${first.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(buyer()),
    });
    expect(checkout.status).toBe(201);
    const { reference } = (await checkout.json()) as { reference: string };

    // The visitor pays; the server dies before Paystack's webhook reaches it, and the visitor
    // never comes back to the callback page.
    await stop(first, "SIGKILL");
    await paystack.pay(reference, { send: false });

    const second = await spawnServer(dataDir, env);
    onTestFinished(() => stop(second, "SIGTERM"));
    await waitForHealth(second);
    const admin = createAdmin(second.env, "owner@agency.test");
    const login = await fetch(`${second.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    let status = "";
    for (let tries = 0; tries < 100 && status !== "paid"; tries++) {
      const order = await fetch(`${second.url}/api/orders/${reference}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      status = ((await order.json()) as { status: string }).status;
      if (status !== "paid") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe("paid");
    expect(paystack.violations).toEqual([]);
  },
);
