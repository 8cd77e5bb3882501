import type { Kysely } from "kysely";
import { escapeMarkup } from "../../../common/markup.ts";
import {
  formatNaira,
  invoiceStatusLabels,
  MANAGE_SUBSCRIPTION_PATH,
  toNaira,
} from "../../../common/payments.ts";
import type { Invoice } from "../../../common/schemas/payments.ts";
import { formatDate } from "../../../common/format.ts";
import type { Database } from "../../db/schema.ts";
import {
  MAIL_FONT,
  MAIL_TEXT,
  mailButton,
  mailDocument,
  type MailBrand,
} from "../../mail/layout.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { OutboxRow } from "../outbox/repository.ts";

/** Outbox kinds of the payments' mails (their subject: the order's id, "<invoice id>/…"). */
export const PAYMENT_RECEIPT = "payment_receipt";
export const INVOICE_SENT = "invoice_sent";
export const INVOICE_REMINDER = "invoice_reminder";
export const PAYMENT_MAIL_KINDS = [PAYMENT_RECEIPT, INVOICE_SENT, INVOICE_REMINDER] as const;

const paragraph = (text: string) =>
  `<tr><td style="${MAIL_FONT};font-size:16px;line-height:24px;color:${MAIL_TEXT};padding:0 0 16px">${text}</td></tr>`;

function html(brand: MailBrand, title: string, lines: string[], button?: [string, string]) {
  return mailDocument({
    title,
    brand,
    preheader: title,
    card:
      lines.map((line) => paragraph(escapeMarkup(line))).join("") +
      (button
        ? `<tr><td style="padding:0 0 8px">${mailButton(brand, button[0], button[1])}</td></tr>`
        : ""),
    footer: escapeMarkup(brand.name),
  });
}

export interface PaymentMailDeps {
  db: Kysely<Database>;
  origin: string;
  identity: { get(): Promise<MailBrand> };
  mailer: Pick<Mailer, "send">;
  invoice(subject: string): Promise<Invoice | undefined>;
  bank(): Promise<{ bankName: string; accountName: string; accountNumber: string } | null>;
}

/** The outbox's sender of the payments' mails: receipts, invoices and their reminders. */
export function createPaymentMails(deps: PaymentMailDeps) {
  const { db, origin } = deps;

  async function receipt(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", row.subject_id)
      .executeTakeFirst();
    if (!order || !order.paid_at) return "gone";
    const brand = await deps.identity.get();
    const subscription = order.subscription_id
      ? await db
          .selectFrom("subscriptions")
          .select(["manage_token", "package_name"])
          .where("id", "=", order.subscription_id)
          .executeTakeFirst()
      : undefined;
    const amount = formatNaira(toNaira(Number(order.amount_kobo)));
    const manage = subscription
      ? `${origin}${MANAGE_SUBSCRIPTION_PATH}/${subscription.manage_token}`
      : undefined;
    const lines = [
      `Hello ${order.name || "there"},`,
      `Thank you: we received your payment of ${amount} for ${order.item_name}${order.monthly ? " (monthly)" : ""}.`,
      `Reference: ${order.reference}. Paid on ${formatDate(order.paid_at)}${order.test_mode ? " (test mode: no money moved)" : ""}.`,
      ...(manage
        ? [
            "Your subscription renews every month. To change the card it is paid with, or to cancel it, use the link below at any time.",
          ]
        : []),
    ];
    const subject = `Payment received: ${order.item_name} (${amount})`;
    await deps.mailer.send(
      {
        to: order.email,
        subject,
        text: [
          ...lines,
          ...(manage ? [`Manage or cancel your subscription: ${manage}`] : []),
          "",
          brand.name,
        ].join("\n\n"),
        html: html(
          brand,
          subject,
          lines,
          manage ? [manage, "Manage or cancel your subscription"] : undefined,
        ),
      },
      { signal },
    );
    return "sent";
  }

  async function invoice(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
    const found = await deps.invoice(row.subject_id);
    if (!found || !found.link || found.status === "void") return "gone";
    const reminder = row.kind === INVOICE_REMINDER;
    if (reminder && (found.status === "paid" || found.balance <= 0)) return "gone";
    const [brand, bank] = await Promise.all([deps.identity.get(), deps.bank()]);
    const balance = formatNaira(found.balance);
    const when = formatDate(`${found.dueDate}T12:00:00Z`);
    const lines = reminder
      ? [
          `Hello ${found.clientName},`,
          found.status === "overdue"
            ? `Invoice ${found.number} of ${formatNaira(found.total)} was due on ${when}; ${balance} is still to pay.`
            : `A reminder: invoice ${found.number} is due on ${when}, with ${balance} to pay.`,
        ]
      : [
          `Hello ${found.clientName},`,
          `Here is invoice ${found.number} from ${brand.name}: ${formatNaira(found.total)}, due on ${when}.`,
        ];
    lines.push(
      "Open it to print it or save it as a PDF, and to pay by card or bank transfer.",
      ...(bank
        ? [
            `By transfer: ${bank.bankName}, ${bank.accountName}, account ${bank.accountNumber}. Please quote ${found.number}.`,
          ]
        : []),
    );
    const subject = reminder
      ? `Reminder: invoice ${found.number} (${balance} ${found.status === "overdue" ? invoiceStatusLabels.overdue.toLowerCase() : "due"})`
      : `Invoice ${found.number} from ${brand.name}`;
    await deps.mailer.send(
      {
        to: found.clientEmail,
        subject,
        text: [...lines, `View and pay: ${found.link}`, "", brand.name].join("\n\n"),
        html: html(brand, subject, lines, [found.link, "View and pay the invoice"]),
      },
      { signal },
    );
    return "sent";
  }

  return {
    /** Sends one outbox row of PAYMENT_MAIL_KINDS. */
    send(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      return row.kind === PAYMENT_RECEIPT ? receipt(row, signal) : invoice(row, signal);
    },
  };
}
