import type { Kysely } from "kysely";

// Payments in naira through Paystack or a bank transfer (issue 49, decision 0043). Every
// amount is an integer number of kobo (Paystack's unit, exact with VAT's 7.5 %); the API and
// the screens show naira.
//
// - orders: one per Paystack transaction the site made or was told of: a checkout of a
//   package or an offer, a monthly renewal Paystack charged, an invoice paid by card.
//   `reference` is the site's own (unguessable) and unique: the database, not memory, makes
//   a payment count once. `status` goes pending -> paid (or failed, which a later verified
//   success still turns into paid) -> refunded, each by a conditional update.
// - subscriptions: a monthly package: pending until its first charge, then the status
//   Paystack reports (active, non-renewing, attention, completed, cancelled).
//   `manage_token` is the receipt's link to manage or cancel it.
// - payment_plans: the Paystack plan of each package, per key mode (test, live), with the
//   amount it was last set to, so a price change in the back office updates it.
// - payment_events: every webhook taken, by the SHA-256 of its raw body: a replay is seen.
// - invoices, invoice_lines, invoice_payments: invoices staff make; `number` (INV-2027-0001)
//   is given when it is sent, from invoice_counters in the same transaction, so numbers of a
//   year have no gaps. `token` is the client's link.
// - payment_settings: one row ("bank"): the agency's account for transfers (owners set it).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    /** "checkout", "renewal" or "invoice". */
    .addColumn("kind", "text", (c) => c.notNull())
    /** "package", "offer", "ads-offer", "video-rate" or "invoice". */
    .addColumn("item_type", "text", (c) => c.notNull())
    /** The package's price key or the offer's id (the invoice's id for an invoice). */
    .addColumn("item_key", "text", (c) => c.notNull())
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("monthly", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_kobo", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("NGN"))
    /** "pending", "paid", "failed" or "refunded". */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    /** The lead the checkout made (page, referrer, UTM); null for a renewal. */
    .addColumn("enquiry_id", "text")
    .addColumn("invoice_id", "text")
    .addColumn("subscription_id", "text")
    /** 1: made with a test key (sk_test_…): no money moved. */
    .addColumn("test_mode", "integer", (c) => c.notNull())
    .addColumn("channel", "text")
    .addColumn("gateway_response", "text")
    .addColumn("refunded_kobo", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();
  await db.schema
    .createIndex("orders_status_idx")
    .on("orders")
    .columns(["status", "created_at"])
    .execute();
  await db.schema.createIndex("orders_invoice_idx").on("orders").column("invoice_id").execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text")
    .addColumn("package_key", "text", (c) => c.notNull())
    .addColumn("package_name", "text", (c) => c.notNull())
    .addColumn("plan_code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("customer_code", "text")
    .addColumn("subscription_code", "text", (c) => c.unique())
    .addColumn("email_token", "text")
    /** "pending", "active", "non-renewing", "attention", "completed" or "cancelled". */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount_kobo", "bigint", (c) => c.notNull())
    .addColumn("next_payment_at", "text")
    .addColumn("manage_token", "text", (c) => c.notNull().unique())
    .addColumn("test_mode", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("subscriptions_plan_email_idx")
    .on("subscriptions")
    .columns(["plan_code", "email"])
    .execute();

  await db.schema
    .createTable("payment_plans")
    .addColumn("package_key", "text", (c) => c.notNull())
    /** "test" or "live": a plan belongs to the key that made it. */
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("plan_code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("amount_kobo", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("payment_plans_pk", ["package_key", "mode"])
    .execute();

  await db.schema
    .createTable("payment_events")
    /** SHA-256 of the raw body, hex. */
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** INV-<year>-<nnnn>, given when sent; null for a draft. */
    .addColumn("number", "text", (c) => c.unique())
    .addColumn("token", "text", (c) => c.notNull().unique())
    /** "draft", "sent", "part-paid", "paid" or "void" ("overdue" is read from the due date). */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("enquiry_id", "text")
    .addColumn("client_name", "text", (c) => c.notNull())
    .addColumn("client_email", "text", (c) => c.notNull())
    .addColumn("client_company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_address", "text", (c) => c.notNull().defaultTo(""))
    /** yyyy-mm-dd in the agency's time zone; null until sent. */
    .addColumn("issue_date", "text")
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("vat", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("subtotal_kobo", "bigint", (c) => c.notNull())
    .addColumn("discount_kobo", "bigint", (c) => c.notNull())
    .addColumn("vat_kobo", "bigint", (c) => c.notNull())
    .addColumn("total_kobo", "bigint", (c) => c.notNull())
    .addColumn("paid_kobo", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("paid_at", "text")
    .addColumn("voided_at", "text")
    .execute();
  await db.schema
    .createIndex("invoices_status_idx")
    .on("invoices")
    .columns(["status", "due_date"])
    .execute();
  await db.schema.createIndex("invoices_created_idx").on("invoices").column("created_at").execute();

  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) =>
      c.notNull().references("invoices.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    /** The package's price key or the offer's id it came from; "" for a free line. */
    .addColumn("item_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_kobo", "bigint", (c) => c.notNull())
    .addColumn("discount_kobo", "bigint", (c) => c.notNull())
    .addColumn("total_kobo", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("invoice_lines_invoice_idx")
    .on("invoice_lines")
    .columns(["invoice_id", "position"])
    .execute();

  await db.schema
    .createTable("invoice_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) =>
      c.notNull().references("invoices.id").onDelete("cascade"),
    )
    /** "paystack" or "transfer". */
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("amount_kobo", "bigint", (c) => c.notNull())
    /** The order of a Paystack payment: counted once (unique). */
    .addColumn("order_id", "text", (c) => c.unique())
    /** The bank's reference of a transfer, as staff typed it. */
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("received_on", "text", (c) => c.notNull())
    .addColumn("recorded_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("invoice_payments_invoice_idx")
    .on("invoice_payments")
    .column("invoice_id")
    .execute();

  await db.schema
    .createTable("invoice_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("payment_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bank_name", "text", (c) => c.notNull())
    .addColumn("account_name", "text", (c) => c.notNull())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "payment_settings",
    "invoice_counters",
    "invoice_payments",
    "invoice_lines",
    "invoices",
    "payment_events",
    "payment_plans",
    "subscriptions",
    "orders",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
