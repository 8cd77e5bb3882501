import { createHmac, randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { VISITOR_MAIL_LIMIT } from "../../../common/schemas/mail.ts";
import type { Database } from "../../db/schema.ts";

// The per-address limit on mails a visitor can make the site send (issue 46, decision 0041;
// ASVS 5.0 V2.4: anti-automation per target, not only per IP). The per-IP limits count the
// requests of one address; ten sign-ups of one mailbox from ten networks passed them all,
// and each mailed it. This counts the mails each address gets, in the database, so it holds
// across networks, on both engines and with several instances. A mail refused here is not
// sent and nothing says so: the answer to the visitor stays the same, as it must (it never
// tells whether an address is known).

/** Mails a visitor can make the site send to an address they type. */
export type VisitorMailKind = "newsletter-confirm" | "auto-reply";

// At most one mail of a kind to one address every VISITOR_MAIL_LIMIT.gapMinutes, and
// `perDay` in any 24 hours: a visitor who presses twice gets one mail; one whose mail went
// astray asks again ten minutes later and gets another; nobody can make an address receive
// a stream of them.
const GAP_MS = VISITOR_MAIL_LIMIT.gapMinutes * 60_000;

const DAY_MS = 86_400_000;
/** Rows older than a day are deleted at most this often (they no longer count). */
const PRUNE_EVERY_MS = 3_600_000;

export function createAddressMailLimit(deps: {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  /** The site's token secret (config.tokenSecret): the addresses are kept as its HMAC. */
  secret: () => string;
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
}) {
  const { db, dialect } = deps;
  const clock = deps.clock ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const keyOf = (address: string) =>
    createHmac("sha256", deps.secret()).update(address.trim().toLowerCase()).digest("hex");
  let lastPrune = Number.NEGATIVE_INFINITY;

  async function take(trx: Transaction<Database>, kind: VisitorMailKind, address: string) {
    const key = keyOf(address);
    const now = clock();
    const dayAgo = iso(now - DAY_MS);
    // Two requests for one address at once (two instances) take turns; SQLite runs one
    // write transaction at a time anyway.
    if (dialect === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext(${`address-mail:${kind}:${key}`}))`.execute(
        trx,
      );
    }
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      await trx.deleteFrom("address_mail_log").where("sent_at", "<=", dayAgo).execute();
    }
    const sent = await trx
      .selectFrom("address_mail_log")
      .select("sent_at")
      .where("kind", "=", kind)
      .where("address_key", "=", key)
      .where("sent_at", ">", dayAgo)
      .orderBy("sent_at", "desc")
      .execute();
    const last = sent[0] ? Date.parse(sent[0].sent_at) : Number.NEGATIVE_INFINITY;
    if (sent.length >= VISITOR_MAIL_LIMIT.perDay || now - last < GAP_MS) {
      return false;
    }
    await trx
      .insertInto("address_mail_log")
      .values({ id: randomUUID(), kind, address_key: key, sent_at: iso(now) })
      .execute();
    return true;
  }

  return {
    /**
     * Whether a mail of `kind` may go to `address` now; when it may, it is counted. Inside
     * `trx` it counts only if that transaction commits (the mail is queued in it).
     */
    allow(kind: VisitorMailKind, address: string, trx?: Transaction<Database>): Promise<boolean> {
      return trx
        ? take(trx, kind, address)
        : db.transaction().execute((t) => take(t, kind, address));
    },
  };
}
export type AddressMailLimit = ReturnType<typeof createAddressMailLimit>;
