import type { Kysely } from "kysely";
import { sql } from "kysely";
import { toNaira } from "../../../common/payments.ts";
import type { Revenue } from "../../../common/schemas/payments.ts";
import { dayIn, dayStart } from "../../../common/time-zone.ts";
import type { Database } from "../../db/schema.ts";
import { SOURCE_KEY_SQL } from "../enquiries/repository.ts";

/** The first day of each of the last `count` months in the agency's zone, oldest first. */
export function lastMonths(now: number, count = 12): string[] {
  const [year, month] = dayIn(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const offset = year * 12 + (month - 1) - (count - 1 - index);
    return `${Math.floor(offset / 12)}-${String((offset % 12) + 1).padStart(2, "0")}-01`;
  });
}

/**
 * Money received in the last 12 months (the dashboard): paid orders less their refunds (card
 * payments of checkouts, renewals and invoices) and the transfers staff recorded on invoices,
 * by month in the agency's time zone and by the lead's source (the enquiry an order or invoice
 * came from: utm_source, else the referring site; "" direct or unknown).
 */
export async function revenue(
  db: Kysely<Database>,
  now: number,
  testMode: boolean,
): Promise<Revenue> {
  const months = lastMonths(now);
  const from = dayStart(months[0]!);
  const orders = await db
    .selectFrom("orders")
    .leftJoin("enquiries", "enquiries.id", "orders.enquiry_id")
    .select([
      "orders.paid_at as at",
      sql<number>`orders.amount_kobo - orders.refunded_kobo`.as("kobo"),
      sql<string>`coalesce(${SOURCE_KEY_SQL}, '')`.as("source"),
    ])
    .where("orders.status", "in", ["paid", "refunded"])
    .where("orders.paid_at", ">=", from)
    .where("orders.test_mode", "=", testMode ? 1 : 0)
    .execute();
  const transfers = await db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .leftJoin("enquiries", "enquiries.id", "invoices.enquiry_id")
    .select([
      "invoice_payments.received_on as day",
      "invoice_payments.amount_kobo as kobo",
      sql<string>`coalesce(${SOURCE_KEY_SQL}, '')`.as("source"),
    ])
    .where("invoice_payments.method", "=", "transfer")
    .where("invoice_payments.received_on", ">=", months[0]!)
    .execute();
  const byMonth = new Map(months.map((month) => [month.slice(0, 7), { kobo: 0, payments: 0 }]));
  const bySource = new Map<string, { kobo: number; payments: number }>();
  const add = (day: string, kobo: number, source: string) => {
    const month = byMonth.get(day.slice(0, 7));
    if (!month) return;
    month.kobo += kobo;
    month.payments += 1;
    const entry = bySource.get(source) ?? { kobo: 0, payments: 0 };
    entry.kobo += kobo;
    entry.payments += 1;
    bySource.set(source, entry);
  };
  for (const row of orders) if (row.at) add(dayIn(row.at), Number(row.kobo), row.source);
  for (const row of transfers) add(row.day, Number(row.kobo), row.source);
  const total = [...byMonth.values()].reduce((sum, month) => sum + month.kobo, 0);
  return {
    months: [...byMonth].map(([month, { kobo, payments }]) => ({
      month,
      amount: toNaira(kobo),
      payments,
    })),
    sources: [...bySource]
      .sort((a, b) => b[1].kobo - a[1].kobo)
      .map(([source, { kobo, payments }]) => ({ source, amount: toNaira(kobo), payments })),
    total: toNaira(total),
    testMode,
  };
}
