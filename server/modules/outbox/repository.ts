import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Insertable, Kysely, Selectable } from "kysely";
import type { Database, NotificationOutboxTable } from "../../db/schema.ts";

/** A new enquiry, mailed to the agency (NOTIFY_TO). */
export const ENQUIRY_RECEIVED = "enquiry_received";
/** The auto-reply to the visitor who sent the enquiry (issue 29), when an owner turned it on. */
export const AUTO_REPLY = "enquiry_auto_reply";
/**
 * The weekly traffic report to an owner (issue 33); its subject_id is "<admin id>/<monday>",
 * so the unique index makes it one row per owner and week, whichever instance writes it.
 */
export const TRAFFIC_REPORT = "traffic_report";

export type OutboxRow = Selectable<NotificationOutboxTable>;
export type NewOutboxRow = Insertable<NotificationOutboxTable>;

/** A row to write with its enquiry, in the same transaction; due at once. */
export function newOutboxRow(
  enquiryId: string,
  now: string,
  kind = ENQUIRY_RECEIVED,
): NewOutboxRow {
  return {
    id: randomUUID(),
    subject_id: enquiryId,
    kind,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
}

/**
 * The columns a table of leased rows has: this outbox, and the newsletter's deliveries
 * (modules/newsletter/worker.ts), which claim their rows the same way.
 */
interface LeasedTable {
  id: string;
  attempts: number;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
}
type LeasedDatabase = Record<string, LeasedTable>;
export type LeasedTableName = "notification_outbox" | "newsletter_deliveries";

/** Due at `now`: not done, its time has come, and nobody holds a lease on it. */
function due(now: string) {
  return (eb: ExpressionBuilder<LeasedDatabase, string>) =>
    eb.and([
      // Spelled out so both databases see the partial index's condition in the query.
      eb("next_attempt_at", "is not", null),
      eb("next_attempt_at", "<=", now),
      eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]),
    ]);
}

/**
 * Takes up to `limit` due rows of `table` for `owner` until `leaseUntil`, counting an
 * attempt on each, and answers them. Atomic, so two instances never hold the same row:
 * PostgreSQL locks the rows it picks and skips those another transaction has locked (SKIP
 * LOCKED), then sets the lease in the same transaction; SQLite has one writer at a time, so
 * a single UPDATE … RETURNING picks and leases together.
 */
export async function claimDue<Row>(
  database: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  table: LeasedTableName,
  lease: { owner: string; now: string; until: string; limit: number },
): Promise<Row[]> {
  // Both tables have the lease's columns; the query is written once over what they share.
  const db = database as unknown as Kysely<LeasedDatabase>;
  const { owner, now, until, limit } = lease;
  const leased = (eb: ExpressionBuilder<LeasedDatabase, string>) => ({
    claimed_by: owner,
    claimed_until: until,
    attempts: eb("attempts", "+", 1),
  });
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx) => {
      const picked = await trx
        .selectFrom(table)
        .select("id")
        .where(due(now))
        .orderBy("next_attempt_at")
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (picked.length === 0) return [];
      const rows = await trx
        .updateTable(table)
        .set(leased)
        .where(
          "id",
          "in",
          picked.map((row) => row.id),
        )
        .returningAll()
        .execute();
      return rows as Row[];
    });
  }
  const rows = await db
    .updateTable(table)
    .set(leased)
    .where("id", "in", (eb) =>
      eb.selectFrom(table).select("id").where(due(now)).orderBy("next_attempt_at").limit(limit),
    )
    .returningAll()
    .execute();
  return rows as Row[];
}

export function createOutboxRepository(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
  return {
    /** Takes up to `limit` due rows for `owner` until `leaseUntil` (see claimDue). */
    claim(owner: string, now: string, leaseUntil: string, limit: number) {
      return claimDue<OutboxRow>(db, dialect, "notification_outbox", {
        owner,
        now,
        until: leaseUntil,
        limit,
      });
    },

    /** The mail went: nothing more to do, whoever holds the row now. */
    async markSent(id: string, now: string): Promise<void> {
      await db
        .updateTable("notification_outbox")
        .set({
          sent_at: now,
          next_attempt_at: null,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
        })
        .where("id", "=", id)
        .execute();
    },

    /**
     * The send failed: try again at `nextAttemptAt`, or (null) give up at `now`. Only while
     * `owner` still holds the row: after a lost lease another instance has it, and its
     * outcome counts.
     */
    async markFailed(
      id: string,
      owner: string,
      failure: { now: string; nextAttemptAt: string | null; error: string },
    ): Promise<void> {
      await db
        .updateTable("notification_outbox")
        .set({
          next_attempt_at: failure.nextAttemptAt,
          given_up_at: failure.nextAttemptAt === null ? failure.now : null,
          claimed_by: null,
          claimed_until: null,
          last_error: failure.error,
        })
        .where("id", "=", id)
        .where("claimed_by", "=", owner)
        .where("sent_at", "is", null)
        .execute();
    },

    /** Nothing left to send it about (the enquiry is gone): the row goes too. */
    async remove(id: string): Promise<void> {
      await db.deleteFrom("notification_outbox").where("id", "=", id).execute();
    },

    /**
     * Writes `rows` unless a row of the same subject and kind exists (another instance, or an
     * earlier run, wrote it): answers how many were new.
     */
    async insertMissing(rows: NewOutboxRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      let added = 0;
      // A few rows per statement: SQLite caps the bound parameters of one statement.
      for (let start = 0; start < rows.length; start += 50) {
        const result = await db
          .insertInto("notification_outbox")
          .values(rows.slice(start, start + 50))
          .onConflict((oc) => oc.columns(["subject_id", "kind"]).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    forEnquiry(enquiryId: string, kind = ENQUIRY_RECEIVED) {
      return db
        .selectFrom("notification_outbox")
        .selectAll()
        .where("subject_id", "=", enquiryId)
        .where("kind", "=", kind)
        .executeTakeFirst();
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
