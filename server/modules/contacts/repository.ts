import { randomUUID } from "node:crypto";
import { sql, SqliteAdapter, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { chosenContact, contactKeys } from "./keys.ts";

/** What the contact rule reads of an enquiry. */
export interface ContactSubject {
  id: string;
  email: string;
  phone_number: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes the contacts' lock for the rest of the transaction, first thing in it: every
 * transaction that places enquiries or moves keys takes it, so on PostgreSQL two instances
 * never interleave (nor deadlock: one lock, taken before any row lock). SQLite has one
 * writer at a time anyway.
 */
export async function lockContacts(db: Transaction<Database>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':contacts'))`.execute(db);
}

/**
 * Gives each enquiry of `subjects` (in the order they came) its contact by the rule of
 * keys.ts, and claims for that contact the keys no contact held yet. Run in the transaction
 * that stores the enquiries. The transaction holds `lockContacts`; should a writer without it
 * claim a key first, `on conflict do nothing` and a second read take the winner's.
 */
export async function assignContacts(db: Db, subjects: readonly ContactSubject[]): Promise<void> {
  for (const subject of subjects) {
    const keys = contactKeys(subject.email, subject.phone_number);
    const known = await keyOwners(db, keys);
    let contact = chosenContact(keys, known, randomUUID());
    const unclaimed = keys.filter((key) => !known.has(key));
    if (unclaimed.length > 0) {
      await db
        .insertInto("contact_keys")
        .values(unclaimed.map((key) => ({ key, contact_id: contact })))
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      // Another writer may have claimed one first: the rule reads the keys as they are now.
      contact = chosenContact(keys, await keyOwners(db, keys), contact);
    }
    await db
      .insertInto("enquiry_contacts")
      .values({ enquiry_id: subject.id, contact_id: contact, manual: 0 })
      .onConflict((oc) => oc.column("enquiry_id").doNothing())
      .execute();
  }
}

async function keyOwners(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("contact_keys")
    .select(["key", "contact_id"])
    .where("key", "in", keys)
    .execute();
  return new Map(rows.map((row) => [row.key, row.contact_id]));
}
