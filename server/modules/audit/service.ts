import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "../../../common/schemas/audit.ts";
import { listContentTypes } from "../../../common/schemas/content.ts";
import type { Database } from "../../db/schema.ts";

/** Entries older than this are deleted (issue 13: kept for 1 year). */
export const AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
const LONGEST_VALUE = 200;
/** Never written to the log, whatever the entity. */
const SECRET_KEYS = /pass(word)?|hash|token|secret/i;

/**
 * Who wrote: the signed-in admin (`request.admin`), or someone without an account (id null):
 * a visitor's checkout under their e-mail, "Paystack" for what its webhooks told (issue 49).
 */
export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** "create", "update", "delete", or a named act ("publish", "reorder", "invite"…). */
  action: string;
  /** What was written: "blog", "price", "video", "enquiry", "subscriber", "admin", "content:offers"… */
  type: string;
  id: string;
  /** The entity before and after the write (omit for a create or a delete). */
  before?: unknown;
  after?: unknown;
}

export interface AuditRecord {
  id: string;
  at: string;
  actorEmail: string;
  action: string;
  type: string;
  entityId: string;
  actorName?: string | null;
  itemTitle?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The fields of a logged summary that name its item, most telling first. */
const NAMING_FIELDS = ["title", "name", "email"];

const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

/** A value as the log keeps it: secrets hidden, long text and structures cut to 200 chars. */
function shorten(key: string, value: unknown): unknown {
  if (SECRET_KEYS.test(key)) return "(hidden)";
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) return null;
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : value;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value === undefined || value === null
    ? null
    : typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };

/**
 * The before/after summary: for an update, only the fields whose values differ; for a create
 * or delete, the whole entity (cut). Keys whose value did not change are left out.
 */
export function summarise(before: unknown, after: unknown) {
  const old = asRecord(before);
  const now = asRecord(after);
  const changed = (key: string) =>
    !old || !now || JSON.stringify(old[key]) !== JSON.stringify(now[key]);
  const pick = (record: Record<string, unknown> | null, keys: string[]) =>
    record
      ? Object.fromEntries(
          keys.filter((key) => key in record).map((key) => [key, shorten(key, record[key])]),
        )
      : null;
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])].filter(changed);
  return { before: pick(old, keys), after: pick(now, keys) };
}

/** How long after a reorder the same person's next reorder of that list joins its entry. */
export const REORDER_JOIN_MS = 2 * 60_000;

/**
 * The audit log: every back-office write, who made it and what changed. A write whose entry
 * cannot be stored is not undone; the failure is logged as an error for the operator.
 */
export function createAuditService(deps: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  clock?: () => number;
}) {
  const { db, log, clock = Date.now } = deps;
  // Two writes in one millisecond still get distinct times, in the order they were made
  // (the Activity screen lists by time; ids only break ties between processes).
  let lastAt = 0;
  const nextAt = () => {
    lastAt = Math.max(clock(), lastAt + 1);
    return new Date(lastAt).toISOString();
  };
  /**
   * The names of the people and the items of a page of entries, as they are now: a few
   * reads by primary key, whatever the page's size. An item that is gone is named from the
   * log's own summary (its title, name or e-mail), else null.
   */
  async function named(
    entries: AuditRecord[],
    actorIds: (string | null)[],
  ): Promise<AuditRecord[]> {
    const ids = (test: (type: string) => boolean) => [
      ...new Set(entries.filter((entry) => test(entry.type)).map((entry) => entry.entityId)),
    ];
    const adminIds = [
      ...new Set([...actorIds.filter((id) => id !== null), ...ids((type) => type === "admin")]),
    ];
    const blogIds = ids((type) => type === "blog");
    const contentIds = ids((type) => type.startsWith("content:"));
    const enquiryIds = ids((type) => type === "enquiry");
    const [admins, blogs, items, enquiries] = await Promise.all([
      adminIds.length
        ? db
            .selectFrom("admins")
            .select(["id", "name", "email"])
            .where("id", "in", adminIds)
            .execute()
        : [],
      blogIds.length
        ? db.selectFrom("blogs").select(["id", "title"]).where("id", "in", blogIds).execute()
        : [],
      contentIds.length
        ? db
            .selectFrom("content_items")
            .select(["id", "type", "data"])
            .where("id", "in", contentIds)
            .execute()
        : [],
      enquiryIds.length
        ? db.selectFrom("enquiries").select(["id", "name"]).where("id", "in", enquiryIds).execute()
        : [],
    ]);
    const people = new Map(admins.map((row) => [row.id, row]));
    const titles = new Map<string, string>();
    for (const row of blogs) titles.set(`blog:${row.id}`, row.title);
    for (const row of enquiries) if (row.name) titles.set(`enquiry:${row.id}`, row.name);
    for (const row of items) {
      const spec = listContentTypes[row.type as keyof typeof listContentTypes] as
        { titleOf: (item: never) => string } | undefined;
      try {
        const title = spec?.titleOf(JSON.parse(row.data) as never);
        if (title) titles.set(`content:${row.type}:${row.id}`, title);
      } catch {
        // A row that is not valid JSON is named from the log.
      }
    }
    for (const [id, person] of people) titles.set(`admin:${id}`, person.name || person.email);
    return entries.map((entry, index) => {
      const fromLog = NAMING_FIELDS.map(
        (key) => textOf(entry.after?.[key]) ?? textOf(entry.before?.[key]),
      ).find((value) => value !== undefined);
      return {
        ...entry,
        actorName: textOf(people.get(actorIds[index] ?? "")?.name) ?? null,
        itemTitle: titles.get(`${entry.type}:${entry.entityId}`) ?? fromLog ?? null,
      };
    });
  }

  /**
   * A reorder right after the same person's reorder of the same list joins that entry (issue
   * 50: each "Move up" click was an entry of its own): the order before the first click and
   * after the last; none when it is back where it was. Answers whether it joined one.
   */
  async function joinedReorder(entry: AuditEntry): Promise<boolean> {
    if (entry.action !== "reorder") return false;
    const last = await db
      .selectFrom("audit_log")
      .select(["id", "at", "action", "entity_type", "entity_id", "summary"])
      .where("actor_id", "=", entry.actor.id)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (
      !last ||
      last.action !== "reorder" ||
      last.entity_type !== entry.type ||
      last.entity_id !== entry.id ||
      Date.parse(last.at) < clock() - REORDER_JOIN_MS
    ) {
      return false;
    }
    const first = JSON.parse(last.summary) as { before: Record<string, unknown> | null };
    const summary = summarise(first.before, entry.after);
    // Compared as the log keeps them (a long order is cut): back where it was, no entry.
    if (JSON.stringify(summary.before) === JSON.stringify(summary.after)) {
      await db.deleteFrom("audit_log").where("id", "=", last.id).execute();
    } else {
      await db
        .updateTable("audit_log")
        .set({ at: nextAt(), summary: JSON.stringify(summary) })
        .where("id", "=", last.id)
        .execute();
    }
    return true;
  }

  return {
    async record(entry: AuditEntry): Promise<void> {
      try {
        if (await joinedReorder(entry)) return;
        await db
          .insertInto("audit_log")
          .values({
            id: randomUUID(),
            at: nextAt(),
            actor_id: entry.actor.id,
            actor_email: entry.actor.email,
            action: entry.action,
            entity_type: entry.type,
            entity_id: entry.id,
            summary: JSON.stringify(summarise(entry.before, entry.after)),
          })
          .execute();
      } catch (error) {
        log.error(
          { err: error, entry: { ...entry, before: undefined, after: undefined } },
          "audit entry not stored",
        );
      }
    },

    /**
     * A page of entries, newest first. `before` is the `next` cursor of the previous page
     * (`<time>_<id>` of its last entry) or an ISO time; `next` is null on the last page.
     */
    async list(
      filter: { actor?: string; type?: string; before?: string; limit?: number } = {},
    ): Promise<{ entries: AuditRecord[]; next: string | null }> {
      const limit = Math.max(1, Math.min(filter.limit ?? AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX));
      let query = db.selectFrom("audit_log").selectAll();
      if (filter.actor) {
        // One person under every address they wrote with (issue 50): the ids that wrote as
        // this address, or whose account has it now, and the address itself (the command line).
        const email = filter.actor;
        const ids = (
          await db
            .selectFrom("audit_log")
            .select("actor_id")
            .distinct()
            .where("actor_email", "=", email)
            .where("actor_id", "is not", null)
            .union(db.selectFrom("admins").select("id as actor_id").where("email", "=", email))
            .execute()
        ).flatMap((row) => (row.actor_id ? [row.actor_id] : []));
        query = query.where((eb) =>
          ids.length > 0
            ? eb.or([eb("actor_email", "=", email), eb("actor_id", "in", ids)])
            : eb("actor_email", "=", email),
        );
      }
      if (filter.type) query = query.where("entity_type", "=", filter.type);
      if (filter.before) {
        const [at = "", id] = filter.before.split("_");
        query = id
          ? query.where((eb) =>
              eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]),
            )
          : query.where("at", "<", at);
      }
      const rows = await query
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(limit + 1)
        .execute();
      const entries = rows.slice(0, limit).map((row) => {
        const summary = JSON.parse(row.summary) as {
          before: Record<string, unknown> | null;
          after: Record<string, unknown> | null;
        };
        return {
          id: row.id,
          at: row.at,
          actorEmail: row.actor_email,
          action: row.action,
          type: row.entity_type,
          entityId: row.entity_id,
          before: summary.before,
          after: summary.after,
        };
      });
      const last = entries.at(-1);
      const actorIds = rows.slice(0, limit).map((row) => row.actor_id);
      return {
        entries: await named(entries, actorIds),
        next: rows.length > limit && last ? `${last.at}_${last.id}` : null,
      };
    },

    /** The people and the types on record, for the Activity screen's filters. */
    async facets(): Promise<{ actors: string[]; types: string[] }> {
      const [actors, types] = await Promise.all([
        db
          .selectFrom("audit_log")
          .leftJoin("admins", "admins.id", "audit_log.actor_id")
          .select([
            "audit_log.actor_id",
            "audit_log.actor_email",
            "admins.email as current_email",
            (eb) => eb.fn.max("audit_log.at").as("last_at"),
          ])
          .groupBy(["audit_log.actor_id", "audit_log.actor_email", "admins.email"])
          .execute(),
        db
          .selectFrom("audit_log")
          .select("entity_type")
          .distinct()
          .orderBy("entity_type")
          .execute(),
      ]);
      // One entry per person (issue 50: an owner who changed their address was listed once
      // per address): their account's address now, else the last one they wrote with.
      const byPerson = new Map<string, { email: string; at: string }>();
      for (const row of actors) {
        const person = row.actor_id ?? `email:${row.actor_email}`;
        const email = row.current_email ?? row.actor_email;
        const at = String(row.last_at ?? "");
        const known = byPerson.get(person);
        if (!known || (!row.current_email && at > known.at)) byPerson.set(person, { email, at });
      }
      return {
        actors: [...new Set([...byPerson.values()].map((person) => person.email))].sort(),
        types: types.map((row) => row.entity_type),
      };
    },

    /** Deletes the entries older than a year; answers how many went. */
    async prune(): Promise<number> {
      const cutoff = new Date(clock() - AUDIT_RETENTION_MS).toISOString();
      const result = await db.deleteFrom("audit_log").where("at", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
