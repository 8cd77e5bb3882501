import { randomUUID } from "node:crypto";
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from "kysely";
import type { ListPage } from "../../../common/schemas/common.ts";
import type {
  AdminSubscriber,
  Subscriber,
  SubscriberStatus,
} from "../../../common/schemas/newsletter.ts";
import {
  CONFIRM_LINK_DAYS,
  NEWSLETTER_CONSENT,
  PENDING_KEEP_DAYS,
  SUBSCRIBER_STATUSES,
} from "../../../common/newsletter.ts";
import type { Database, NewsletterSubscribersTable } from "../../db/schema.ts";
import { stripNul } from "../../db/strip-nul-plugin.ts";
import { NotFound } from "../../errors.ts";
import { dayIn } from "../../../common/time-zone.ts";
import { containsPattern, newestFirstInBatches, pageWindow } from "../../db/lists.ts";
import { timeSlices } from "../../lib/time-slices.ts";
import { CONFIRM } from "./delivery.ts";
import { confirmLinkLive, newConfirmNonce, tokenMatches, tokenSubscriberId } from "./links.ts";
import type { AddressMailLimit } from "../mail/address-limit.ts";

const DAY_MS = 86_400_000;
/** The pending sweep runs at most this often (see `sweepSoon`). */
const SWEEP_EVERY_MS = 3_600_000;
/** Rows inserted per statement by an import: 10 values each, far below both engines' limits. */
const IMPORT_BATCH = 500;

const toSubscriber = (row: NewsletterSubscribersTable): Subscriber => ({
  _id: row.id,
  email: row.email,
  date: row.created_at,
});

const statusOf = (value: string): SubscriberStatus =>
  (SUBSCRIBER_STATUSES as readonly string[]).includes(value)
    ? (value as SubscriberStatus)
    : "confirmed";

const toAdminSubscriber = (row: NewsletterSubscribersTable): AdminSubscriber => ({
  ...toSubscriber(row),
  status: statusOf(row.status),
  statusAt: row.status_at ?? row.created_at,
  consentAt: row.consent_at,
  consentSource: row.consent_source,
  consentText: row.consent_text,
});

/** The CSV export's header. */
export const SUBSCRIBERS_CSV_HEADER: readonly string[] = [
  "Email",
  "Subscribed",
  "Status",
  "Consent given",
  "Consent source",
  "Consent wording",
];

/** What a list, its count and its export select by. */
export interface SubscriberFilter {
  q?: string;
  status?: SubscriberStatus;
}

/** A new address to store, from the import: its consent wording is the file's. */
export interface ImportRow {
  email: string;
  consentText: string;
}

export interface NewsletterDeps {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  /** The site's token secret (config.tokenSecret), read when a link is checked. */
  secret: () => string;
  /** The public origin (PUBLIC_ORIGIN), for the links in mails. */
  origin: string;
  /**
   * Whether mail can be sent (SMTP_URL): sign-ups are then confirmed by mail (double
   * opt-in); without it an address is confirmed at once, as before issue 32.
   */
  mailConfigured: boolean | (() => boolean);
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
  /** After a commit that queued a confirmation mail: mail it now, not at the next poll. */
  nudge?: () => void;
  /** How often one address may get a confirmation mail (issue 46); unlimited without. */
  addressMail?: Pick<AddressMailLimit, "allow">;
}

export function createNewsletterService({
  db,
  dialect,
  secret,
  mailConfigured,
  clock = Date.now,
  nudge = () => {},
  addressMail,
}: NewsletterDeps) {
  const mailOn = () => (typeof mailConfigured === "function" ? mailConfigured() : mailConfigured);
  const nowIso = () => new Date(clock()).toISOString();
  const daysFromNow = (days: number) => new Date(clock() + days * DAY_MS).toISOString();

  /** `q` finds addresses that contain it (case-insensitive, % and _ literal); `status` filters. */
  function matching<O>(
    query: SelectQueryBuilder<Database, "newsletter_subscribers", O>,
    filter: SubscriberFilter = {},
  ): SelectQueryBuilder<Database, "newsletter_subscribers", O> {
    const { q, status } = filter;
    return query
      .$if(Boolean(q), (qb) =>
        qb.where(sql<boolean>`lower(email) like lower(${containsPattern(q!)}) escape '\\'`),
      )
      .$if(status !== undefined, (qb) => qb.where("status", "=", status!));
  }

  /** Newest first, read a batch at a time. */
  const batches = (filter?: SubscriberFilter) =>
    newestFirstInBatches(matching(db.selectFrom("newsletter_subscribers").selectAll(), filter));

  /** Newest first (created_at, then id, so equal times keep one order from page to page). */
  const newestFirst = (filter?: SubscriberFilter) =>
    matching(db.selectFrom("newsletter_subscribers").selectAll(), filter)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");

  /**
   * Removes the pending addresses that signed up more than PENDING_KEEP_DAYS ago and never
   * confirmed, with their waiting mails. Answers how many went.
   */
  async function sweepPending(): Promise<number> {
    const cutoff = new Date(clock() - PENDING_KEEP_DAYS * DAY_MS).toISOString();
    return db.transaction().execute(async (trx) => {
      const stale = trx
        .selectFrom("newsletter_subscribers")
        .select("id")
        .where("status", "=", "pending")
        .where("consent_at", "<", cutoff);
      await trx.deleteFrom("newsletter_deliveries").where("subscriber_id", "in", stale).execute();
      const result = await trx
        .deleteFrom("newsletter_subscribers")
        .where("status", "=", "pending")
        .where("consent_at", "<", cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  // The sweep runs lazily, at most hourly, before a sign-up and before the back office reads
  // the list (decision 0036): no timer for app.ts to start and stop, no work on an idle
  // site, and nothing shows a stale pending row without sweeping first (sends take only
  // confirmed addresses; a stale row's link expired after CONFIRM_LINK_DAYS anyway).
  let lastSweep = Number.NEGATIVE_INFINITY;
  async function sweepSoon(): Promise<void> {
    if (clock() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = clock();
    await sweepPending();
  }

  async function count(filter?: SubscriberFilter): Promise<number> {
    await sweepSoon();
    const row = await matching(
      db
        .selectFrom("newsletter_subscribers")
        .select((eb) => eb.fn.countAll<number | string>().as("n")),
      filter,
    ).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Queues the address's confirmation mail, unless one is already waiting or being sent
   * (its link works: the nonce is kept while it lives) or the address had its share of them
   * (the per-address limit: one every ten minutes, three a day). The worker's renderer reads
   * the row's nonce when the mail goes.
   */
  async function queueConfirmMail(
    trx: Transaction<Database>,
    subscriber: { id: string; email: string },
    now: string,
  ): Promise<void> {
    const waiting = await trx
      .selectFrom("newsletter_deliveries")
      .select("id")
      .where("subscriber_id", "=", subscriber.id)
      .where("kind", "=", CONFIRM)
      .where("next_attempt_at", "is not", null)
      .executeTakeFirst();
    if (waiting) return;
    if (addressMail && !(await addressMail.allow("newsletter-confirm", subscriber.email, trx))) {
      return;
    }
    await trx
      .insertInto("newsletter_deliveries")
      .values({
        id: randomUUID(),
        kind: CONFIRM,
        send_id: null,
        subscriber_id: subscriber.id,
        email: subscriber.email,
        next_attempt_at: now,
        claimed_by: null,
        claimed_until: null,
        sent_at: null,
        failed_at: null,
        last_error: null,
        created_at: now,
      })
      .execute();
  }

  /** The row a confirmation token names, when the token is its current, unexpired link. */
  async function confirmableRow(token: string) {
    const id = tokenSubscriberId(token);
    if (!id) return undefined;
    const row = await db
      .selectFrom("newsletter_subscribers")
      .select(["id", "status", "confirm_nonce", "confirm_expires_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (
      !confirmLinkLive(row, nowIso()) ||
      !tokenMatches(secret(), "confirm", token, row.id, row.confirm_nonce)
    ) {
      return undefined;
    }
    return row;
  }

  return {
    /** Whether sign-ups are confirmed by mail now (201 without, 202 with). */
    get doubleOptIn() {
      return mailOn();
    },

    /**
     * A sign-up. The answer is the same whether the address was known or not (decision
     * 0036): its id, the address, and the time of this request. With mail configured a new
     * (or pending, or unsubscribed) address is pending until it confirms by the link mailed
     * to it, the mail being a delivery row written in the same transaction; confirmed and
     * bounced addresses are left alone and mailed nothing. Without mail a new address is
     * confirmed at once and a known one is left alone.
     */
    async subscribe(input: {
      email: string;
      source?: string;
    }): Promise<{ subscriber: Subscriber; pending: boolean }> {
      await sweepSoon();
      const address = stripNul(input.email.trim().toLowerCase());
      const now = nowIso();
      const consent = {
        consent_at: now,
        consent_source: stripNul(input.source ?? "api"),
        consent_text: NEWSLETTER_CONSENT,
      };
      const mailed = mailOn();
      const answer = (id: string) => ({
        subscriber: { _id: id, email: address, date: now },
        pending: mailed,
      });
      if (!mailed) {
        const id = randomUUID();
        // The unique index decides, so two sign-ups at the same moment still make one row.
        const inserted = await db
          .insertInto("newsletter_subscribers")
          .values({
            id,
            email: address,
            created_at: now,
            status: "confirmed",
            status_at: null,
            ...consent,
            confirm_nonce: null,
            confirm_expires_at: null,
          })
          .onConflict((oc) => oc.column("email").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return answer(id);
        const known = await db
          .selectFrom("newsletter_subscribers")
          .select("id")
          .where("email", "=", address)
          .executeTakeFirstOrThrow();
        return answer(known.id);
      }
      const expires = daysFromNow(CONFIRM_LINK_DAYS);
      const link = { confirm_nonce: newConfirmNonce(), confirm_expires_at: expires };
      const answered = await db.transaction().execute(async (trx) => {
        const id = randomUUID();
        const inserted = await trx
          .insertInto("newsletter_subscribers")
          .values({
            id,
            email: address,
            created_at: now,
            status: "pending",
            status_at: null,
            ...consent,
            ...link,
          })
          .onConflict((oc) => oc.column("email").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
          await queueConfirmMail(trx, { id, email: address }, now);
          return answer(id);
        }
        // Locked on PostgreSQL, so two sign-ups of one address at once queue one mail, not
        // two (SQLite runs one write transaction at a time anyway).
        const known = await trx
          .selectFrom("newsletter_subscribers")
          .select(["id", "status", "confirm_nonce", "confirm_expires_at"])
          .where("email", "=", address)
          .$if(dialect === "postgres", (q) => q.forUpdate())
          .executeTakeFirstOrThrow();
        if (known.status === "pending" || known.status === "unsubscribed") {
          // The consent of this sign-up, and a link that lives 7 days from now. A link that
          // still works keeps its nonce: a mail with it may be on its way this very moment
          // (the "did it work?" second press, issue 46), and must not arrive dead. An
          // unsubscribed address must confirm again before it is mailed.
          await trx
            .updateTable("newsletter_subscribers")
            .set({
              ...consent,
              ...(confirmLinkLive(known, now) ? { confirm_expires_at: expires } : link),
              ...(known.status === "unsubscribed" ? { status: "pending", status_at: now } : {}),
            })
            .where("id", "=", known.id)
            .execute();
          await queueConfirmMail(trx, { id: known.id, email: address }, now);
        }
        return answer(known.id);
      });
      nudge();
      return answered;
    },

    /** Whether `token` is a confirmation link that works now (the page's GET: reads only). */
    async confirmable(token: string): Promise<boolean> {
      return (await confirmableRow(token)) !== undefined;
    },

    /**
     * Confirms the address of a confirmation link: the confirmation is the consent, so its
     * time is recorded; the nonce is cleared, so the link works once. False for a bad, used
     * or expired link (the page says the same for all three).
     */
    async confirm(token: string): Promise<boolean> {
      const row = await confirmableRow(token);
      if (!row) return false;
      const now = nowIso();
      const result = await db
        .updateTable("newsletter_subscribers")
        .set({
          status: "confirmed",
          status_at: now,
          consent_at: now,
          confirm_nonce: null,
          confirm_expires_at: null,
        })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .where("confirm_nonce", "=", row.confirm_nonce)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whether `token` is an unsubscribe link of this site (signed; no database read). */
    unsubscribeLinkValid(token: string): boolean {
      const id = tokenSubscriberId(token);
      return id !== undefined && tokenMatches(secret(), "unsubscribe", token, id);
    },

    /**
     * Unsubscribes the address of an unsubscribe link, at once (RFC 8058 one-click). True
     * for every valid link, whether the address was still subscribed, had unsubscribed or
     * was erased: the page never tells which. A bounced address keeps that status (it is
     * not mailed either way, and the back office sees why).
     */
    async unsubscribe(token: string): Promise<boolean> {
      const id = tokenSubscriberId(token);
      if (!id || !tokenMatches(secret(), "unsubscribe", token, id)) return false;
      await db
        .updateTable("newsletter_subscribers")
        .set({
          status: "unsubscribed",
          status_at: nowIso(),
          confirm_nonce: null,
          confirm_expires_at: null,
        })
        .where("id", "=", id)
        .where("status", "in", ["pending", "confirmed"])
        .execute();
      return true;
    },

    sweepPending,

    /** Newest first. */
    async list(filter?: SubscriberFilter): Promise<AdminSubscriber[]> {
      await sweepSoon();
      return (await newestFirst(filter).execute()).map(toAdminSubscriber);
    },

    /**
     * Erasure: the row and its deliveries go. Answers what the log may keep of it (never
     * the address).
     */
    async remove(id: string): Promise<{ _id: string; date: string; status: SubscriberStatus }> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("newsletter_subscribers")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row) throw new NotFound("Subscriber not found.");
        await trx.deleteFrom("newsletter_deliveries").where("subscriber_id", "=", id).execute();
        const result = await trx
          .deleteFrom("newsletter_subscribers")
          .where("id", "=", id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new NotFound("Subscriber not found.");
        return { _id: row.id, date: row.created_at, status: statusOf(row.status) };
      });
    },

    /** Every subscriber the filter matches, newest first, streamed a batch at a time. */
    async *all(filter?: SubscriberFilter): AsyncGenerator<AdminSubscriber> {
      await sweepSoon();
      for await (const rows of batches(filter)) yield* rows.map(toAdminSubscriber);
    },

    count,

    /** One page of the subscribers the filter matches, newest first, and how many in all. */
    async page(
      query: SubscriberFilter & { page: number; pageSize: number },
    ): Promise<ListPage<AdminSubscriber>> {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const total = await count(query);
      const rows = await newestFirst(query).limit(limit).offset(offset).execute();
      return { items: rows.map(toAdminSubscriber), total };
    },

    /**
     * The CSV export's lines (header first): the day each subscribed, in the agency's zone,
     * the status and the consent recorded.
     */
    async *csvLines(filter?: SubscriberFilter): AsyncGenerator<readonly string[]> {
      await sweepSoon();
      yield SUBSCRIBERS_CSV_HEADER;
      for await (const rows of batches(filter)) {
        yield* rows.map((row) => [
          row.email,
          dayIn(row.created_at),
          statusOf(row.status),
          row.consent_at ?? "",
          row.consent_source ?? "",
          row.consent_text ?? "",
        ]);
      }
    },

    /**
     * Stores the new addresses of an import, confirmed, with the consent wording of their
     * row (the list's owner vouches for it); known addresses stay exactly as they are, so an
     * unsubscribed or bounced address is never raised back. IMPORT_BATCH rows at a time,
     * each batch its own transaction with a turn of the event loop between (issue 46): other
     * requests (and, on SQLite, their queries) go between two batches instead of waiting for
     * the whole file. A failure part way keeps the batches before it; the same file imported
     * again adds the rest, as known addresses are left alone. Answers how many were added.
     */
    async importRows(rows: readonly ImportRow[]): Promise<number> {
      await sweepSoon();
      const now = nowIso();
      const slices = timeSlices();
      let added = 0;
      for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
        const values = rows.slice(start, start + IMPORT_BATCH).map((row) => ({
          id: randomUUID(),
          email: stripNul(row.email),
          created_at: now,
          status: "confirmed",
          status_at: null,
          consent_at: now,
          consent_source: "import",
          consent_text: stripNul(row.consentText),
          confirm_nonce: null,
          confirm_expires_at: null,
        }));
        const result = await db
          .insertInto("newsletter_subscribers")
          .values(values)
          .onConflict((oc) => oc.column("email").doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
        await slices.rest();
      }
      return added;
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
