import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { ListItemOf } from "../../common/schemas/content.ts";
import { startMailServer } from "../support/mail-server.ts";
import { startPaystack, type PaystackStandIn } from "../support/paystack/server.ts";
import { call, createTestApp, setPrice, type TestApp } from "./helpers.ts";

/** A checkout body for a package (`take-off` unless told) as the API takes it. */
export const buyer = (item = "take-off", extra: Record<string, unknown> = {}) => ({
  item,
  name: "Ada Obi",
  email: "ada@client.ng",
  phone: "0803 123 4567",
  source: { page: "/social-media-management", utmSource: "whatsapp", utmCampaign: "december" },
  ...extra,
});

export interface PaymentsApp extends TestApp {
  paystack: PaystackStandIn;
  /** The app's own address (Paystack's webhooks reach it over HTTP). */
  url: string;
  headers: { authorization: string };
  mail: Awaited<ReturnType<typeof startMailServer>>;
  checkout(
    body?: Record<string, unknown>,
  ): Promise<{ reference: string; authorizationUrl: string }>;
  order(reference: string): Promise<{ status: string; amount: number } & Record<string, unknown>>;
  offer(name: string): Promise<ListItemOf<"offers">>;
  /** The receipts written to the outbox for an order. */
  receipts(reference: string): Promise<number>;
}

/**
 * A test app with payments on: a local Paystack (tests/support/paystack) and an SMTP server,
 * the app listening so that the stand-in's webhooks reach it, an owner signed in, and the
 * seeded prices set. After each test the stand-in must have seen no request outside
 * Paystack's published contract.
 */
export function usePaymentsApp(env: Record<string, string> = {}): PaymentsApp {
  let started: Omit<PaymentsApp, "checkout" | "order" | "offer" | "receipts"> | undefined;
  const current = () => {
    if (!started) throw new Error("usePaymentsApp(): use it in a hook or a test");
    return started;
  };
  beforeAll(async () => {
    const paystack = await startPaystack();
    const mail = await startMailServer();
    const testApp = await createTestApp({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      MAIL_FROM: "site@agency.test",
      ...env,
    });
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    paystack.setWebhookUrl(`${url}/api/payments/paystack/webhook`);
    const headers = await testApp.adminHeaders();
    for (const [key, amount] of [
      ["take-off", 100_000],
      ["empower-me", 180_000],
      ["grow-me", 250_000],
      ["brand-me", 350_000],
      ["video-voice", 10_000],
    ] as const) {
      await setPrice(testApp, headers, amount, key);
    }
    started = { ...testApp, paystack, url, headers, mail };
  });
  afterEach(() => {
    if (!started) return;
    const violations = started.paystack.violations.splice(0);
    expect(violations, "requests outside Paystack's published contract").toEqual([]);
  });
  afterAll(async () => {
    await started?.close();
    await started?.paystack.close();
    await started?.mail.close();
  });
  const t: PaymentsApp = {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get paystack() {
      return current().paystack;
    },
    get url() {
      return current().url;
    },
    get headers() {
      return current().headers;
    },
    get mail() {
      return current().mail;
    },
    adminHeaders: () => current().adminHeaders(),
    close: () => current().close(),
    async checkout(body = buyer()) {
      const answer = await call<{ reference: string; authorizationUrl: string }>(t.app, {
        method: "POST",
        url: "/api/checkout",
        payload: body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },
    async order(reference) {
      const answer = await call<{ status: string; amount: number }>(t.app, {
        method: "GET",
        url: `/api/orders/${reference}`,
        headers: t.headers,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    },
    async offer(name) {
      const answer = await call<ListItemOf<"offers">[]>(t.app, {
        method: "GET",
        url: "/api/content/offers",
      });
      const offer = answer.body.find((item) => item.name === name);
      if (!offer) throw new Error(`no offer ${name}`);
      return offer;
    },
    async receipts(reference) {
      const db = t.app.services.database.db;
      const order = await db
        .selectFrom("orders")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("notification_outbox")
        .select("id")
        .where("subject_id", "=", order.id)
        .where("kind", "=", "payment_receipt")
        .execute();
      return rows.length;
    },
  };
  return t;
}
