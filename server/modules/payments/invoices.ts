import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import {
  INVOICE_PAGE_PATH,
  invoiceNumber,
  REMINDER_DAYS_AFTER,
  REMINDER_DAYS_BEFORE,
  toKobo,
  toNaira,
  vatOf,
  type InvoiceStatus,
} from "../../../common/payments.ts";
import { DEFAULT_PAGE_SIZE } from "../../../common/schemas/common.ts";
import type {
  Invoice,
  InvoiceQuery,
  ParsedInvoiceInput,
} from "../../../common/schemas/payments.ts";
import { addDays, dayIn, dayStart } from "../../../common/time-zone.ts";
import { pageWindow } from "../../db/lists.ts";
import type { Database, InvoiceLinesTable, InvoicesTable } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import { everyRow } from "../../lib/every-row.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";
import { newOutboxRow, type NewOutboxRow } from "../outbox/repository.ts";
import { settleInvoice } from "./invoice-payments.ts";
import { INVOICE_REMINDER, INVOICE_SENT } from "./mails.ts";
import { containing, type OrderRow } from "./repository.ts";

type InvoiceRow = InvoicesTable;

/** Each line's total and the invoice's sums, in kobo: VAT on what is left after discounts. */
export function invoiceTotals(lines: ParsedInvoiceInput["lines"], vat: boolean) {
  const computed = lines.map((line) => {
    const unit = toKobo(line.unitPrice);
    const discount = toKobo(line.discount);
    return { ...line, unit, discountKobo: discount, total: unit * line.quantity - discount };
  });
  const gross = computed.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  const discount = computed.reduce((sum, line) => sum + line.discountKobo, 0);
  const net = gross - discount;
  const vatKobo = vat ? vatOf(net) : 0;
  return { lines: computed, subtotal: gross, discount, vat: vatKobo, total: net + vatKobo };
}

/** The status a client and staff see: a sent invoice past its due date is overdue. */
export function shownStatus(row: Pick<InvoiceRow, "status" | "due_date">, today: string) {
  if ((row.status === "sent" || row.status === "part-paid") && row.due_date < today) {
    return "overdue" as const;
  }
  return row.status as InvoiceStatus;
}

export interface InvoicesDeps {
  db: Kysely<Database>;
  origin: string;
  testMode: boolean;
  outbox: { enabled: boolean; queue(rows: NewOutboxRow[]): Promise<number>; nudge(): void };
  audit: { record(entry: AuditEntry): Promise<void> };
  clock?: () => number;
}

/**
 * Invoices staff make (issue 49): a draft, then sent (numbered INV-<year>-<nnnn> with no
 * gaps, mailed as a link), paid by card or by transfers staff record, part by part;
 * reminders before and after the due date go through the outbox, once each.
 */
export function createInvoiceService(deps: InvoicesDeps) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const iso = () => new Date(clock()).toISOString();
  const today = () => dayIn(clock());
  let remindersCheckedAt = 0;

  const linkOf = (row: InvoiceRow) =>
    row.status === "draft" ? null : `${deps.origin}${INVOICE_PAGE_PATH}/${row.token}`;

  async function find(id: string, from: Kysely<Database> | Transaction<Database> = db) {
    const row = await from
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFound("There is no invoice with this id.");
    return row;
  }

  async function view(row: InvoiceRow): Promise<Invoice> {
    const [lines, payments] = await Promise.all([
      db
        .selectFrom("invoice_lines")
        .selectAll()
        .where("invoice_id", "=", row.id)
        .orderBy("position")
        .execute(),
      db
        .selectFrom("invoice_payments")
        .selectAll()
        .where("invoice_id", "=", row.id)
        .orderBy("created_at")
        .execute(),
    ]);
    const paid = Number(row.paid_kobo);
    return {
      _id: row.id,
      number: row.number,
      status: shownStatus(row, today()),
      enquiryId: row.enquiry_id,
      clientName: row.client_name,
      clientEmail: row.client_email,
      clientCompany: row.client_company,
      clientPhone: row.client_phone,
      clientAddress: row.client_address,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      vat: row.vat === 1,
      notes: row.notes,
      lines: lines.map((line) => ({
        description: line.description,
        itemKey: line.item_key,
        quantity: line.quantity,
        unitPrice: toNaira(Number(line.unit_kobo)),
        discount: toNaira(Number(line.discount_kobo)),
        total: toNaira(Number(line.total_kobo)),
      })),
      subtotal: toNaira(Number(row.subtotal_kobo)),
      discount: toNaira(Number(row.discount_kobo)),
      vatAmount: toNaira(Number(row.vat_kobo)),
      total: toNaira(Number(row.total_kobo)),
      paid: toNaira(paid),
      balance: toNaira(Math.max(0, Number(row.total_kobo) - paid)),
      link: linkOf(row),
      payments: payments.map((payment) => ({
        _id: payment.id,
        method: payment.method as "paystack" | "transfer",
        amount: toNaira(Number(payment.amount_kobo)),
        reference: payment.reference,
        receivedOn: payment.received_on,
        testMode: payment.method === "paystack" && deps.testMode,
      })),
      createdAt: row.created_at,
      sentAt: row.sent_at,
    };
  }

  async function writeLines(
    trx: Transaction<Database>,
    id: string,
    totals: ReturnType<typeof invoiceTotals>,
  ) {
    await trx.deleteFrom("invoice_lines").where("invoice_id", "=", id).execute();
    const rows: InvoiceLinesTable[] = totals.lines.map((line, position) => ({
      id: randomUUID(),
      invoice_id: id,
      position,
      description: line.description,
      item_key: line.itemKey,
      quantity: line.quantity,
      unit_kobo: line.unit,
      discount_kobo: line.discountKobo,
      total_kobo: line.total,
    }));
    await trx.insertInto("invoice_lines").values(rows).execute();
  }

  const amounts = (totals: ReturnType<typeof invoiceTotals>) => ({
    subtotal_kobo: totals.subtotal,
    discount_kobo: totals.discount,
    vat_kobo: totals.vat,
    total_kobo: totals.total,
  });

  const record = (actor: AuditActor, action: string, row: InvoiceRow, after: object = {}) =>
    deps.audit.record({
      actor,
      action,
      type: "invoice",
      id: row.id,
      after: { number: row.number, name: row.client_name, email: row.client_email, ...after },
    });

  const statusWhere = (status: InvoiceStatus | undefined) => {
    let query = db.selectFrom("invoices");
    const day = today();
    if (status === "overdue") {
      query = query.where("status", "in", ["sent", "part-paid"]).where("due_date", "<", day);
    } else if (status === "sent" || status === "part-paid") {
      query = query.where("status", "=", status).where("due_date", ">=", day);
    } else if (status) {
      query = query.where("status", "=", status);
    }
    return query;
  };
  const filtered = (filter: InvoiceQuery) => {
    let query = statusWhere(filter.status);
    if (filter.from) query = query.where("created_at", ">=", dayStart(filter.from));
    if (filter.to) query = query.where("created_at", "<", dayStart(filter.to, 1));
    if (filter.q) {
      const pattern = containing(filter.q);
      query = query.where((eb) =>
        eb.or(
          (["number", "client_name", "client_email", "client_company"] as const).map((column) =>
            eb(eb.fn("lower", [column]), "like", sql<string>`${pattern} escape '\\'`),
          ),
        ),
      );
    }
    return query;
  };

  return {
    get: async (id: string) => view(await find(id)),

    async list(query: InvoiceQuery): Promise<{ items: Invoice[]; total: number }> {
      const window = pageWindow(query.page ?? 1, query.pageSize ?? DEFAULT_PAGE_SIZE);
      const [rows, count] = await Promise.all([
        filtered(query)
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        filtered(query)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirst(),
      ]);
      return { items: await Promise.all(rows.map(view)), total: Number(count?.n ?? 0) };
    },

    async *all(query: InvoiceQuery): AsyncGenerator<Invoice> {
      const rows = everyRow(
        (limit, offset) =>
          filtered(query)
            .selectAll()
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(limit)
            .offset(offset)
            .execute(),
        200,
      );
      for await (const row of rows) yield view(row);
    },

    /** A draft, from scratch or from an enquiry (its client's details filled in by the editor). */
    async create(input: ParsedInvoiceInput, actor: AuditActor): Promise<Invoice> {
      const data = input;
      if (data.enquiryId) {
        const enquiry = await db
          .selectFrom("enquiries")
          .select("id")
          .where("id", "=", data.enquiryId)
          .executeTakeFirst();
        if (!enquiry) throw new NotFound("There is no enquiry with this id.");
      }
      const totals = invoiceTotals(data.lines, data.vat);
      const now = iso();
      const row: InvoiceRow = {
        id: randomUUID(),
        number: null,
        // Lower-case hex: a path has one spelling (capitals are redirected, decision 0022).
        token: randomBytes(20).toString("hex"),
        status: "draft",
        enquiry_id: data.enquiryId ?? null,
        client_name: data.clientName,
        client_email: data.clientEmail,
        client_company: data.clientCompany,
        client_phone: data.clientPhone,
        client_address: data.clientAddress,
        issue_date: null,
        due_date: data.dueDate,
        vat: data.vat ? 1 : 0,
        notes: data.notes,
        ...amounts(totals),
        paid_kobo: 0,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
        sent_at: null,
        paid_at: null,
        voided_at: null,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("invoices").values(row).execute();
        await writeLines(trx, row.id, totals);
      });
      await record(actor, "create", row, { total: toNaira(totals.total) });
      return view(row);
    },

    /** A draft changed (a sent invoice is a document: void it and make another). */
    async update(id: string, input: ParsedInvoiceInput, actor: AuditActor): Promise<Invoice> {
      const data = input;
      const totals = invoiceTotals(data.lines, data.vat);
      const now = iso();
      const changed = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("invoices")
          .set({
            enquiry_id: data.enquiryId ?? null,
            client_name: data.clientName,
            client_email: data.clientEmail,
            client_company: data.clientCompany,
            client_phone: data.clientPhone,
            client_address: data.clientAddress,
            due_date: data.dueDate,
            vat: data.vat ? 1 : 0,
            notes: data.notes,
            ...amounts(totals),
            updated_at: now,
          })
          .where("id", "=", id)
          .where("status", "=", "draft")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await writeLines(trx, id, totals);
        return true;
      });
      const row = await find(id);
      if (!changed) throw new Conflict("Only a draft can be changed: this invoice was sent.");
      await record(actor, "update", row, { total: toNaira(totals.total) });
      return view(row);
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      const row = await find(id);
      const result = await db
        .deleteFrom("invoices")
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) {
        throw new Conflict("Only a draft can be deleted: void a sent invoice instead.");
      }
      await record(actor, "delete", row);
    },

    /**
     * Sends a draft: its number (the year's next, with no gap: the counter moves in the same
     * transaction), today's date, and a mail with its link (with mail set up). Sending a
     * sent invoice again mails it again. Answers the invoice and whether it was mailed.
     */
    async send(id: string, actor: AuditActor): Promise<{ invoice: Invoice; mailed: boolean }> {
      const now = iso();
      const day = today();
      const first = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("invoices")
          .set({ status: "sent", issue_date: day, sent_at: now, updated_at: now })
          .where("id", "=", id)
          .where("status", "=", "draft")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const year = Number(day.slice(0, 4));
        await trx
          .insertInto("invoice_counters")
          .values({ year, last: 0 })
          .onConflict((oc) => oc.column("year").doNothing())
          .execute();
        const counter = await trx
          .updateTable("invoice_counters")
          .set((eb) => ({ last: eb("last", "+", 1) }))
          .where("year", "=", year)
          .returning("last")
          .executeTakeFirstOrThrow();
        await trx
          .updateTable("invoices")
          .set({ number: invoiceNumber(year, Number(counter.last)) })
          .where("id", "=", id)
          .execute();
        return true;
      });
      const row = await find(id);
      if (!first && (row.status === "void" || row.status === "paid")) {
        throw new Conflict(`This invoice is ${row.status}: it is not sent again.`);
      }
      const mailed =
        deps.outbox.enabled &&
        (await deps.outbox.queue([newOutboxRow(`${id}/${now}`, now, INVOICE_SENT)])) > 0;
      await record(actor, first ? "send" : "resend", row, { mailed });
      return { invoice: await view(row), mailed };
    },

    /** A transfer staff saw arrive: a payment of the invoice (at most its balance). */
    async recordTransfer(
      id: string,
      input: { amount: number; receivedOn: string; reference: string },
      actor: AuditActor,
    ): Promise<Invoice> {
      const kobo = toKobo(input.amount);
      const now = iso();
      await db.transaction().execute(async (trx) => {
        // The write first: it takes the lock, so two staff recording at once add up right.
        await trx.updateTable("invoices").set({ updated_at: now }).where("id", "=", id).execute();
        const row = await find(id, trx);
        if (row.status === "draft")
          throw new Conflict("Send the invoice before recording payments.");
        if (row.status === "void") throw new Conflict("This invoice is void.");
        const balance = Number(row.total_kobo) - Number(row.paid_kobo);
        if (kobo > balance) {
          throw new Invalid(`The payment is more than the balance (${toNaira(balance)} naira).`);
        }
        await trx
          .insertInto("invoice_payments")
          .values({
            id: randomUUID(),
            invoice_id: id,
            method: "transfer",
            amount_kobo: kobo,
            order_id: null,
            reference: input.reference,
            received_on: input.receivedOn,
            recorded_by: actor.id,
            created_at: now,
          })
          .execute();
        await settleInvoice(trx, id, now);
      });
      const row = await find(id);
      await record(actor, "transfer", row, { amount: input.amount, status: row.status });
      return view(row);
    },

    async void(id: string, actor: AuditActor): Promise<Invoice> {
      const now = iso();
      const result = await db
        .updateTable("invoices")
        .set({ status: "void", voided_at: now, updated_at: now })
        .where("id", "=", id)
        .where("status", "in", ["sent", "part-paid"])
        .executeTakeFirst();
      const row = await find(id);
      if (Number(result.numUpdatedRows) !== 1) {
        throw new Conflict(
          row.status === "draft"
            ? "A draft is deleted, not voided."
            : `This invoice is ${row.status}: it cannot be voided.`,
        );
      }
      await record(actor, "void", row);
      return view(row);
    },

    /** The client's page: the invoice of a link (undefined for a draft or an unknown link). */
    async byToken(token: string): Promise<Invoice | undefined> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
      const row = await db
        .selectFrom("invoices")
        .selectAll()
        .where("token", "=", token)
        .executeTakeFirst();
      return row && row.status !== "draft" ? view(row) : undefined;
    },

    /**
     * The order of a card payment of the invoice's balance (the client's "Pay" on its page).
     * Undefined when nothing is left to pay or the invoice is void.
     */
    async orderFor(token: string, reference: string): Promise<OrderRow | undefined> {
      const row = await db
        .selectFrom("invoices")
        .selectAll()
        .where("token", "=", token)
        .executeTakeFirst();
      if (!row || !["sent", "part-paid"].includes(row.status)) return undefined;
      const balance = Number(row.total_kobo) - Number(row.paid_kobo);
      if (balance <= 0) return undefined;
      const now = iso();
      const order: OrderRow = {
        id: randomUUID(),
        reference,
        kind: "invoice",
        item_type: "invoice",
        item_key: row.id,
        item_name: `Invoice ${row.number}`,
        monthly: 0,
        amount_kobo: balance,
        currency: "NGN",
        status: "pending",
        name: row.client_name,
        email: row.client_email,
        phone: row.client_phone,
        enquiry_id: row.enquiry_id,
        invoice_id: row.id,
        subscription_id: null,
        test_mode: deps.testMode ? 1 : 0,
        channel: null,
        gateway_response: null,
        refunded_kobo: 0,
        paid_at: null,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto("orders").values(order).execute();
      return order;
    },

    /**
     * Writes the reminder rows that are due (the outbox sends them, once each): REMINDER_DAYS_BEFORE
     * before the due date, and REMINDER_DAYS_AFTER days after, while the invoice is unpaid.
     * Looks at most every 10 minutes; cheap otherwise (the outbox runs it at each wake).
     */
    async queueReminders(): Promise<number> {
      if (!deps.outbox.enabled || clock() - remindersCheckedAt < 10 * 60_000) return 0;
      remindersCheckedAt = clock();
      const day = today();
      const rows = await db
        .selectFrom("invoices")
        .select(["id", "due_date"])
        .where("status", "in", ["sent", "part-paid"])
        .where("due_date", "<=", addDays(day, REMINDER_DAYS_BEFORE))
        .where("due_date", ">=", addDays(day, -30))
        .execute();
      const now = iso();
      const due: NewOutboxRow[] = [];
      const [later, last] = REMINDER_DAYS_AFTER;
      for (const row of rows) {
        if (day >= addDays(row.due_date, -REMINDER_DAYS_BEFORE) && day < row.due_date) {
          due.push(newOutboxRow(`${row.id}/before`, now, INVOICE_REMINDER));
        } else if (day >= addDays(row.due_date, later) && day < addDays(row.due_date, last)) {
          due.push(newOutboxRow(`${row.id}/after-${later}`, now, INVOICE_REMINDER));
        } else if (day >= addDays(row.due_date, last)) {
          due.push(newOutboxRow(`${row.id}/after-${last}`, now, INVOICE_REMINDER));
        }
      }
      return due.length > 0 ? deps.outbox.queue(due) : 0;
    },

    /** Lets the next wake look for due reminders again (tests that move the clock). */
    checkRemindersNow(): void {
      remindersCheckedAt = 0;
    },

    /** The invoice of an outbox row's subject ("<id>/…"), as its mail shows it. */
    async forMail(subject: string): Promise<Invoice | undefined> {
      const id = subject.split("/")[0] ?? "";
      const row = await db
        .selectFrom("invoices")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? view(row) : undefined;
    },
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
