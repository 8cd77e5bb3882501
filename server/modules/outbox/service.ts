import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { EnquiryNotification } from "../../../common/schemas/enquiry.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import type { Database } from "../../db/schema.ts";
import {
  AUTO_REPLY,
  createOutboxRepository,
  ENQUIRY_RECEIVED,
  newOutboxRow,
  TRAFFIC_REPORT,
  type NewOutboxRow,
  type OutboxRow,
} from "./repository.ts";

/** The first retry waits this long; each further one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 15_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** A row that still fails this long after it was written is given up. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
/** How often the worker looks for due rows without a nudge (other instances' rows, retries). */
export const POLL_MS = 5_000;
/**
 * How long a claim holds a row. Longer than a send can take (nodemailer's timeouts: 10 s to
 * connect, 10 s for the greeting, 30 s of silence), so a live instance never loses its row
 * mid-send; an instance that died lets go of it by itself after this.
 */
export const LEASE_MS = 2 * 60_000;
const BATCH = 10;
/** Error text kept in the row and shown in the back office. */
const ERROR_MAX = 200;

/** The wait after the `attempts`-th failed send: 15 s, 30 s, 1 min, 2 min … 1 h at most. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, attempts - 1);
  // 2^9 * 15 s is already past the cap; no need to compute bigger powers.
  return Math.min(RETRY_FIRST_MS * 2 ** Math.min(doublings, 12), RETRY_MAX_MS);
}

/**
 * A failure as short text for the row and the back office: one line, at most 200
 * characters, without the user and password a URL in it might carry.
 */
export function errorText(error: unknown): string {
  const message =
    error instanceof Error || (typeof error === "object" && error !== null && "message" in error)
      ? String((error as { message: unknown }).message)
      : String(error);
  const text = message
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return "Unknown error";
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
}

/**
 * Lets the work `inFlight` (if any) finish for up to `graceMs`, then cancels it through
 * `cancel` and waits for it: a worker's close (this outbox, the newsletter's).
 */
export async function finishInFlight(
  inFlight: Promise<void> | undefined,
  graceMs: number,
  cancel: AbortController,
): Promise<void> {
  if (!inFlight) return;
  let grace: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    inFlight.then(() => false),
    new Promise<boolean>((resolve) => (grace = setTimeout(resolve, graceMs, true))),
  ]);
  clearTimeout(grace);
  if (late) {
    cancel.abort(new Error("the server is shutting down"));
    await inFlight;
  }
}

/**
 * Sends the notification of one row; "gone" when there is nothing left to send it about
 * (the enquiry was deleted meanwhile). Throws when the mail server did not take it.
 */
export type OutboxSender = (row: OutboxRow, signal: AbortSignal) => Promise<"sent" | "gone">;

/**
 * One sender for the whole outbox from a sender per kind: a row of a kind in `senders` goes
 * to that sender, any other row to `otherwise` (the enquiries' mails).
 */
export function senderByKind(
  senders: Record<string, OutboxSender>,
  otherwise: OutboxSender,
): OutboxSender {
  return (row, signal) =>
    (Object.hasOwn(senders, row.kind) ? senders[row.kind]! : otherwise)(row, signal);
}

/**
 * Work the worker does at each wake before it looks for due rows (the weekly report's
 * check whether this week's rows are written). It must be cheap when there is nothing to do:
 * it runs every poll, on every instance.
 */
export type OutboxChore = () => Promise<unknown>;

/**
 * The notification outbox (issue 10): each enquiry's mail to the agency is a row written in
 * the enquiry's own transaction, and this worker sends the due rows, retrying with
 * exponential backoff (15 s, 30 s, 1 min … 1 h) for three days before it gives up. It wakes
 * on a nudge after a commit that added rows and polls every 5 s, so rows left by an
 * instance that crashed, and the retries, are sent too. With several instances on one
 * database each row is claimed by one of them (a lease, see the repository), so each mail
 * is sent once. The owners' weekly traffic report (issue 33) goes the same way: its rows are
 * written by a chore the worker runs at each wake (see `everyWake`). Without mail configured
 * (`enabled` false) no row is written and the worker only polls until a mail server is set.
 */
export function createNotificationOutbox(deps: {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  log: FastifyBaseLogger;
  /**
   * Whether any mail goes through the outbox: a mail server is set. A function is asked at
   * each use (a mail server saved on the Mail screen turns it on without a restart).
   */
  enabled: boolean | (() => boolean);
  /**
   * Whether the enquiry's mail to the agency is queued (a mail server and a notification
   * address); `enabled` when not said. Without it the worker may still send the visitors'
   * auto-replies.
   */
  notifyEnabled?: boolean | (() => boolean);
  /** Milliseconds since the epoch (tests set the time). */
  clock?: () => number;
  pollMs?: number;
  /** How long `close()` lets a send in flight finish before it cancels it. */
  closeGraceMs?: number;
}) {
  const { log } = deps;
  const asked = (flag: boolean | (() => boolean)) => (typeof flag === "function" ? flag() : flag);
  const enabled = () => asked(deps.enabled);
  const notifyEnabled = () => enabled() && asked(deps.notifyEnabled ?? true);
  const clock = deps.clock ?? Date.now;
  const pollMs = deps.pollMs ?? POLL_MS;
  const closeGraceMs = deps.closeGraceMs ?? 10_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const repo = createOutboxRepository(deps.db, deps.dialect);
  // Who holds a claim: readable in the table, unique even for two apps in one process.
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const cancel = new AbortController();

  let send: OutboxSender | undefined;
  const chores: OutboxChore[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  /** Sends one claimed row and records the outcome. */
  async function deliver(row: OutboxRow): Promise<void> {
    const report = row.kind === TRAFFIC_REPORT;
    const what = report ? "weekly traffic report" : "enquiry notification";
    const fields = {
      ...(report ? { report: row.subject_id } : { enquiry: row.subject_id }),
      kind: row.kind,
      attempt: row.attempts,
    };
    try {
      if ((await send!(row, cancel.signal)) === "gone") {
        await repo.remove(row.id);
        log.info(
          fields,
          report
            ? `${what} dropped: the owner is gone or turned it off`
            : `${what} dropped: the enquiry is gone`,
        );
        return;
      }
    } catch (error) {
      // The enquiry could not be read: the lease runs out and the row is due again, with
      // nothing counted against it (the database's outage is logged once, not per mail).
      if (error instanceof DatabaseUnavailable) return;
      const now = clock();
      const message = cancel.signal.aborted
        ? "Interrupted: the server shut down during the send"
        : errorText(error);
      const givingUp =
        !cancel.signal.aborted && now - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS;
      // Cut short by a shutdown: due again at once, for whichever instance is still up.
      const next = givingUp
        ? null
        : iso(cancel.signal.aborted ? now : now + retryDelayMs(row.attempts));
      try {
        await repo.markFailed(row.id, owner, {
          now: iso(now),
          nextAttemptAt: next,
          error: message,
        });
      } catch (writeError) {
        // The lease runs out and the row is due again: the mail is not lost.
        log.error({ err: writeError, ...fields }, "could not record a failed notification");
      }
      if (givingUp) {
        log.error({ ...fields, error: message }, `${what} given up after 3 days`);
      } else {
        log.warn({ ...fields, error: message, nextAttemptAt: next }, `${what} failed`);
      }
      return;
    }
    try {
      await repo.markSent(row.id, iso(clock()));
      log.info(fields, `${what} sent`);
    } catch (error) {
      // Sent but not recorded: after the lease another try sends it again (at least once).
      log.error({ err: error, ...fields }, "could not record a sent notification");
    }
  }

  /** Runs the chores; one that fails is logged and tried again at the next wake. */
  async function runChores(): Promise<void> {
    for (const chore of chores) {
      try {
        await chore();
      } catch (error) {
        if (!closed && !(error instanceof DatabaseUnavailable)) {
          log.error({ err: error }, "an outbox chore failed");
        }
      }
    }
  }

  /** Claims a batch of due rows and sends them together; answers how many it claimed. */
  async function pass(): Promise<number> {
    const now = clock();
    let rows: OutboxRow[];
    try {
      rows = await repo.claim(owner, iso(now), iso(now + LEASE_MS), BATCH);
    } catch (error) {
      // An unavailable database is logged once, by the database (db/availability.ts).
      if (!closed && !(error instanceof DatabaseUnavailable)) {
        log.error({ err: error }, "could not read the notification outbox");
      }
      return 0;
    }
    await Promise.all(rows.map(deliver));
    return rows.length;
  }

  function schedule(): void {
    if (closed || !send) return;
    clearTimeout(timer);
    timer = setTimeout(() => void wake(), pollMs);
    // The poll never keeps a process alive on its own.
    timer.unref();
  }

  /**
   * Runs passes until nothing is due. A wake during a run makes the run look once more,
   * so a row committed while a pass was sending is not left to the next poll.
   */
  function wake(): Promise<void> {
    if (closed || !send) return Promise.resolve();
    if (!enabled()) {
      // No mail server (yet): nothing is sent; the poll looks again.
      schedule();
      return Promise.resolve();
    }
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        await runChores();
        do {
          again = false;
          while (!closed && (await pass()) === BATCH);
        } while (again && !closed);
      } finally {
        running = undefined;
        schedule();
      }
    })();
    return running;
  }

  return {
    /** Whether mail goes through the outbox now. */
    get enabled() {
      return enabled();
    },

    /**
     * The rows to write in the transaction of a new enquiry: its mail to the agency (with
     * enquiry mail configured) and, when `autoReply`, the visitor's auto-reply (with mail
     * configured). One row of a kind per enquiry (a unique index): never sent twice.
     */
    rowsFor(enquiryId: string, options: { autoReply?: boolean } = {}): NewOutboxRow[] {
      const now = iso(clock());
      return [
        ...(notifyEnabled() ? [newOutboxRow(enquiryId, now, ENQUIRY_RECEIVED)] : []),
        ...(enabled() && options.autoReply ? [newOutboxRow(enquiryId, now, AUTO_REPLY)] : []),
      ];
    },

    /**
     * Writes `rows` that are not there yet (one per subject and kind: a row another instance
     * or an earlier run wrote stays as it is) and sends the new ones now. Nothing without
     * mail. Answers how many were new.
     */
    async queue(rows: NewOutboxRow[]): Promise<number> {
      if (!enabled() || closed) return 0;
      const added = await repo.insertMissing(rows);
      if (added > 0) {
        // Inside a wake (a chore) the run looks once more; else a new one starts.
        again = true;
        void wake();
      }
      return added;
    },

    /** Runs `chore` at each wake, before the due rows are sent (see OutboxChore). */
    everyWake(chore: OutboxChore): void {
      chores.push(chore);
    },

    /** After a commit that added rows: send them now rather than at the next poll. */
    nudge(): void {
      void wake();
    },

    /** Sends what is due now and resolves when done (tests move the clock, then call this). */
    runNow: wake,

    /** Starts the worker with the function that sends a row (nothing without enquiry mail). */
    start(sender: OutboxSender): void {
      // Started without mail (none set yet), it polls and sends once a mail server is set.
      if (closed) return;
      send = sender;
      // Rows an instance left behind (stopped or crashed) are looked at right away.
      void wake();
    },

    /** How the enquiry's notification stands, for the back office. */
    async stateOf(enquiryId: string): Promise<EnquiryNotification> {
      const row = await repo.forEnquiry(enquiryId);
      const base = { at: null, nextAttemptAt: null, attempts: row?.attempts ?? 0, lastError: null };
      if (row?.sent_at) return { ...base, state: "sent", at: row.sent_at };
      if (row?.given_up_at) {
        return { ...base, state: "given-up", at: row.given_up_at, lastError: row.last_error };
      }
      if (!notifyEnabled()) return { ...base, state: "not-configured" };
      if (!row) return { ...base, state: "none" };
      return {
        ...base,
        state: "pending",
        nextAttemptAt: row.next_attempt_at,
        lastError: row.last_error,
      };
    },

    /**
     * Stops the worker (the app is closing): a send in flight may finish for up to
     * `closeGraceMs`, then it is cancelled and its row is due again at once.
     */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await finishInFlight(running, closeGraceMs, cancel);
    },
  };
}
export type NotificationOutbox = ReturnType<typeof createNotificationOutbox>;
