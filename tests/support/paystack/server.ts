import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { paystackContract, type Contract } from "./contract.ts";

// A local Paystack for the tests (issue 49), built from Paystack's own OpenAPI description
// (contract.ts): every request the product sends is checked against it (a violation is kept
// in `violations`, and the request is refused as Paystack would), and every answer it gives
// is checked against the documented shape too. It holds transactions, plans, subscriptions
// and refunds in memory, offers a checkout page a browser test can pay on, and sends
// webhooks signed as Paystack signs them: HMAC-SHA512 of the raw body with the secret key,
// hex, in `x-paystack-signature` (https://paystack.com/docs/payments/webhooks/). Tests can
// send any webhook twice, late, out of order, replayed or badly signed.

export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  status: "abandoned" | "success" | "failed";
  metadata: unknown;
  callbackUrl?: string;
  plan?: string;
  paidAt?: string;
  createdAt: string;
  customerCode: string;
}

export interface StandInPlan {
  id: number;
  code: string;
  name: string;
  amount: number;
  interval: string;
  currency: string;
}

export interface StandInSubscription {
  id: number;
  code: string;
  emailToken: string;
  plan: string;
  email: string;
  customerCode: string;
  amount: number;
  status: "active" | "non-renewing" | "attention" | "completed" | "cancelled";
  nextPaymentDate: string;
  createdAt: string;
}

export interface ContractViolation {
  request: string;
  problems: string[];
}

export interface WebhookDelivery {
  event: string;
  body: string;
  status: number;
}

export type Signature = "valid" | "bad" | "missing";

interface Json {
  [key: string]: unknown;
}

const now = () => new Date().toISOString();
const code = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex").slice(0, 15)}`;

/** The signature Paystack puts on a webhook: HMAC-SHA512 of the raw body, hex. */
export function signWebhook(body: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  if (/application\/x-www-form-urlencoded/.test(request.headers["content-type"] ?? "")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * Starts the stand-in on a free port of 127.0.0.1. `webhookUrl` is where its webhooks go
 * (settable later: the product's address may be known only after this starts).
 */
export async function startPaystack(options: { secretKey?: string; webhookUrl?: string } = {}) {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(20).toString("hex")}`;
  const contract: Contract = await paystackContract();
  let webhookUrl = options.webhookUrl;
  let ids = 1000;
  const transactions = new Map<string, StandInTransaction>();
  const plans = new Map<string, StandInPlan>();
  const subscriptions = new Map<string, StandInSubscription>();
  const refunds: { id: number; reference: string; amount: number; status: string }[] = [];
  const violations: ContractViolation[] = [];
  const requests: { operationId?: string; method: string; path: string; body: unknown }[] = [];
  const deliveries: WebhookDelivery[] = [];
  /** Whether paying on the checkout page sends its webhooks (off: as if they were lost). */
  let webhooksOnPay = true;
  const domain = secretKey.startsWith("sk_live_") ? "live" : "test";
  let base = "";

  const customer = (email: string, customerCode: string) => ({
    id: 4242,
    first_name: "",
    last_name: "",
    email,
    customer_code: customerCode,
    phone: "",
    metadata: {},
    risk_action: "default",
    international_format_phone: "",
  });
  const authorization = () => ({
    authorization_code: "AUTH_standin0001",
    bin: "408408",
    last4: "4081",
    exp_month: "12",
    exp_year: "2030",
    channel: "card",
    card_type: "visa ",
    bank: "TEST BANK",
    country_code: "NG",
    brand: "visa",
    reusable: true,
    signature: "SIG_standin0001",
    account_name: null,
  });
  const planView = (plan: StandInPlan) => ({
    id: plan.id,
    name: plan.name,
    plan_code: plan.code,
    description: null,
    amount: plan.amount,
    interval: plan.interval,
    send_invoices: true,
    send_sms: true,
    currency: plan.currency,
  });
  const transactionView = (trx: StandInTransaction, event = false) => {
    const plan = trx.plan ? plans.get(trx.plan) : undefined;
    return {
      id: trx.id,
      domain,
      status: trx.status,
      reference: trx.reference,
      receipt_number: null,
      amount: trx.amount,
      message: null,
      gateway_response:
        trx.status === "success"
          ? "Successful"
          : trx.status === "failed"
            ? "Declined"
            : "The transaction was not completed",
      paid_at: trx.paidAt ?? null,
      created_at: trx.createdAt,
      channel: "card",
      currency: trx.currency,
      ip_address: "127.0.0.1",
      metadata: trx.metadata ?? "",
      log: null,
      fees: trx.status === "success" ? Math.min(Math.round(trx.amount * 0.015), 200_000) : null,
      fees_split: null,
      authorization: authorization(),
      customer: customer(trx.email, trx.customerCode),
      // The API's answer names the plan by its code (the contract's string); an event
      // carries the plan itself (Paystack's webhook payloads).
      plan: event ? (plan ? planView(plan) : {}) : (plan?.code ?? ""),
      split: {},
      order_id: null,
      paidAt: trx.paidAt ?? null,
      createdAt: trx.createdAt,
      requested_amount: trx.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: trx.createdAt,
      plan_object: plan ? planView(plan) : {},
      subaccount: {},
    };
  };
  const subscriptionView = (sub: StandInSubscription) => {
    const plan = plans.get(sub.plan)!;
    return {
      id: sub.id,
      domain,
      status: sub.status,
      subscription_code: sub.code,
      email_token: sub.emailToken,
      amount: sub.amount,
      cron_expression: "0 0 28 * *",
      next_payment_date: sub.nextPaymentDate,
      open_invoice: null,
      createdAt: sub.createdAt,
      cancelledAt: sub.status === "cancelled" ? now() : null,
      integration: 100032,
      plan: planView(plan),
      authorization: { ...authorization(), account_name: null },
      customer: customer(sub.email, sub.customerCode),
      invoices: [],
      invoices_history: [],
      invoice_limit: 0,
      split_code: null,
      most_recent_invoice: null,
      payments_count: 1,
      metadata: null,
    };
  };

  /** Sends one webhook to the product as Paystack would; answers the product's status. */
  async function deliver(body: string, signature: Signature = "valid"): Promise<number> {
    if (!webhookUrl) throw new Error("the stand-in has no webhook URL");
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature === "valid") headers["x-paystack-signature"] = signWebhook(body, secretKey);
    if (signature === "bad") {
      headers["x-paystack-signature"] = signWebhook(body, `${secretKey}-not-the-key`);
    }
    const response = await fetch(webhookUrl, { method: "POST", headers, body });
    await response.arrayBuffer();
    const event = (JSON.parse(body) as { event: string }).event;
    deliveries.push({ event, body, status: response.status });
    return response.status;
  }

  const eventBody = (event: string, data: unknown) => JSON.stringify({ event, data });

  const chargeSuccess = (reference: string) =>
    eventBody("charge.success", transactionView(transactions.get(reference)!, true));
  const subscriptionEvent = (event: string, subscriptionCode: string) =>
    eventBody(event, { ...subscriptionView(subscriptions.get(subscriptionCode)!) });
  const invoiceEvent = (event: string, subscriptionCode: string, paid: boolean) => {
    const sub = subscriptions.get(subscriptionCode)!;
    return eventBody(event, {
      domain,
      invoice_code: code("INV"),
      amount: sub.amount,
      period_start: now(),
      period_end: sub.nextPaymentDate,
      status: paid ? "success" : "failed",
      paid,
      paid_at: paid ? now() : null,
      description: null,
      authorization: authorization(),
      subscription: {
        status: sub.status,
        subscription_code: sub.code,
        email_token: sub.emailToken,
        amount: sub.amount,
        cron_expression: "0 0 28 * *",
        next_payment_date: sub.nextPaymentDate,
        open_invoice: paid ? null : "INV_open",
      },
      customer: customer(sub.email, sub.customerCode),
      transaction: {},
      created_at: now(),
    });
  };

  const nextMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

  /** The checkout page's Pay: the charge succeeds, a plan's first charge subscribes. */
  function succeed(reference: string): { body: string; subscriptionCode?: string }[] {
    const trx = transactions.get(reference);
    if (!trx) throw new Error(`no transaction ${reference}`);
    trx.status = "success";
    trx.paidAt = now();
    const events = [{ body: chargeSuccess(reference) }];
    if (trx.plan) {
      const plan = plans.get(trx.plan)!;
      const sub: StandInSubscription = {
        id: ++ids,
        code: code("SUB"),
        emailToken: randomBytes(8).toString("hex"),
        plan: plan.code,
        email: trx.email,
        customerCode: trx.customerCode,
        amount: plan.amount,
        status: "active",
        nextPaymentDate: nextMonth(),
        createdAt: now(),
      };
      subscriptions.set(sub.code, sub);
      events.push({ body: subscriptionEvent("subscription.create", sub.code) });
    }
    return events;
  }

  /** Answers `body` with `status` after checking it against the operation's answer. */
  function answer(
    response: ServerResponse,
    status: number,
    body: Json,
    operationId: string | undefined,
    label: string,
  ) {
    if (operationId) {
      const problems = contract.checkResponse(body, operationId, status);
      if (problems.length > 0) violations.push({ request: `answer of ${label}`, problems });
    }
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }

  function page(response: ServerResponse, html: string, status = 200) {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Paystack (test stand-in)</title><style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.7rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:.4rem;border:0;background:#0ba4db;color:#fff}button.decline{background:#777}</style></head><body>${html}</body></html>`,
    );
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const body = await readJson(request);
    const method = (request.method ?? "GET").toLowerCase();
    const label = `${method.toUpperCase()} ${url.pathname}`;
    const check = contract.checkRequest({
      method,
      path: url.pathname,
      headers: request.headers as Record<string, string>,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    requests.push({ operationId: check.operationId, method, path: url.pathname, body });
    const fail = (status: number, message: string) =>
      answer(response, status, { status: false, message }, check.operationId, label);
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return fail(401, "Invalid key");
    }
    if (check.problems.length > 0) {
      violations.push({ request: label, problems: check.problems });
      return fail(400, `Invalid request: ${check.problems.join("; ")}`);
    }
    const input = (body ?? {}) as Json;
    const reply = (data: unknown, message: string) =>
      answer(response, 200, { status: true, message, data } as Json, check.operationId, label);
    switch (check.operationId) {
      case "transaction_initialize": {
        const reference = String(input.reference ?? `T${randomBytes(6).toString("hex")}`);
        if (transactions.has(reference)) return fail(400, "Duplicate Transaction Reference");
        const plan = input.plan ? plans.get(String(input.plan)) : undefined;
        if (input.plan && !plan) return fail(400, "Plan not found");
        const metadata =
          typeof input.metadata === "string" ? JSON.parse(input.metadata) : input.metadata;
        const trx: StandInTransaction = {
          id: ++ids,
          reference,
          accessCode: randomBytes(8).toString("hex"),
          // A plan's charge is the plan's amount, whatever `amount` says (Paystack's docs).
          amount: plan ? plan.amount : Number(input.amount),
          currency: String(input.currency ?? "NGN"),
          email: String(input.email),
          status: "abandoned",
          metadata,
          callbackUrl: input.callback_url ? String(input.callback_url) : undefined,
          plan: plan?.code,
          createdAt: now(),
          customerCode: `CUS_${Buffer.from(String(input.email)).toString("hex").slice(0, 12)}`,
        };
        transactions.set(reference, trx);
        return reply(
          {
            authorization_url: `${base}/checkout/${trx.accessCode}`,
            access_code: trx.accessCode,
            reference,
          },
          "Authorization URL created",
        );
      }
      case "transaction_verify": {
        const reference = decodeURIComponent(url.pathname.split("/").pop() ?? "");
        const trx = transactions.get(reference);
        if (!trx) return fail(404, "Transaction reference not found");
        return reply(transactionView(trx), "Verification successful");
      }
      case "plan_create": {
        const plan: StandInPlan = {
          id: ++ids,
          code: code("PLN"),
          name: String(input.name),
          amount: Number(input.amount),
          interval: String(input.interval),
          currency: String(input.currency ?? "NGN"),
        };
        plans.set(plan.code, plan);
        return reply(
          {
            ...planView(plan),
            description: undefined,
            integration: 100032,
            domain,
            invoice_limit: 0,
            hosted_page: false,
            migrate: false,
            is_archived: false,
            createdAt: now(),
            updatedAt: now(),
          },
          "Plan created",
        );
      }
      case "plan_update": {
        const plan = plans.get(decodeURIComponent(url.pathname.split("/").pop() ?? ""));
        if (!plan) return fail(404, "Plan not found");
        if (input.name !== undefined) plan.name = String(input.name);
        if (input.amount !== undefined) plan.amount = Number(input.amount);
        return answer(
          response,
          200,
          { status: true, message: "Plan updated. 0 subscription(s) affected" },
          check.operationId,
          label,
        );
      }
      case "subscription_fetch": {
        const sub = subscriptions.get(decodeURIComponent(url.pathname.split("/").pop() ?? ""));
        if (!sub) return fail(404, "Subscription not found");
        return reply(subscriptionView(sub), "Subscription retrieved successfully");
      }
      case "subscription_manageLink": {
        const subscriptionCode = decodeURIComponent(url.pathname.split("/")[2] ?? "");
        if (!subscriptions.has(subscriptionCode)) return fail(404, "Subscription not found");
        return reply({ link: `${base}/manage/${subscriptionCode}` }, "Link generated");
      }
      case "refund_create": {
        const trx =
          transactions.get(String(input.transaction)) ??
          [...transactions.values()].find((t) => String(t.id) === String(input.transaction));
        if (!trx || trx.status !== "success") return fail(400, "Transaction not found");
        const amount = input.amount === undefined ? trx.amount : Number(input.amount);
        const done = refunds.filter((r) => r.reference === trx.reference);
        const left = trx.amount - done.reduce((sum, r) => sum + r.amount, 0);
        if (amount > left) return fail(400, "Refund amount cannot exceed the amount left");
        const refund = { id: ++ids, reference: trx.reference, amount, status: "pending" };
        refunds.push(refund);
        return reply(
          {
            transaction: {
              id: trx.id,
              domain,
              reference: trx.reference,
              amount: trx.amount,
              paid_at: trx.paidAt ?? now(),
              channel: "card",
              currency: trx.currency,
              authorization: { exp_month: null, exp_year: null, account_name: null },
              customer: { international_format_phone: null },
              plan: {},
              subaccount: { currency: null },
              split: {},
              order_id: null,
              paidAt: trx.paidAt ?? now(),
              pos_transaction_data: null,
              source: null,
              fees_breakdown: null,
            },
            integration: 100032,
            deducted_amount: 0,
            channel: null,
            merchant_note: String(input.merchant_note ?? ""),
            customer_note: String(input.customer_note ?? ""),
            status: "pending",
            refunded_by: "owner@agency.test",
            expected_at: now(),
            currency: trx.currency,
            domain,
            amount,
            fully_deducted: false,
            id: refund.id,
            createdAt: now(),
            updatedAt: now(),
          },
          "Refund has been queued for processing",
        );
      }
      default:
        violations.push({
          request: label,
          problems: [`${check.operationId}: the product is not expected to call it`],
        });
        return fail(501, "Not offered by the stand-in");
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "checkout" && parts[1]) {
      const trx = [...transactions.values()].find((t) => t.accessCode === parts[1]);
      if (!trx) return page(response, "<h1>This checkout link is not valid</h1>", 404);
      if (request.method === "POST" && (parts[2] === "pay" || parts[2] === "decline")) {
        await readJson(request);
        if (parts[2] === "pay") {
          const events = succeed(trx.reference);
          if (webhooksOnPay) for (const event of events) await deliver(event.body);
        } else {
          trx.status = "failed";
        }
        const target = trx.callbackUrl
          ? `${trx.callbackUrl}${trx.callbackUrl.includes("?") ? "&" : "?"}trxref=${encodeURIComponent(trx.reference)}&reference=${encodeURIComponent(trx.reference)}`
          : undefined;
        if (target) {
          response.writeHead(302, { location: target });
          return response.end();
        }
        return page(response, "<h1>Payment complete</h1>");
      }
      const naira = (trx.amount / 100).toLocaleString("en-NG", { minimumFractionDigits: 2 });
      return page(
        response,
        `<h1>Pay NGN ${naira}</h1><p>${escapeHtml(trx.email)}</p><p>Reference ${escapeHtml(trx.reference)}</p>` +
          `<form method="post" action="/checkout/${trx.accessCode}/pay"><button type="submit">Pay NGN ${naira}</button></form>` +
          `<form method="post" action="/checkout/${trx.accessCode}/decline"><button type="submit" class="decline">Decline</button></form>`,
      );
    }
    if (parts[0] === "manage" && parts[1]) {
      const sub = subscriptions.get(parts[1]);
      if (!sub) return page(response, "<h1>Not found</h1>", 404);
      if (request.method === "POST") {
        await readJson(request);
        await standIn.notRenew(sub.code);
      }
      return page(
        response,
        `<h1>Manage your subscription</h1><p>Status: <strong id="status">${sub.status}</strong></p>` +
          `<form method="post"><button type="submit">Cancel subscription</button></form>`,
      );
    }
    return api(request, response, url);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      violations.push({ request: `${request.method} ${request.url}`, problems: [String(error)] });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn = {
    /** PAYSTACK_BASE_URL for the product. */
    url: base,
    secretKey,
    transactions,
    plans,
    subscriptions,
    refunds,
    /** Requests the contract refused, answers it would refuse, operations not offered. */
    violations,
    /** Every API request the product sent, in order. */
    requests,
    /** Every webhook sent, with the product's status. */
    deliveries,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    /** Whether the checkout page's Pay sends its webhooks (off: lost, as in an outage). */
    sendWebhooksOnPay(on: boolean) {
      webhooksOnPay = on;
    },
    /** The body and signature of a webhook, for a test that sends it itself. */
    sign: (body: string) => signWebhook(body, secretKey),
    /**
     * Pays the transaction as the checkout page's Pay button does, without the browser:
     * answers the events it makes (charge.success, and subscription.create for a plan),
     * sent to the product unless `send` is false.
     */
    async pay(reference: string, { send = true }: { send?: boolean } = {}) {
      const events = succeed(reference);
      if (send) for (const event of events) await deliver(event.body);
      return events.map((event) => event.body);
    },
    /** The card is declined: verify answers "failed". */
    decline(reference: string) {
      transactions.get(reference)!.status = "failed";
    },
    /** A charge.success of this transaction as Paystack would send it (not sent). */
    chargeSuccess,
    subscriptionEvent,
    invoiceEvent,
    /** Sends a webhook body: signed, badly signed or unsigned; answers the product's status. */
    deliver,
    /** A renewal: a new charge of the plan's amount, charge.success and invoice.update. */
    async renew(subscriptionCode: string, { send = true }: { send?: boolean } = {}) {
      const sub = subscriptions.get(subscriptionCode)!;
      const trx: StandInTransaction = {
        id: ++ids,
        reference: `rnw${randomBytes(6).toString("hex")}`,
        accessCode: randomBytes(8).toString("hex"),
        amount: sub.amount,
        currency: "NGN",
        email: sub.email,
        status: "success",
        metadata: "",
        plan: sub.plan,
        paidAt: now(),
        createdAt: now(),
        customerCode: sub.customerCode,
      };
      transactions.set(trx.reference, trx);
      sub.status = "active";
      sub.nextPaymentDate = nextMonth();
      const bodies = [chargeSuccess(trx.reference), invoiceEvent("invoice.update", sub.code, true)];
      if (send) for (const body of bodies) await deliver(body);
      return { reference: trx.reference, bodies };
    },
    /** A renewal that fails: the subscription needs attention, invoice.payment_failed. */
    async failRenewal(subscriptionCode: string) {
      subscriptions.get(subscriptionCode)!.status = "attention";
      return deliver(invoiceEvent("invoice.payment_failed", subscriptionCode, false));
    },
    /** The client cancels on the manage page: it will not renew (subscription.not_renew). */
    async notRenew(subscriptionCode: string) {
      subscriptions.get(subscriptionCode)!.status = "non-renewing";
      return deliver(subscriptionEvent("subscription.not_renew", subscriptionCode));
    },
    /** The subscription ends (subscription.disable). */
    async disable(subscriptionCode: string, status: "completed" | "cancelled" = "cancelled") {
      subscriptions.get(subscriptionCode)!.status = status;
      return deliver(subscriptionEvent("subscription.disable", subscriptionCode));
    },
    /** Sends refund.processed for the latest refund of a transaction. */
    async refundProcessed(reference: string) {
      const refund = refunds.filter((r) => r.reference === reference).at(-1)!;
      refund.status = "processed";
      return deliver(
        eventBody("refund.processed", {
          status: "processed",
          transaction_reference: reference,
          refund_reference: `RF_${refund.id}`,
          amount: refund.amount,
          currency: "NGN",
          processor: "card",
          customer: { email: transactions.get(reference)!.email },
          integration: 100032,
          domain,
        }),
      );
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
export type PaystackStandIn = Awaited<ReturnType<typeof startPaystack>>;
