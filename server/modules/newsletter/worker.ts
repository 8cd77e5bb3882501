import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import { DatabaseUnavailable } from "../../db/availability.ts";
import type { Database } from "../../db/schema.ts";
import { MAIL_MAX_MS, POOL_CONNECTIONS, smtpResponseCode, type Mailer } from "../../mail/mailer.ts";
import { claimDue } from "../outbox/repository.ts";
import {
  errorText,
  finishInFlight,
  GIVE_UP_AFTER_MS,
  POLL_MS,
  retryDelayMs,
} from "../outbox/service.ts";
import type { DeliveryRenderer, DeliveryRow } from "./delivery.ts";

// The newsletter's delivery worker (issue 32, decision 0036): mails the rows of
// newsletter_deliveries, of every kind (a send's issue, a confirmation link), one row per
// recipient. Modelled on the enquiry outbox (modules/outbox): a claim leases rows to one
// instance (FOR UPDATE SKIP LOCKED on PostgreSQL, one UPDATE … RETURNING on SQLite), so with
// several instances on one database each row is mailed by one of them; a row is marked sent
// right after the mail server's 250, one row at a time, so a crash (kill -9) loses at most
// the mails in flight: their leases run out and they are mailed again by whoever is up.
// That leaves one window of at-least-once: the 250 came and the process died before the
// row was written.
//
// The rate (mails per minute, the settings) holds across instances: each pass takes no more
// than the rate less what every instance sent in the last 60 s, read from the database.
//
// A temporary failure (4xx, no connection, a timeout) is retried with the outbox's back-off
// for up to three days; a permanent one (5xx) fails the row at once and marks the address
// bounced, never mailed again.

/**
 * How long a claim holds a row: longer than one mail can take (MAIL_MAX_MS), short enough
 * that the rows of an instance that died are mailed by another within the minute. A row
 * whose lease has less than MAIL_MAX_MS left when its turn comes is let go unsent (due again
 * at once), so a lease never runs out during a send: no other instance takes a row while
 * its mail may still be going.
 */
export const LEASE_MS = 60_000;
/** Rows per claim: mailed POOL_CONNECTIONS at a time, one per pooled connection. */
export const BATCH = 20;
/** The rate's window, and the slice of it that spreads the mails. */
const WINDOW_MS = 60_000;
const SECOND_MS = 1_000;

export type Renderers = Record<string, DeliveryRenderer>;

export function createNewsletterWorker(deps: {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  log: FastifyBaseLogger;
  /**
   * Whether mail is configured (asked at each wake when a function: a mail server saved on
   * the Mail screen turns it on); without it the worker sends nothing.
   */
  enabled: boolean | (() => boolean);
  /** The bulk mailer (pooled). */
  mailer: Mailer;
  /** The rate in mails per minute, read before each pass (the settings). */
  ratePerMinute: () => Promise<number>;
  clock?: () => number;
  pollMs?: number;
  closeGraceMs?: number;
}) {
  const { db, log, mailer } = deps;
  const enabled = () => (typeof deps.enabled === "function" ? deps.enabled() : deps.enabled);
  const clock = deps.clock ?? Date.now;
  const pollMs = deps.pollMs ?? POLL_MS;
  const closeGraceMs = deps.closeGraceMs ?? 10_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const cancel = new AbortController();

  let renderers: Renderers | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  /**
   * How many more mails the rate allows now, and when to look again if none: at most the
   * rate in any 60 s, and a sixtieth of it in any second, so a minute's mails are spread
   * over the minute rather than sent in one burst (a relay's per-second limit).
   */
  async function allowance(now: number): Promise<{ allowed: number; wakeAt: number }> {
    const rate = await deps.ratePerMinute();
    const perSecond = Math.max(1, Math.ceil(rate / 60));
    const second = iso(now - SECOND_MS);
    const row = await db
      .selectFrom("newsletter_deliveries")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("minute"),
        eb.fn.min("sent_at").as("oldest"),
        sql<number | string>`sum(case when sent_at > ${second} then 1 else 0 end)`.as("second"),
        sql<string | null>`min(case when sent_at > ${second} then sent_at end)`.as(
          "oldestThisSecond",
        ),
      ])
      .where("sent_at", ">", iso(now - WINDOW_MS))
      .executeTakeFirstOrThrow();
    const minuteLeft = rate - Number(row.minute);
    const secondLeft = perSecond - Number(row.second ?? 0);
    // None left: look again when the oldest mail of the full window leaves it.
    const wakeAt =
      minuteLeft <= 0 && row.oldest
        ? Date.parse(row.oldest as string) + WINDOW_MS + 10
        : row.oldestThisSecond
          ? Date.parse(row.oldestThisSecond) + SECOND_MS + 10
          : now + SECOND_MS;
    return { allowed: Math.min(minuteLeft, secondLeft), wakeAt };
  }

  const release = { claimed_by: null, claimed_until: null } as const;

  /** The mail went: nothing more to do, whoever holds the row now. */
  async function markSent(id: string): Promise<void> {
    await db
      .updateTable("newsletter_deliveries")
      .set({ ...release, sent_at: iso(clock()), next_attempt_at: null, last_error: null })
      .where("id", "=", id)
      .where("sent_at", "is", null)
      .execute();
  }

  /**
   * Nothing to mail any more: the row goes, and its send's total with it, so the counts
   * stay total = sent + failed + waiting.
   */
  async function drop(row: DeliveryRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom("newsletter_deliveries")
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .executeTakeFirst();
      if (row.send_id && Number(removed.numDeletedRows) > 0) {
        await trx
          .updateTable("newsletter_sends")
          .set((eb) => ({ total: eb("total", "-", 1) }))
          .where("id", "=", row.send_id)
          .execute();
      }
    });
  }

  /** Not yet: due again at `at`, the attempt not counted. */
  async function later(row: DeliveryRow, at: string): Promise<void> {
    await db
      .updateTable("newsletter_deliveries")
      .set((eb) => ({ ...release, next_attempt_at: at, attempts: eb("attempts", "-", 1) }))
      .where("id", "=", row.id)
      .where("claimed_by", "=", owner)
      .execute();
  }

  /**
   * The mail server refused: retry at `next`, or (null) give up; a permanent refusal also
   * marks the address bounced. Only while this instance holds the row.
   */
  async function markFailed(
    row: DeliveryRow,
    failure: { next: string | null; error: string; bounced: boolean },
  ): Promise<void> {
    const now = iso(clock());
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("newsletter_deliveries")
        .set({
          ...release,
          next_attempt_at: failure.next,
          failed_at: failure.next === null ? now : null,
          last_error: failure.error,
        })
        .where("id", "=", row.id)
        .where("claimed_by", "=", owner)
        .where("sent_at", "is", null)
        .executeTakeFirst();
      if (failure.bounced && Number(updated.numUpdatedRows) > 0) {
        await trx
          .updateTable("newsletter_subscribers")
          .set({ status: "bounced", status_at: now })
          .where("id", "=", row.subscriber_id)
          .where("status", "!=", "unsubscribed")
          .execute();
      }
    });
  }

  /** Mails one claimed row and records the outcome. */
  async function deliver(row: DeliveryRow): Promise<void> {
    const fields = { delivery: row.id, kind: row.kind, attempt: row.attempts };
    const render = renderers![row.kind];
    try {
      if (!render) {
        // A kind this version does not know (a newer instance wrote it): left to one that does.
        await later(row, iso(clock() + 60 * 60_000));
        log.warn(fields, "newsletter delivery of an unknown kind left for an hour");
        return;
      }
      const mail = await render(row);
      if (mail === "gone") {
        await drop(row);
        return;
      }
      if ("later" in mail) {
        await later(row, mail.later);
        return;
      }
      await mailer.send(mail, { signal: cancel.signal });
    } catch (error) {
      // The database is down: the lease runs out and the row is due again.
      if (error instanceof DatabaseUnavailable) return;
      const code = smtpResponseCode(error);
      const permanent = !cancel.signal.aborted && code !== undefined && code >= 500;
      const now = clock();
      const givingUp =
        permanent ||
        (!cancel.signal.aborted && now - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS);
      const message = cancel.signal.aborted
        ? "Interrupted: the server shut down during the send"
        : errorText(error);
      const next = givingUp
        ? null
        : iso(cancel.signal.aborted ? now : now + retryDelayMs(row.attempts));
      try {
        await markFailed(row, { next, error: message, bounced: permanent });
      } catch (writeError) {
        log.error({ err: writeError, ...fields }, "could not record a failed newsletter mail");
      }
      if (permanent) log.warn({ ...fields, error: message }, "newsletter address bounced");
      else log.warn({ ...fields, error: message, nextAttemptAt: next }, "newsletter mail failed");
      return;
    }
    try {
      await markSent(row.id);
    } catch (error) {
      // Sent but not recorded: after the lease another try mails it again (at least once).
      log.error({ err: error, ...fields }, "could not record a sent newsletter mail");
    }
  }

  /**
   * Mails the claimed rows POOL_CONNECTIONS at a time (none waits in the pool's queue while
   * its lease runs); a row whose lease could run out during its mail is let go unsent.
   */
  async function inLanes(rows: DeliveryRow[]): Promise<void> {
    const queue = [...rows];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (closed || Date.parse(row.claimed_until!) - clock() < MAIL_MAX_MS) {
          await later(row, iso(clock())).catch(() => {
            // The lease runs out by itself: the row is due again then.
          });
        } else {
          await deliver(row);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(POOL_CONNECTIONS, rows.length) }, lane));
  }

  /**
   * The sends of `ids` with no delivery left waiting become done, once: the state's check in
   * the same UPDATE lets only one instance finish a send.
   */
  async function finish(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable("newsletter_sends")
      .set({ state: "done", finished_at: iso(clock()) })
      .where("id", "in", ids)
      .where("state", "=", "sending")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("newsletter_deliveries as d")
              .select(sql`1`.as("one"))
              .whereRef("d.send_id", "=", "newsletter_sends.id")
              .where("d.next_attempt_at", "is not", null),
          ),
        ),
      )
      .execute();
  }

  /** One claim: answers how many rows it mailed, or when to look again under the rate. */
  async function pass(): Promise<{ claimed: number; wakeAt?: number }> {
    const now = clock();
    try {
      const { allowed, wakeAt } = await allowance(now);
      if (allowed <= 0) return { claimed: 0, wakeAt };
      const rows = await claimDue<DeliveryRow>(db, deps.dialect, "newsletter_deliveries", {
        owner,
        now: iso(now),
        until: iso(now + LEASE_MS),
        limit: Math.min(BATCH, allowed),
      });
      await inLanes(rows);
      await finish([...new Set(rows.flatMap((row) => (row.send_id ? [row.send_id] : [])))]);
      return { claimed: rows.length };
    } catch (error) {
      if (!closed && !(error instanceof DatabaseUnavailable)) {
        log.error({ err: error }, "could not read the newsletter deliveries");
      }
      return { claimed: 0 };
    }
  }

  function schedule(at = clock() + pollMs): void {
    if (closed || !renderers) return;
    clearTimeout(timer);
    timer = setTimeout(() => void wake(), Math.max(0, at - clock()));
    timer.unref();
  }

  /** Runs passes until nothing is due (or the rate says wait); see the outbox's wake. */
  function wake(): Promise<void> {
    if (closed || !renderers) return Promise.resolve();
    if (!enabled()) {
      // No mail server (yet): nothing is mailed; the poll looks again.
      schedule();
      return Promise.resolve();
    }
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    let wakeAt: number | undefined;
    running = (async () => {
      try {
        do {
          again = false;
          let result: Awaited<ReturnType<typeof pass>>;
          do result = await pass();
          while (!closed && result.claimed > 0);
          wakeAt = result.wakeAt;
        } while (again && !closed && wakeAt === undefined);
      } finally {
        running = undefined;
        // Under the rate: when the window has room again (or the poll, if sooner).
        schedule(wakeAt === undefined ? undefined : Math.min(wakeAt, clock() + pollMs));
      }
    })();
    return running;
  }

  return {
    get enabled() {
      return enabled();
    },

    /** After a commit that added rows: mail them now rather than at the next poll. */
    nudge(): void {
      void wake();
    },

    /** Mails what is due now and resolves when done (tests move the clock, then call this). */
    runNow: wake,

    /** Starts the worker with the renderer of each kind (nothing without mail). */
    start(byKind: Renderers): void {
      if (closed) return;
      renderers = byKind;
      // Rows an instance left behind (stopped or crashed) are looked at right away.
      void wake();
    },

    /** Stops: mails in flight may finish for `closeGraceMs`, then are cancelled (due again). */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await finishInFlight(running, closeGraceMs, cancel);
      mailer.close();
    },
  };
}
export type NewsletterWorker = ReturnType<typeof createNewsletterWorker>;
