import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  formatNaira,
  PAYMENTS_OFF_REASON,
  toNaira,
  type OrderStatus,
} from "../../../common/payments.ts";
import type { SiteContent } from "../../../common/schemas/content.ts";
import {
  enquiryInputSchema,
  type Enquiry,
  type ParsedEnquiryInput,
} from "../../../common/schemas/enquiry.ts";
import type {
  CheckoutAnswer,
  CheckoutInput,
  Order,
  OrderQuery,
  PaymentsStatus,
  Subscription,
  SubscriptionQuery,
} from "../../../common/schemas/payments.ts";
import type { Price } from "../../../common/schemas/price.ts";
import { DEFAULT_PAGE_SIZE } from "../../../common/schemas/common.ts";
import type { PaystackConfig } from "../../config.ts";
import { pageWindow } from "../../db/lists.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound, Unauthorized } from "../../errors.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";
import { newOutboxRow } from "../outbox/repository.ts";
import { everyRow } from "../../lib/every-row.ts";
import { findSaleItem, type CatalogueItem } from "./catalogue.ts";
import { applyPaystackPayment } from "./invoice-payments.ts";
import { PaystackUnavailable, validSignature, type PaystackClient } from "./paystack.ts";
import { createPaymentsRepository, type OrderRow } from "./repository.ts";
import { PAYMENT_RECEIPT } from "./mails.ts";

/** The reconciliation looks at pending orders this often (and once at start). */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** A checkout still not paid after this is failed ("abandoned"). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
const RECONCILE_BATCH = 100;

/** Who the log names for what Paystack told the site (webhooks, verifications). */
export const PAYSTACK_ACTOR: AuditActor = { id: null, email: "Paystack" };

/** The checkout origins a form may post to: Paystack's, and a stand-in's own (tests). */
export function checkoutOrigins(paystack: Pick<PaystackConfig, "baseUrl"> | undefined): string[] {
  if (!paystack) return [];
  const origins = ["https://checkout.paystack.com"];
  const own = new URL(paystack.baseUrl).origin;
  if (own !== "https://api.paystack.co") origins.push(own);
  return origins;
}

/** An order reference nobody can guess: 128 random bits, in Paystack's allowed characters. */
export function newReference(prefix = "ord"): string {
  return `${prefix}-${randomBytes(16).toString("hex")}`;
}

/** The order as the API answers it: naira, not kobo. */
export function toOrder(row: OrderRow): Order {
  return {
    reference: row.reference,
    status: row.status as OrderStatus,
    amount: toNaira(Number(row.amount_kobo)),
    refunded: toNaira(Number(row.refunded_kobo)),
    email: row.email,
    name: row.name,
    phone: row.phone,
    item: row.item_name,
    itemType: row.item_type as Order["itemType"],
    itemKey: row.item_key,
    kind: row.kind as Order["kind"],
    monthly: row.monthly === 1,
    testMode: row.test_mode === 1,
    channel: row.channel,
    enquiryId: row.enquiry_id,
    invoiceId: row.invoice_id,
    subscriptionId: row.subscription_id,
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

/** The enquiry a checkout makes: the lead of the order, with the visit's source. */
function leadOf(input: CheckoutInput, item: CatalogueItem, reference: string): ParsedEnquiryInput {
  const what = `${input.monthly ? "Subscribe monthly" : "Pay now"}: ${item.name}, ${formatNaira(item.amount)}${input.monthly ? " a month" : ""} (order ${reference})`;
  const payload =
    item.type === "package"
      ? {
          companyName: input.companyName ?? input.name,
          name: input.name,
          email: input.email,
          phoneNumber: input.phone,
          options: [input.contract ?? (input.monthly ? "Monthly subscription" : "Pay-as-You-Go")],
          serviceType: item.name,
          package: item.name,
          instagram: input.instagram,
          website: input.website,
          source: input.source,
        }
      : {
          name: input.name,
          email: input.email,
          phoneNumber: input.phone,
          textarea: what,
          serviceType: item.name,
          source: input.source,
        };
  return enquiryInputSchema.parse(payload);
}

export interface PaymentsDeps {
  db: Kysely<Database>;
  paystack: PaystackConfig | undefined;
  client: PaystackClient | undefined;
  origin: string;
  content: { all(): Promise<SiteContent> };
  prices: { list(): Promise<Price[]> };
  enquiries: { create(input: ParsedEnquiryInput): Promise<Enquiry> };
  /** Whether receipts can be mailed (SMTP_URL), and how to send the queued ones now. */
  outbox: { enabled: boolean; nudge(): void };
  audit: { record(entry: AuditEntry): Promise<void> };
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  clock?: () => number;
}

/**
 * Orders, checkout and the confirmation of payments (issue 49, decision 0043). A payment is
 * confirmed only through Paystack's own record of it (GET /transaction/verify), from the
 * visitor's return to the callback page, from a webhook, or from the reconciliation of
 * pending orders; whichever comes first marks the order paid, by one conditional update in
 * the database, and the receipt's outbox row is written in the same transaction.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, client, paystack, log } = deps;
  const clock = deps.clock ?? Date.now;
  const iso = () => new Date(clock()).toISOString();
  const repo = createPaymentsRepository(db);
  const testMode = paystack?.testMode ?? false;
  const mode = testMode ? "test" : "live";
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<number> | undefined;
  let closed = false;
  let pendingSync: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  let stopListening: (() => void) | undefined;

  function requireClient(): PaystackClient {
    if (!client) throw new NotFound("Online payment is not offered on this site.");
    return client;
  }

  async function catalogueItem(key: string): Promise<CatalogueItem | undefined> {
    const [content, prices] = await Promise.all([deps.content.all(), deps.prices.list()]);
    return findSaleItem(content, prices, key);
  }

  /**
   * The package's Paystack plan at its price of now: made on first use, its amount and
   * name updated when they changed (one plan per package and key mode).
   */
  async function planFor(item: CatalogueItem): Promise<string> {
    const paystackClient = requireClient();
    const stored = await repo.plan(item.key, mode);
    const name = `${item.name} (monthly)`;
    if (stored && Number(stored.amount_kobo) === item.amountKobo && stored.name === name) {
      return stored.plan_code;
    }
    let code = stored?.plan_code;
    if (code) {
      await paystackClient.updatePlan(code, { name, amount: item.amountKobo });
    } else {
      code = (await paystackClient.createPlan({ name, amount: item.amountKobo })).plan_code;
    }
    await repo.savePlan({
      package_key: item.key,
      mode,
      plan_code: code,
      name,
      amount_kobo: item.amountKobo,
      updated_at: iso(),
    });
    return code;
  }

  /** Every plan the site made, brought to its package's price of now (after a price edit). */
  async function syncPlans(): Promise<void> {
    if (!client) return;
    for (const plan of await repo.plans(mode)) {
      const item = await catalogueItem(plan.package_key);
      if (!item || item.type !== "package") continue;
      if (Number(plan.amount_kobo) === item.amountKobo && plan.name === `${item.name} (monthly)`) {
        continue;
      }
      try {
        await planFor(item);
        log.info(
          { package: item.key, amount: item.amount },
          "Paystack plan updated to the package's price",
        );
      } catch (error) {
        log.warn({ err: error, package: item.key }, "could not update the Paystack plan");
      }
    }
  }

  async function audit(action: string, order: OrderRow, actor: AuditActor, after: object) {
    await deps.audit.record({
      actor,
      action,
      type: "order",
      id: order.reference,
      after: { item: order.item_name, name: order.name, email: order.email, ...after },
    });
  }

  /**
   * Marks the order paid with what Paystack verified, once: the conditional update, the
   * receipt's outbox row, the invoice's payment and the subscription's start all in one
   * transaction. Answers whether this call was the one.
   */
  async function markPaid(
    order: OrderRow,
    verified: { paid_at?: string | null; channel?: string; gateway_response?: string },
  ): Promise<boolean> {
    const now = iso();
    const won = await db.transaction().execute(async (trx) => {
      const changed = await repo.markPaid(
        order.id,
        {
          paidAt: verified.paid_at ?? now,
          channel: verified.channel ?? null,
          gatewayResponse: verified.gateway_response ?? null,
        },
        now,
        trx,
      );
      if (!changed) return false;
      if (deps.outbox.enabled) {
        await trx
          .insertInto("notification_outbox")
          .values(newOutboxRow(order.id, now, PAYMENT_RECEIPT))
          .onConflict((oc) => oc.columns(["subject_id", "kind"]).doNothing())
          .execute();
      }
      if (order.invoice_id) await applyPaystackPayment(trx, order, now);
      if (order.subscription_id) await repo.activateSubscription(order.subscription_id, now, trx);
      return true;
    });
    if (won) {
      deps.outbox.nudge();
      await audit("paid", order, PAYSTACK_ACTOR, {
        amount: toNaira(Number(order.amount_kobo)),
        status: "paid",
      });
    }
    return won;
  }

  /**
   * Asks Paystack how the order's transaction stands and records it: paid (amount, currency
   * and reference checked), failed (declined), or still pending. Answers the order after.
   */
  async function confirm(reference: string): Promise<OrderRow | undefined> {
    const order = await repo.orderByReference(reference);
    if (!order) return undefined;
    if (order.status === "paid" || order.status === "refunded" || order.kind === "renewal") {
      return order;
    }
    const verified = await requireClient().verify(reference);
    if (!verified) {
      // Never initialised at Paystack (the call failed): nothing will ever be paid.
      if (clock() - Date.parse(order.created_at) > ABANDONED_AFTER_MS) {
        await repo.markFailed(order.id, "Not known to Paystack", iso());
      }
      return repo.orderByReference(reference);
    }
    if (verified.status === "success") {
      const matches =
        verified.reference === order.reference &&
        Number(verified.amount) === Number(order.amount_kobo) &&
        verified.currency === "NGN";
      if (!matches) {
        // A charge that is not the order's (another amount or currency): never counted.
        log.error(
          { order: order.reference, amount: verified.amount, currency: verified.currency },
          "a verified charge does not match its order: not marked paid",
        );
        if (await repo.markFailed(order.id, "Amount or currency did not match the order", iso())) {
          await audit("mismatch", order, PAYSTACK_ACTOR, {
            charged: toNaira(Number(verified.amount)),
            currency: verified.currency,
          });
        }
      } else {
        await markPaid(order, verified);
      }
    } else if (verified.status === "failed" || verified.status === "reversed") {
      if (await repo.markFailed(order.id, verified.gateway_response || verified.status, iso())) {
        await audit("failed", order, PAYSTACK_ACTOR, { status: "failed" });
      }
    } else if (clock() - Date.parse(order.created_at) > ABANDONED_AFTER_MS) {
      if (await repo.markFailed(order.id, "Abandoned: not paid within a day", iso())) {
        await audit("failed", order, PAYSTACK_ACTOR, { status: "failed", reason: "abandoned" });
      }
    }
    return repo.orderByReference(reference);
  }

  /** A renewal Paystack charged on a subscription the site made: a paid order, once. */
  async function recordRenewal(reference: string, planCode: string, email: string) {
    const subscription = await repo.subscriptionFor(planCode, email, false);
    if (!subscription) {
      log.warn({ reference }, "a plan's charge for a subscription the site does not know");
      return;
    }
    const verified = await requireClient().verify(reference);
    if (!verified || verified.status !== "success" || verified.currency !== "NGN") return;
    const now = iso();
    const row: OrderRow = {
      id: randomUUID(),
      reference,
      kind: "renewal",
      item_type: "package",
      item_key: subscription.package_key,
      item_name: subscription.package_name,
      monthly: 1,
      amount_kobo: Number(verified.amount),
      currency: "NGN",
      status: "paid",
      name: subscription.name,
      email: subscription.email,
      phone: "",
      enquiry_id: null,
      invoice_id: null,
      subscription_id: subscription.id,
      test_mode: subscription.test_mode,
      channel: verified.channel ?? null,
      gateway_response: verified.gateway_response ?? null,
      refunded_kobo: 0,
      paid_at: verified.paid_at ?? now,
      created_at: now,
      updated_at: now,
    };
    const inserted = await db.transaction().execute(async (trx) => {
      if (!(await repo.insertOrderOnce(row, trx))) return false;
      if (deps.outbox.enabled) {
        await trx
          .insertInto("notification_outbox")
          .values(newOutboxRow(row.id, now, PAYMENT_RECEIPT))
          .onConflict((oc) => oc.columns(["subject_id", "kind"]).doNothing())
          .execute();
      }
      return true;
    });
    if (inserted) {
      deps.outbox.nudge();
      await audit("renewed", row, PAYSTACK_ACTOR, { amount: toNaira(row.amount_kobo) });
    }
  }

  /**
   * A subscription as Paystack has it now (whatever event told of it, in whatever order):
   * its status, next payment, e-mail token and customer. A subscription the site did not
   * make is left alone.
   */
  async function syncSubscription(code: string | undefined): Promise<void> {
    if (!code) return;
    const remote = await requireClient().fetchSubscription(code);
    if (!remote) return;
    const planCode = remote.plan?.plan_code ?? "";
    const email = remote.customer?.email ?? "";
    const local =
      (await repo.subscriptionByCode(code)) ??
      (planCode && email ? await repo.subscriptionFor(planCode, email, true) : undefined);
    if (!local) {
      log.warn({ subscription: code }, "an event of a subscription the site did not make");
      return;
    }
    const status = remote.status === "complete" ? "completed" : remote.status;
    const known = ["active", "non-renewing", "attention", "completed", "cancelled"];
    const next = {
      subscription_code: code,
      email_token: remote.email_token ?? local.email_token,
      customer_code: remote.customer?.customer_code ?? local.customer_code,
      status: known.includes(status) ? status : local.status,
      next_payment_at: remote.next_payment_date ?? null,
      updated_at: iso(),
    };
    await repo.updateSubscription(local.id, next);
    if (next.status !== local.status) {
      await deps.audit.record({
        actor: PAYSTACK_ACTOR,
        action: "status",
        type: "subscription",
        id: local.id,
        before: { status: local.status },
        after: { status: next.status, package: local.package_name, email: local.email },
      });
    }
  }

  /** One pass of the reconciliation: every pending order asked about; answers how many. */
  async function reconcileOnce(): Promise<number> {
    if (!client) return 0;
    const pending = await repo.pendingOrders(RECONCILE_BATCH);
    let settled = 0;
    for (const order of pending) {
      if (closed) break;
      try {
        const after = await confirm(order.reference);
        if (after && after.status !== "pending") settled++;
      } catch (error) {
        log.warn({ err: error, order: order.reference }, "could not reconcile an order");
      }
    }
    if (settled > 0) log.info({ settled }, "pending orders reconciled with Paystack");
    return settled;
  }

  /** Paystack's transaction of a new order (a checkout's, an invoice's); its checkout address. */
  async function startTransaction(order: OrderRow, plan?: string): Promise<CheckoutAnswer> {
    const paystackClient = requireClient();
    let authorizationUrl: string;
    try {
      const answer = await paystackClient.initialize({
        email: order.email,
        amount: Number(order.amount_kobo),
        reference: order.reference,
        callback_url: `${deps.origin}/payments/callback`,
        metadata: {
          order_id: order.id,
          item: order.item_name,
          item_type: order.item_type,
          ...(order.invoice_id ? { invoice_id: order.invoice_id } : {}),
          custom_fields: [{ display_name: "Item", variable_name: "item", value: order.item_name }],
        },
        ...(plan ? { plan } : {}),
      });
      authorizationUrl = answer.authorization_url;
      // The visitor is sent only to Paystack's checkout (or the tests' stand-in).
      if (!checkoutOrigins(paystack).includes(new URL(authorizationUrl).origin)) {
        throw new PaystackUnavailable("Paystack's checkout address is not Paystack's.");
      }
    } catch (error) {
      await repo.markFailed(order.id, "Paystack could not start the payment", iso());
      throw error;
    }
    return { reference: order.reference, authorizationUrl };
  }

  return {
    /** Whether payments are on, test mode, the webhook's address, the bank's details. */
    async status(bank: PaymentsStatus["bank"]): Promise<PaymentsStatus> {
      return {
        enabled: client !== undefined,
        testMode,
        reason: client ? null : PAYMENTS_OFF_REASON,
        webhookUrl: `${deps.origin}/api/payments/paystack/webhook`,
        bank,
      };
    },

    enabled: client !== undefined,
    testMode,

    /** The item a checkout page shows, with the price the server charges. */
    item: catalogueItem,

    /**
     * Starts a payment: the lead (an enquiry with the visit's source), the order with the
     * server's own price, a plan for a monthly package, then Paystack's transaction. Answers
     * where to send the visitor.
     */
    async checkout(input: CheckoutInput): Promise<CheckoutAnswer> {
      requireClient();
      const item = await catalogueItem(input.item);
      if (!item) {
        throw new NotFound("That item cannot be bought online: please send us an enquiry.");
      }
      if (input.monthly && item.type !== "package") {
        throw new Invalid("Only a package can be bought as a monthly subscription.");
      }
      const reference = newReference();
      const plan = input.monthly ? await planFor(item) : undefined;
      const enquiry = await deps.enquiries.create(leadOf(input, item, reference));
      const now = iso();
      const subscriptionId = plan ? randomUUID() : null;
      const order: OrderRow = {
        id: randomUUID(),
        reference,
        kind: "checkout",
        item_type: item.type,
        item_key: item.key,
        item_name: item.name,
        monthly: plan ? 1 : 0,
        amount_kobo: item.amountKobo,
        currency: "NGN",
        status: "pending",
        name: input.name,
        email: input.email,
        phone: input.phone,
        enquiry_id: enquiry._id,
        invoice_id: null,
        subscription_id: subscriptionId,
        test_mode: testMode ? 1 : 0,
        channel: null,
        gateway_response: null,
        refunded_kobo: 0,
        paid_at: null,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await repo.insertOrder(order, trx);
        if (plan && subscriptionId) {
          await repo.insertSubscription(
            {
              id: subscriptionId,
              order_id: order.id,
              package_key: item.key,
              package_name: item.name,
              plan_code: plan,
              name: input.name,
              email: input.email,
              customer_code: null,
              subscription_code: null,
              email_token: null,
              status: "pending",
              amount_kobo: item.amountKobo,
              next_payment_at: null,
              manage_token: randomBytes(20).toString("hex"),
              test_mode: testMode ? 1 : 0,
              created_at: now,
              updated_at: now,
            },
            trx,
          );
        }
      });
      const started = await startTransaction(order, plan);
      await audit(
        "checkout",
        order,
        { id: null, email: input.email },
        {
          amount: item.amount,
          monthly: Boolean(plan),
          status: "pending",
        },
      );
      return started;
    },

    startTransaction,

    confirm,

    /**
     * A webhook from Paystack: its signature checked (HMAC-SHA512 of the raw body with the
     * secret key, in constant time), then what it tells recorded, each kind idempotently. A
     * body taken before (a replay) changes nothing. Throws Unauthorized for a bad signature.
     */
    async webhook(raw: Buffer, signature: unknown): Promise<"done" | "replay" | "ignored"> {
      if (!paystack) throw new NotFound("Online payment is not offered on this site.");
      if (!validSignature(raw, signature, paystack.secretKey)) {
        throw new Unauthorized("The webhook's signature is missing or wrong.");
      }
      const id = createHash("sha256").update(raw).digest("hex");
      if (await repo.eventSeen(id)) return "replay";
      let body: { event?: unknown; data?: Record<string, unknown> };
      try {
        body = JSON.parse(raw.toString("utf8")) as typeof body;
      } catch {
        throw new Invalid("The webhook's body is not JSON.");
      }
      const event = typeof body.event === "string" ? body.event : "";
      const data = (body.data ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === "string" ? value : undefined);
      const reference = text(data.reference);
      let outcome: "done" | "ignored" = "done";
      switch (event) {
        case "charge.success": {
          if (!reference) break;
          if (await repo.orderByReference(reference)) {
            await confirm(reference);
            break;
          }
          const plan = data.plan as { plan_code?: unknown } | undefined;
          const customer = data.customer as { email?: unknown } | undefined;
          const planCode = text(plan?.plan_code);
          const email = text(customer?.email);
          if (planCode && email && (await repo.planKnown(planCode))) {
            await recordRenewal(reference, planCode, email);
          } else {
            outcome = "ignored";
          }
          break;
        }
        case "subscription.create":
        case "subscription.disable":
        case "subscription.not_renew":
        case "subscription.expiring_cards":
          await syncSubscription(text(data.subscription_code));
          break;
        case "invoice.create":
        case "invoice.update":
        case "invoice.payment_failed": {
          const subscription = data.subscription as { subscription_code?: unknown } | undefined;
          await syncSubscription(text(subscription?.subscription_code));
          break;
        }
        case "refund.processed":
        case "refund.failed":
        case "refund.pending":
          log.info({ event, order: text(data.transaction_reference) }, "Paystack refund event");
          break;
        default:
          outcome = "ignored";
      }
      await repo.recordEvent({
        id,
        event: event.slice(0, 60),
        reference: (reference ?? text(data.transaction_reference) ?? null)?.slice(0, 100) ?? null,
        received_at: iso(),
      });
      return outcome;
    },

    /** An order by reference, as the API answers it (404 when none). */
    async order(reference: string): Promise<Order> {
      const row = await repo.orderByReference(reference);
      if (!row) throw new NotFound("There is no order with this reference.");
      return toOrder(row);
    },

    /** A page of orders, newest first, and how many match. */
    async listOrders(query: OrderQuery): Promise<{ items: Order[]; total: number }> {
      const window = pageWindow(query.page ?? 1, query.pageSize ?? DEFAULT_PAGE_SIZE);
      const [rows, total] = await Promise.all([
        repo.listOrders(query, window.limit, window.offset),
        repo.countOrders(query),
      ]);
      return { items: rows.map(toOrder), total };
    },

    /** Every order of a filter, a page at a time (the CSV export). */
    async *allOrders(query: OrderQuery): AsyncGenerator<Order> {
      for await (const row of everyRow((limit, offset) => repo.listOrders(query, limit, offset)))
        yield toOrder(row);
    },

    /**
     * Refunds a paid order through Paystack (the whole amount left, or `amount` naira of it);
     * owners only (the route says so). Answers the order after.
     */
    async refund(
      reference: string,
      input: { amount?: number; reason?: string },
      actor: AuditActor,
    ): Promise<Order> {
      const paystackClient = requireClient();
      const order = await repo.orderByReference(reference);
      if (!order) throw new NotFound("There is no order with this reference.");
      if (order.status !== "paid") throw new Conflict("Only a paid order can be refunded.");
      const left = Number(order.amount_kobo) - Number(order.refunded_kobo);
      const kobo = input.amount === undefined ? left : Math.round(input.amount * 100);
      if (kobo <= 0 || kobo > left) {
        throw new Invalid(`The refund can be at most ${formatNaira(toNaira(left))}.`);
      }
      await paystackClient.refund({
        transaction: order.reference,
        ...(kobo === Number(order.amount_kobo) ? {} : { amount: kobo }),
        ...(input.reason ? { merchant_note: input.reason } : {}),
      });
      if (!(await repo.addRefund(order.id, kobo, iso()))) {
        throw new Conflict("The order changed meanwhile: look at it again.");
      }
      await deps.audit.record({
        actor,
        action: "refund",
        type: "order",
        id: order.reference,
        before: { refunded: toNaira(Number(order.refunded_kobo)) },
        after: {
          refunded: toNaira(Number(order.refunded_kobo) + kobo),
          email: order.email,
          ...(input.reason ? { reason: input.reason } : {}),
        },
      });
      return toOrder((await repo.orderByReference(reference))!);
    },

    /** A page of subscriptions, newest first, with what each has paid, and how many match. */
    async listSubscriptions(
      query: SubscriptionQuery,
    ): Promise<{ items: Subscription[]; total: number }> {
      const window = pageWindow(query.page ?? 1, query.pageSize ?? DEFAULT_PAGE_SIZE);
      const [rows, total] = await Promise.all([
        repo.listSubscriptions(query, window.limit, window.offset),
        repo.countSubscriptions(query),
      ]);
      const totals = await repo.subscriptionTotals(rows.map((row) => row.id));
      return {
        items: rows.map((row) => {
          const paid = totals.get(row.id) ?? { count: 0, kobo: 0 };
          return {
            _id: row.id,
            package: row.package_name,
            packageKey: row.package_key,
            status: row.status as Subscription["status"],
            amount: toNaira(Number(row.amount_kobo)),
            email: row.email,
            name: row.name,
            subscriptionCode: row.subscription_code,
            nextPaymentAt: row.next_payment_at,
            testMode: row.test_mode === 1,
            createdAt: row.created_at,
            payments: paid.count,
            paid: toNaira(paid.kobo),
          };
        }),
        total,
      };
    },

    /** The subscription behind a receipt's manage link: Paystack's page to manage it. */
    async manageLink(token: string): Promise<string | undefined> {
      const subscription = await repo.subscriptionByToken(token);
      if (!subscription) return undefined;
      const code = subscription.subscription_code;
      if (!code) return undefined;
      return requireClient().manageLink(code);
    },

    /** Starts the reconciliation: now, then every RECONCILE_EVERY_MS, on every instance. */
    start(): void {
      if (!client || closed) return;
      const run = () => {
        reconciling ??= reconcileOnce()
          .catch((error: unknown) => {
            log.warn({ err: error }, "the reconciliation of pending orders failed");
            return 0;
          })
          .finally(() => (reconciling = undefined));
        return reconciling;
      };
      void run();
      reconcileTimer = setInterval(run, RECONCILE_EVERY_MS);
      reconcileTimer.unref();
      // A price edited in the back office moves its package's plan (here or on another instance).
      stopListening = deps.changes.subscribe((topic) => {
        if (closed || (topic !== "prices" && topic !== "packages")) return;
        clearTimeout(pendingSync);
        pendingSync = setTimeout(() => {
          if (closed) return;
          syncing = syncPlans()
            .catch((error: unknown) => log.warn({ err: error }, "moving the plans failed"))
            .finally(() => (syncing = undefined));
        }, 500);
        pendingSync.unref();
      });
    },

    /** One reconciliation pass now (tests, and the admin's "check now"). */
    reconcile: reconcileOnce,
    syncPlans,

    async close(): Promise<void> {
      closed = true;
      clearInterval(reconcileTimer);
      clearTimeout(pendingSync);
      stopListening?.();
      await Promise.all([reconciling, syncing]);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
