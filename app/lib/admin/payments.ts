// The back office's calls about payments (issue 49), each answer checked with the shared
// schemas (common/schemas/payments.ts).
import { z } from "zod";
import {
  bankDetailsSchema,
  invoiceSchema,
  orderSchema,
  paymentsStatusSchema,
  revenueSchema,
  subscriptionSchema,
  type BankDetails,
  type Invoice,
  type InvoiceInput,
  type Order,
  type PaymentsStatus,
  type Revenue,
  type Subscription,
} from "../../../common/schemas/payments.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { api, apiList, download } from "../admin-api.ts";

export type { BankDetails, Invoice, InvoiceInput, Order, PaymentsStatus, Revenue, Subscription };

/** The Payments screen's three lists and their API paths. */
export const PAYMENT_VIEWS = {
  orders: { path: "/orders", label: "Orders" },
  invoices: { path: "/invoices", label: "Invoices" },
  subscriptions: { path: "/subscriptions", label: "Subscriptions" },
} as const;
export type PaymentView = keyof typeof PAYMENT_VIEWS;

const listOf = async <T>(
  path: string,
  filter: string,
  page: number,
  pageSize: number,
  schema: z.ZodType<T>,
) => {
  const query = new URLSearchParams(filter);
  query.set("page", String(page));
  query.set("pageSize", String(pageSize));
  const { items, total } = await apiList<unknown>(`${path}?${query}`);
  return { items: z.array(schema).parse(items), total };
};

export const listOrders = (filter: string, page: number, pageSize: number) =>
  listOf("/orders", filter, page, pageSize, orderSchema);
export const listInvoices = (filter: string, page: number, pageSize: number) =>
  listOf("/invoices", filter, page, pageSize, invoiceSchema);
export const listSubscriptions = (filter: string, page: number, pageSize: number) =>
  listOf("/subscriptions", filter, page, pageSize, subscriptionSchema);

/** The CSV of a list's filter, as a download. */
export const exportPayments = (view: PaymentView, filter: string) =>
  download(`${PAYMENT_VIEWS[view].path}/export.csv${filter ? `?${filter}` : ""}`);

export const getPaymentsStatus = async (): Promise<PaymentsStatus> =>
  paymentsStatusSchema.parse(await api<unknown>("/payments/status"));
export const getRevenue = async (): Promise<Revenue> =>
  revenueSchema.parse(await api<unknown>("/payments/revenue"));
export const setBankDetails = async (details: BankDetails): Promise<BankDetails> =>
  bankDetailsSchema.parse(await api<unknown>("/payments/bank", { method: "PUT", json: details }));

export const refundOrder = async (reference: string, amount?: number): Promise<Order> =>
  orderSchema.parse(
    await api<unknown>(`/orders/${encodeURIComponent(reference)}/refund`, {
      method: "POST",
      json: amount === undefined ? {} : { amount },
    }),
  );

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;
export const getInvoice = async (id: string) =>
  invoiceSchema.parse(await api<unknown>(invoicePath(id)));
export const createInvoice = async (input: InvoiceInput) =>
  invoiceSchema.parse(await api<unknown>("/invoices", { method: "POST", json: input }));
export const updateInvoice = async (id: string, input: InvoiceInput) =>
  invoiceSchema.parse(await api<unknown>(invoicePath(id), { method: "PUT", json: input }));
export const deleteInvoice = async (id: string) =>
  successResponse.parse(await api<unknown>(invoicePath(id), { method: "DELETE" }));
export const sendInvoice = async (id: string) =>
  z
    .object({ invoice: invoiceSchema, mailed: z.boolean() })
    .parse(await api<unknown>(`${invoicePath(id)}/send`, { method: "POST" }));
export const voidInvoice = async (id: string) =>
  invoiceSchema.parse(await api<unknown>(`${invoicePath(id)}/void`, { method: "POST" }));
export const recordTransfer = async (
  id: string,
  transfer: { amount: number; receivedOn: string; reference: string },
) =>
  invoiceSchema.parse(
    await api<unknown>(`${invoicePath(id)}/payments`, { method: "POST", json: transfer }),
  );
