import { z } from "zod";
import {
  INVOICE_STATUSES,
  ITEM_TYPES,
  ORDER_KINDS,
  ORDER_STATUSES,
  SUBSCRIPTION_STATUSES,
  toKobo,
} from "../payments.ts";
import { EMAIL_PATTERN, emailField, optionalText, pagingSchema, requiredText } from "./common.ts";
import { isCalendarDay, leadSourceSchema, normalizePhone } from "./enquiry.ts";
import { messages } from "../messages.ts";
import { MAX_PRICE } from "./price.ts";

// The payments API's bodies and answers (issue 49): the checkout form, the back office's
// Payments screen and invoice editor, and the routes' OpenAPI all use these.

/** An amount in naira with at most two decimals (kobo), from 0 to MAX_PRICE. */
export const nairaAmount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in naira.` })
    .min(0, `${label} cannot be negative.`)
    .max(MAX_PRICE, `${label} must be at most N1,000,000,000.`)
    .refine(
      (value) => Math.abs(value * 100 - toKobo(value)) < 1e-6,
      `${label} can have at most two decimals (kobo).`,
    );

/** A required phone, as the enquiry forms take it (+234 and the number). */
const phoneField = z
  .string({ error: messages.required })
  .trim()
  .max(24, "Phone number must be at most 24 characters.")
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === undefined) {
      ctx.addIssue({ code: "custom", message: messages.required });
      return z.NEVER;
    }
    if (!/^\+234\d{7,12}$/.test(phone)) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid phone number." });
      return z.NEVER;
    }
    return phone;
  });

/** A yes/no that a form sends as "1", "on" or "true", and JSON as a boolean. */
const flag = z
  .union([z.boolean(), z.enum(["1", "0", "on", "true", "false", ""])])
  .optional()
  .transform((value) => value === true || value === "1" || value === "on" || value === "true");

/** A day as a date input sends it (yyyy-mm-dd). */
export const dayField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isCalendarDay, `${label} must be a date (yyyy-mm-dd).`);

/**
 * POST /api/checkout and the checkout page's form: the item (a package's price key or an
 * offer's id), who pays, and for a package the package form's fields. The amount is never
 * taken from here: the server reads its own price.
 */
export const checkoutInputSchema = z.object({
  item: z
    .string({ error: "Choose what to buy." })
    .trim()
    .min(1, "Choose what to buy.")
    .max(80, "That item is not sold here."),
  name: requiredText("Name", 120),
  email: emailField,
  phone: phoneField,
  /** A package bought as a monthly subscription ("Subscribe monthly"). */
  monthly: flag,
  companyName: optionalText("Company name", 200),
  /** The package form's contract option (Pay-as-You-Go, 3 Months Contract…). */
  contract: optionalText("Contract", 120),
  instagram: optionalText("Instagram", 200),
  website: optionalText("Website", 300),
  source: leadSourceSchema.optional(),
});
export type CheckoutInput = z.output<typeof checkoutInputSchema>;

export const checkoutAnswerSchema = z.object({
  reference: z.string().describe("The order's reference, the same at Paystack"),
  authorizationUrl: z.string().describe("Paystack's checkout page: send the visitor there"),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

export const orderSchema = z.object({
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Naira. */
  amount: z.number(),
  refunded: z.number().describe("Naira refunded so far"),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  /** What was bought, by name ("GROW ME", "Voiceover", "Invoice INV-2027-0001"). */
  item: z.string(),
  itemType: z.enum(ITEM_TYPES),
  itemKey: z.string(),
  kind: z.enum(ORDER_KINDS),
  monthly: z.boolean(),
  testMode: z.boolean(),
  channel: z.string().nullable(),
  enquiryId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

const searchField = z
  .string()
  .trim()
  .max(200, "The search must be at most 200 characters.")
  .optional()
  .transform((value) => value || undefined);
const dayFilter = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isCalendarDay(value), "The date must be yyyy-mm-dd.")
  .transform((value) => value || undefined);

export const orderQuerySchema = pagingSchema.extend({
  status: z.enum(ORDER_STATUSES, { error: "Unknown status." }).optional(),
  q: searchField.describe("Reference, e-mail, name or item"),
  from: dayFilter,
  to: dayFilter,
});
export type OrderQuery = z.infer<typeof orderQuerySchema>;

export const refundInputSchema = z.object({
  /** Naira; the whole amount left when not given. */
  amount: nairaAmount("Amount")
    .refine((value) => value > 0, "Amount must be above 0.")
    .optional(),
  reason: optionalText("Reason", 300),
});

export const subscriptionSchema = z.object({
  _id: z.string(),
  package: z.string(),
  packageKey: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  amount: z.number(),
  email: z.string(),
  name: z.string(),
  subscriptionCode: z.string().nullable(),
  nextPaymentAt: z.string().nullable(),
  testMode: z.boolean(),
  createdAt: z.string(),
  /** Paid charges so far (the first included) and their sum in naira. */
  payments: z.number(),
  paid: z.number(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionQuerySchema = pagingSchema.extend({
  status: z.enum(SUBSCRIPTION_STATUSES, { error: "Unknown status." }).optional(),
  q: searchField.describe("E-mail, name or package"),
});
export type SubscriptionQuery = z.infer<typeof subscriptionQuerySchema>;

// --- Invoices --------------------------------------------------------------------------

export const MAX_INVOICE_LINES = 50;

export const invoiceLineInputSchema = z.object({
  description: requiredText("Description", 300),
  /** The package's price key or offer id the line came from; "" for a free line. */
  itemKey: z.string().trim().max(80).default(""),
  quantity: z
    .number({ error: "Quantity must be a number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(10_000, "Quantity must be at most 10,000."),
  unitPrice: nairaAmount("Unit price"),
  discount: nairaAmount("Discount").default(0),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

export const invoiceInputSchema = z
  .object({
    enquiryId: z.string().trim().max(64).optional(),
    clientName: requiredText("Client name", 200),
    clientEmail: emailField,
    clientCompany: z.string().trim().max(200).default(""),
    clientPhone: z.string().trim().max(40).default(""),
    clientAddress: z.string().trim().max(500).default(""),
    dueDate: dayField("Due date"),
    vat: z.boolean().default(false),
    notes: z.string().trim().max(2000).default(""),
    lines: z
      .array(invoiceLineInputSchema, { error: "Add at least one line." })
      .min(1, "Add at least one line.")
      .max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
  })
  .superRefine((value, ctx) => {
    value.lines.forEach((line, index) => {
      if (toKobo(line.discount) > toKobo(line.unitPrice) * line.quantity) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "discount"],
          message: "The discount cannot be more than the line.",
        });
      }
    });
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type ParsedInvoiceInput = z.output<typeof invoiceInputSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  itemKey: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  discount: z.number(),
  total: z.number(),
});

export const invoicePaymentSchema = z.object({
  _id: z.string(),
  method: z.enum(["paystack", "transfer"]),
  amount: z.number(),
  reference: z.string(),
  receivedOn: z.string(),
  testMode: z.boolean(),
});

export const invoiceSchema = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  enquiryId: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientCompany: z.string(),
  clientPhone: z.string(),
  clientAddress: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string(),
  vat: z.boolean(),
  notes: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  vatAmount: z.number(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  /** The client's page (print, save as PDF, pay); null for a draft. */
  link: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceQuerySchema = pagingSchema.extend({
  status: z.enum(INVOICE_STATUSES, { error: "Unknown status." }).optional(),
  q: searchField.describe("Number, client name, e-mail or company"),
  from: dayFilter,
  to: dayFilter,
});
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

export const transferInputSchema = z.object({
  amount: nairaAmount("Amount").refine((value) => value > 0, "Amount must be above 0."),
  receivedOn: dayField("Received on"),
  reference: z.string().trim().max(120).default(""),
});

// --- Settings and figures ---------------------------------------------------------------

export const bankDetailsSchema = z.object({
  bankName: requiredText("Bank", 120),
  accountName: requiredText("Account name", 200),
  accountNumber: z
    .string({ error: messages.required })
    .trim()
    .regex(/^\d{10}$/, "Account number must be the 10 digits of a NUBAN account number."),
  note: z.string().trim().max(300).default(""),
});
export type BankDetails = z.output<typeof bankDetailsSchema>;

export const paymentsStatusSchema = z.object({
  enabled: z.boolean(),
  testMode: z.boolean(),
  /** Why payments are off; null when they are on. */
  reason: z.string().nullable(),
  /** The webhook address to give Paystack (Settings → API Keys & Webhooks). */
  webhookUrl: z.string(),
  bank: bankDetailsSchema.nullable(),
});
export type PaymentsStatus = z.infer<typeof paymentsStatusSchema>;

export const revenueSchema = z.object({
  /** The last 12 months in the agency's time zone, oldest first ("2027-01"). */
  months: z.array(z.object({ month: z.string(), amount: z.number(), payments: z.number() })),
  /** The same 12 months by lead source (utm_source, else the referring site; "" direct). */
  sources: z.array(z.object({ source: z.string(), amount: z.number(), payments: z.number() })),
  total: z.number(),
  testMode: z.boolean(),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const referenceParam = z.object({
  reference: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9.=-]+$/, "Not an order reference."),
});

/** Whether a text is an e-mail address the forms accept (for the invoice editor). */
export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
