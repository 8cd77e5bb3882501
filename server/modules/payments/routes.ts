import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  bankDetailsSchema,
  checkoutAnswerSchema,
  checkoutInputSchema,
  invoiceInputSchema,
  invoiceQuerySchema,
  invoiceSchema,
  orderQuerySchema,
  orderSchema,
  paymentsStatusSchema,
  referenceParam,
  refundInputSchema,
  revenueSchema,
  subscriptionQuerySchema,
  subscriptionSchema,
  transferInputSchema,
} from "../../../common/schemas/payments.ts";
import { timestampIn } from "../../../common/time-zone.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { isPaged } from "../../db/lists.ts";
import { NotFound } from "../../errors.ts";
import { csvAnswer, sendCsv } from "../../lib/csv.ts";
import { sendJsonArray } from "../../lib/streamed.ts";
import { everyRow } from "../../lib/every-row.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import type { AuditActor } from "../audit/service.ts";

const orderNotFound = errorAnswer("There is no order with this reference.");
const invoiceNotFound = errorAnswer("There is no invoice with this id.");
const paymentsOff = errorAnswer(
  "Online payment is not offered here (PAYSTACK_SECRET_KEY is not set), or the item cannot be bought online.",
);
const paystackDown = errorAnswer(
  "Paystack could not be reached or refused the call; nothing was charged: try again.",
);
const stateConflict = errorAnswer(
  "The item is not in a state that allows this (`error` says why).",
);

const yesNo = (value: boolean) => (value ? "yes" : "no");
const money = (value: number) => value.toFixed(2);

async function* lines<T>(header: string[], items: AsyncIterable<T>, row: (item: T) => string[]) {
  yield header;
  for await (const item of items) yield row(item);
}

/** The payments API (issue 49): checkout, Paystack's webhook, orders, subscriptions, invoices. */
export function registerPaymentRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { payments, invoices, bankDetails } = services;
  const actor = (request: { admin?: { id: string; email: string } }): AuditActor => ({
    id: request.admin!.id,
    email: request.admin!.email,
  });

  app.post(
    "/checkout",
    {
      config: { limit: "enquiry" },
      schema: {
        tags: ["payments"],
        operationId: "startCheckout",
        summary:
          "Buy a package or an offer: the server's own price, a Paystack transaction; answers where to send the visitor",
        security: [],
        body: checkoutInputSchema,
        response: {
          201: checkoutAnswerSchema,
          400: errorAnswers.invalid,
          404: paymentsOff,
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
          502: paystackDown,
          503: errorAnswers.databaseUnavailable,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await payments.checkout(request.body)),
  );

  // Paystack's webhook: the raw body is what its signature covers, so this route reads
  // JSON as bytes (its own scope) and parses it only after the signature checked out.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/payments/paystack/webhook",
      {
        schema: {
          tags: ["payments"],
          operationId: "paystackWebhook",
          summary:
            "Paystack's events (charge.success, subscription.*, invoice.*, refund.*), signed with x-paystack-signature",
          security: [],
          headers: z.object({
            "x-paystack-signature": z
              .string()
              .optional()
              .describe("HMAC-SHA512 of the raw body with the secret key, hex"),
          }),
          response: {
            200: z.object({
              received: z.literal(true),
              outcome: z.enum(["done", "replay", "ignored"]),
            }),
            400: errorAnswers.invalid,
            401: errorAnswer("The signature is missing or is not Paystack's."),
            404: paymentsOff,
            ...jsonBodyErrors,
            502: paystackDown,
            503: errorAnswers.databaseUnavailable,
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await payments.webhook(raw, request.headers["x-paystack-signature"]);
        return { received: true as const, outcome };
      },
    );
  });

  app.get(
    "/payments/status",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPaymentsStatus",
        summary:
          "Whether payments are on (and why not), test mode, the webhook's address, the bank details",
        security: adminSecurity,
        response: { 200: paymentsStatusSchema, 401: errorAnswers.unauthorized },
      },
    },
    async () => payments.status(await bankDetails.get()),
  );

  app.put(
    "/payments/bank",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["payments"],
        operationId: "setBankDetails",
        summary: "The account clients pay invoices into by transfer (owners)",
        security: adminSecurity,
        body: bankDetailsSchema,
        response: {
          200: bankDetailsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: errorAnswer("Only an owner sets the bank details."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const before = await bankDetails.set(request.body);
      await services.audit.record({
        actor: actor(request),
        action: before ? "update" : "create",
        type: "bank-details",
        id: "bank",
        before: before ?? undefined,
        after: request.body,
      });
      return request.body;
    },
  );

  app.get(
    "/payments/revenue",
    {
      schema: {
        tags: ["payments"],
        operationId: "getRevenue",
        summary: "Money received in the last 12 months, by month and by lead source (naira)",
        security: adminSecurity,
        response: { 200: revenueSchema, 401: errorAnswers.unauthorized },
      },
    },
    async () => services.revenue(),
  );

  app.post(
    "/payments/reconcile",
    {
      schema: {
        tags: ["payments"],
        operationId: "reconcilePayments",
        summary: "Ask Paystack now about every pending order (the server does it every 5 minutes)",
        security: adminSecurity,
        response: {
          200: z.object({ settled: z.number() }),
          401: errorAnswers.unauthorized,
          404: paymentsOff,
          502: paystackDown,
        },
      },
    },
    async () => {
      if (!payments.enabled) throw new NotFound("Online payment is not offered on this site.");
      return { settled: await payments.reconcile() };
    },
  );

  app.get(
    "/orders",
    {
      schema: {
        tags: ["payments"],
        operationId: "listOrders",
        summary: "Orders, newest first (amounts in naira); X-Total-Count gives the matches",
        security: adminSecurity,
        querystring: orderQuerySchema,
        response: {
          200: z.array(orderSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      if (!isPaged(request.query)) {
        const { total } = await payments.listOrders({ ...request.query, pageSize: 1 });
        reply.header("x-total-count", String(total));
        return sendJsonArray(reply, payments.allOrders(request.query), orderSchema);
      }
      const { items, total } = await payments.listOrders(request.query);
      return reply.header("x-total-count", String(total)).send(items);
    },
  );

  app.get(
    "/orders/export.csv",
    {
      schema: {
        tags: ["payments"],
        operationId: "exportOrders",
        summary: "The orders of a filter as a CSV file (UTF-8 with BOM, formula-safe cells)",
        security: adminSecurity,
        querystring: orderQuerySchema,
        response: {
          200: csvAnswer("orders"),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "orders",
        lines(
          [
            "Date",
            "Reference",
            "Status",
            "Item",
            "Type",
            "Monthly",
            "Amount (NGN)",
            "Refunded (NGN)",
            "Name",
            "Email",
            "Phone",
            "Channel",
            "Paid at",
            "Test mode",
          ],
          payments.allOrders(request.query),
          (order) => [
            timestampIn(order.createdAt),
            order.reference,
            order.status,
            order.item,
            order.itemType,
            yesNo(order.monthly),
            money(order.amount),
            money(order.refunded),
            order.name,
            order.email,
            order.phone,
            order.channel ?? "",
            order.paidAt ? timestampIn(order.paidAt) : "",
            yesNo(order.testMode),
          ],
        ),
      ),
  );

  app.get(
    "/orders/:reference",
    {
      schema: {
        tags: ["payments"],
        operationId: "getOrder",
        summary: "One order",
        security: adminSecurity,
        params: referenceParam,
        response: {
          200: orderSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: orderNotFound,
        },
      },
    },
    async (request) => payments.order(request.params.reference),
  );

  app.post(
    "/orders/:reference/refund",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["payments"],
        operationId: "refundOrder",
        summary: "Refund a paid order through Paystack, all of it or `amount` naira (owners)",
        security: adminSecurity,
        params: referenceParam,
        body: refundInputSchema,
        response: {
          200: orderSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: errorAnswer("Only an owner refunds."),
          404: orderNotFound,
          409: stateConflict,
          ...jsonBodyErrors,
          502: paystackDown,
        },
      },
    },
    async (request) => payments.refund(request.params.reference, request.body, actor(request)),
  );

  app.get(
    "/subscriptions",
    {
      schema: {
        tags: ["payments"],
        operationId: "listSubscriptions",
        summary:
          "Monthly packages clients subscribed to, newest first; X-Total-Count gives the matches",
        security: adminSecurity,
        querystring: subscriptionQuerySchema,
        response: {
          200: z.array(subscriptionSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await payments.listSubscriptions(request.query);
      return reply.header("x-total-count", String(total)).send(items);
    },
  );

  app.get(
    "/subscriptions/export.csv",
    {
      schema: {
        tags: ["payments"],
        operationId: "exportSubscriptions",
        summary: "The subscriptions of a filter as a CSV file",
        security: adminSecurity,
        querystring: subscriptionQuerySchema,
        response: {
          200: csvAnswer("subscriptions"),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const all = () =>
        everyRow((limit, offset) =>
          payments
            .listSubscriptions({ ...request.query, page: offset / limit + 1, pageSize: limit })
            .then((answer) => answer.items),
        );
      return sendCsv(
        reply,
        "subscriptions",
        lines(
          [
            "Started",
            "Package",
            "Status",
            "Monthly (NGN)",
            "Name",
            "Email",
            "Next payment",
            "Payments",
            "Paid (NGN)",
            "Test mode",
          ],
          all(),
          (sub) => [
            timestampIn(sub.createdAt),
            sub.package,
            sub.status,
            money(sub.amount),
            sub.name,
            sub.email,
            sub.nextPaymentAt ? timestampIn(sub.nextPaymentAt) : "",
            String(sub.payments),
            money(sub.paid),
            yesNo(sub.testMode),
          ],
        ),
      );
    },
  );

  // --- Invoices ---------------------------------------------------------------------------

  app.get(
    "/invoices",
    {
      schema: {
        tags: ["payments"],
        operationId: "listInvoices",
        summary: "Invoices, newest first; X-Total-Count gives the matches",
        security: adminSecurity,
        querystring: invoiceQuerySchema,
        response: {
          200: z.array(invoiceSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await invoices.list(request.query);
      return reply.header("x-total-count", String(total)).send(items);
    },
  );

  app.get(
    "/invoices/export.csv",
    {
      schema: {
        tags: ["payments"],
        operationId: "exportInvoices",
        summary: "The invoices of a filter as a CSV file",
        security: adminSecurity,
        querystring: invoiceQuerySchema,
        response: {
          200: csvAnswer("invoices"),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "invoices",
        lines(
          [
            "Number",
            "Status",
            "Client",
            "Company",
            "Email",
            "Issued",
            "Due",
            "Subtotal (NGN)",
            "Discount (NGN)",
            "VAT (NGN)",
            "Total (NGN)",
            "Paid (NGN)",
            "Balance (NGN)",
          ],
          invoices.all(request.query),
          (invoice) => [
            invoice.number ?? "",
            invoice.status,
            invoice.clientName,
            invoice.clientCompany,
            invoice.clientEmail,
            invoice.issueDate ?? "",
            invoice.dueDate,
            money(invoice.subtotal),
            money(invoice.discount),
            money(invoice.vatAmount),
            money(invoice.total),
            money(invoice.paid),
            money(invoice.balance),
          ],
        ),
      ),
  );

  app.post(
    "/invoices",
    {
      schema: {
        tags: ["payments"],
        operationId: "createInvoice",
        summary: "A draft invoice, from scratch or from an enquiry (`enquiryId`)",
        security: adminSecurity,
        body: invoiceInputSchema,
        response: {
          201: invoiceSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswer("There is no enquiry with this id."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invoices.create(request.body, actor(request))),
  );

  app.get(
    "/invoices/:id",
    {
      schema: {
        tags: ["payments"],
        operationId: "getInvoice",
        summary: "One invoice with its lines and payments",
        security: adminSecurity,
        params: idParam,
        response: {
          200: invoiceSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: invoiceNotFound,
        },
      },
    },
    async (request) => invoices.get(request.params.id),
  );

  app.put(
    "/invoices/:id",
    {
      schema: {
        tags: ["payments"],
        operationId: "updateInvoice",
        summary: "Change a draft",
        security: adminSecurity,
        params: idParam,
        body: invoiceInputSchema,
        response: {
          200: invoiceSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: invoiceNotFound,
          409: stateConflict,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => invoices.update(request.params.id, request.body, actor(request)),
  );

  app.delete(
    "/invoices/:id",
    {
      schema: {
        tags: ["payments"],
        operationId: "deleteInvoice",
        summary: "Delete a draft",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: invoiceNotFound,
          409: stateConflict,
        },
      },
    },
    async (request) => {
      await invoices.remove(request.params.id, actor(request));
      return { success: true as const };
    },
  );

  app.post(
    "/invoices/:id/send",
    {
      schema: {
        tags: ["payments"],
        operationId: "sendInvoice",
        summary:
          "Send an invoice: its number (INV-<year>-<nnnn>) the first time, and a mail with its link (with mail set up)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: z.object({ invoice: invoiceSchema, mailed: z.boolean() }),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: invoiceNotFound,
          409: stateConflict,
        },
      },
    },
    async (request) => invoices.send(request.params.id, actor(request)),
  );

  app.post(
    "/invoices/:id/payments",
    {
      schema: {
        tags: ["payments"],
        operationId: "recordTransfer",
        summary: "Record a bank transfer received for an invoice (part or all of its balance)",
        security: adminSecurity,
        params: idParam,
        body: transferInputSchema,
        response: {
          200: invoiceSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: invoiceNotFound,
          409: stateConflict,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => invoices.recordTransfer(request.params.id, request.body, actor(request)),
  );

  app.post(
    "/invoices/:id/void",
    {
      schema: {
        tags: ["payments"],
        operationId: "voidInvoice",
        summary: "Void a sent invoice (its number stays used; its link no longer takes payment)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: invoiceSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: invoiceNotFound,
          409: stateConflict,
        },
      },
    },
    async (request) => invoices.void(request.params.id, actor(request)),
  );
}
