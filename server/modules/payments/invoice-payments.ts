import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { sql } from "kysely";
import { dayIn } from "../../../common/time-zone.ts";
import type { Database } from "../../db/schema.ts";
import type { OrderRow } from "./repository.ts";

/**
 * An invoice's paid amount and status from its payments, in the transaction that added
 * one: paid once they cover the total, part-paid before (a void invoice stays void).
 */
export async function settleInvoice(
  trx: Transaction<Database>,
  invoiceId: string,
  now: string,
): Promise<void> {
  const paid = sql<number>`(select coalesce(sum(amount_kobo), 0) from invoice_payments where invoice_id = ${invoiceId})`;
  await trx
    .updateTable("invoices")
    .set({
      paid_kobo: paid,
      status: sql<string>`case when status = 'void' then status when ${paid} >= total_kobo then 'paid' when ${paid} > 0 then 'part-paid' else status end`,
      paid_at: sql<
        string | null
      >`case when ${paid} >= total_kobo then coalesce(paid_at, ${now}) else null end`,
      updated_at: now,
    })
    .where("id", "=", invoiceId)
    .execute();
}

/**
 * An invoice's card payment, in the transaction that marked its order paid: one payment
 * row per order (a unique index), then the invoice settled.
 */
export async function applyPaystackPayment(
  trx: Transaction<Database>,
  order: OrderRow,
  now: string,
): Promise<void> {
  if (!order.invoice_id) return;
  await trx
    .insertInto("invoice_payments")
    .values({
      id: randomUUID(),
      invoice_id: order.invoice_id,
      method: "paystack",
      amount_kobo: Number(order.amount_kobo),
      order_id: order.id,
      reference: order.reference,
      received_on: dayIn(now),
      recorded_by: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .execute();
  await settleInvoice(trx, order.invoice_id, now);
}
