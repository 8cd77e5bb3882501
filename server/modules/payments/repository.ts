import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { OrderQuery, SubscriptionQuery } from "../../../common/schemas/payments.ts";
import { dayStart } from "../../../common/time-zone.ts";
import type { Database, OrdersTable, SubscriptionsTable } from "../../db/schema.ts";

export type OrderRow = OrdersTable;
export type SubscriptionRow = SubscriptionsTable;
export type Db = Kysely<Database> | Transaction<Database>;

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/** The orders, subscriptions, plans and webhook events (issue 49). */
export function createPaymentsRepository(db: Kysely<Database>) {
  const orderFilter = (filter: Omit<OrderQuery, "page" | "pageSize">) => {
    let query = db.selectFrom("orders");
    if (filter.status) query = query.where("status", "=", filter.status);
    if (filter.from) query = query.where("created_at", ">=", dayStart(filter.from));
    if (filter.to) query = query.where("created_at", "<", dayStart(filter.to, 1));
    if (filter.q) {
      const pattern = containing(filter.q);
      query = query.where((eb) =>
        eb.or(
          (["reference", "email", "name", "item_name"] as const).map((column) =>
            eb(eb.fn("lower", [column]), "like", sql<string>`${pattern} escape '\\'`),
          ),
        ),
      );
    }
    return query;
  };
  const subscriptionFilter = (filter: Omit<SubscriptionQuery, "page" | "pageSize">) => {
    let query = db.selectFrom("subscriptions");
    if (filter.status) query = query.where("status", "=", filter.status);
    if (filter.q) {
      const pattern = containing(filter.q);
      query = query.where((eb) =>
        eb.or(
          (["email", "name", "package_name"] as const).map((column) =>
            eb(eb.fn("lower", [column]), "like", sql<string>`${pattern} escape '\\'`),
          ),
        ),
      );
    }
    return query;
  };

  return {
    orderByReference: (reference: string, from: Db = db) =>
      from.selectFrom("orders").selectAll().where("reference", "=", reference).executeTakeFirst(),
    orderById: (id: string, from: Db = db) =>
      from.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst(),
    insertOrder: (row: OrderRow, from: Db = db) => from.insertInto("orders").values(row).execute(),
    /** Inserts unless an order of that reference exists; answers whether it was new. */
    async insertOrderOnce(row: OrderRow, from: Db = db): Promise<boolean> {
      const result = await from
        .insertInto("orders")
        .values(row)
        .onConflict((oc) => oc.column("reference").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /**
     * The one write that makes an order paid: only from pending or failed (a verified
     * success wins over an earlier failure), so of any number of confirmations on any
     * number of instances exactly one changes the row. Answers whether this one did.
     */
    async markPaid(
      id: string,
      fields: { paidAt: string; channel: string | null; gatewayResponse: string | null },
      now: string,
      from: Db,
    ): Promise<boolean> {
      const result = await from
        .updateTable("orders")
        .set({
          status: "paid",
          paid_at: fields.paidAt,
          channel: fields.channel,
          gateway_response: fields.gatewayResponse,
          updated_at: now,
        })
        .where("id", "=", id)
        .where("status", "in", ["pending", "failed"])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Pending to failed (a declined card, an abandoned checkout); answers whether it did. */
    async markFailed(id: string, reason: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ status: "failed", gateway_response: reason.slice(0, 200), updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Adds a refund to a paid order; refunded once the whole amount is. */
    async addRefund(id: string, kobo: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set((eb) => ({
          refunded_kobo: eb("refunded_kobo", "+", kobo),
          status: sql<string>`case when refunded_kobo + ${kobo} >= amount_kobo then 'refunded' else status end`,
          updated_at: now,
        }))
        .where("id", "=", id)
        .where("status", "=", "paid")
        .where(sql<boolean>`refunded_kobo + ${kobo} <= amount_kobo`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Pending orders, oldest first, for the reconciliation. */
    pendingOrders: (limit: number) =>
      db
        .selectFrom("orders")
        .selectAll()
        .where("status", "=", "pending")
        .orderBy("created_at")
        .limit(limit)
        .execute(),
    listOrders: (filter: OrderQuery, limit: number, offset: number) =>
      orderFilter(filter)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
    async countOrders(filter: OrderQuery): Promise<number> {
      const row = await orderFilter(filter)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    subscriptionById: (id: string, from: Db = db) =>
      from.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst(),
    subscriptionByCode: (code: string) =>
      db
        .selectFrom("subscriptions")
        .selectAll()
        .where("subscription_code", "=", code)
        .executeTakeFirst(),
    subscriptionByToken: (token: string) =>
      db
        .selectFrom("subscriptions")
        .selectAll()
        .where("manage_token", "=", token)
        .executeTakeFirst(),
    /** The subscription a plan's charge or event for this e-mail belongs to, newest first. */
    subscriptionFor: (planCode: string, email: string, withoutCode: boolean) => {
      let query = db
        .selectFrom("subscriptions")
        .selectAll()
        .where("plan_code", "=", planCode)
        .where(sql<string>`lower(email)`, "=", email.toLowerCase());
      if (withoutCode) query = query.where("subscription_code", "is", null);
      return query.orderBy("created_at", "desc").executeTakeFirst();
    },
    insertSubscription: (row: SubscriptionRow, from: Db = db) =>
      from.insertInto("subscriptions").values(row).execute(),
    updateSubscription: (id: string, fields: Partial<SubscriptionRow>, from: Db = db) =>
      from.updateTable("subscriptions").set(fields).where("id", "=", id).execute(),
    /** The first charge went through: a subscription waiting for it is active. */
    activateSubscription: (id: string, now: string, from: Db) =>
      from
        .updateTable("subscriptions")
        .set({ status: "active", updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute(),
    listSubscriptions: (filter: SubscriptionQuery, limit: number, offset: number) =>
      subscriptionFilter(filter)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
    async countSubscriptions(filter: SubscriptionQuery): Promise<number> {
      const row = await subscriptionFilter(filter)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** Paid charges of each subscription (count and kobo, refunds left out). */
    async subscriptionTotals(ids: string[]): Promise<Map<string, { count: number; kobo: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom("orders")
        .select((eb) => [
          "subscription_id",
          eb.fn.countAll<number>().as("n"),
          eb.fn.sum<number>(eb("amount_kobo", "-", eb.ref("refunded_kobo"))).as("kobo"),
        ])
        .where("subscription_id", "in", ids)
        .where("status", "in", ["paid", "refunded"])
        .groupBy("subscription_id")
        .execute();
      return new Map(
        rows.map((row) => [row.subscription_id!, { count: Number(row.n), kobo: Number(row.kobo) }]),
      );
    },

    plan: (packageKey: string, mode: string) =>
      db
        .selectFrom("payment_plans")
        .selectAll()
        .where("package_key", "=", packageKey)
        .where("mode", "=", mode)
        .executeTakeFirst(),
    plans: (mode: string) =>
      db.selectFrom("payment_plans").selectAll().where("mode", "=", mode).execute(),
    async savePlan(row: Database["payment_plans"]): Promise<void> {
      await db
        .insertInto("payment_plans")
        .values(row)
        .onConflict((oc) =>
          oc.columns(["package_key", "mode"]).doUpdateSet({
            plan_code: row.plan_code,
            name: row.name,
            amount_kobo: row.amount_kobo,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
    /** Whether a plan code is one of the site's. */
    async planKnown(code: string): Promise<boolean> {
      const row = await db
        .selectFrom("payment_plans")
        .select("plan_code")
        .where("plan_code", "=", code)
        .executeTakeFirst();
      return row !== undefined;
    },

    async eventSeen(id: string): Promise<boolean> {
      const row = await db
        .selectFrom("payment_events")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row !== undefined;
    },
    recordEvent: (row: Database["payment_events"]) =>
      db
        .insertInto("payment_events")
        .values(row)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute(),
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
