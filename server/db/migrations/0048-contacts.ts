import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { chosenContact, contactKeys } from "../../modules/contacts/keys.ts";
import type { Database } from "../schema.ts";

// One contact per person (issue 52, item 2, decision 0046): the contact of each enquiry and
// the e-mail and phone keys each contact holds, filled here for the enquiries there are, in
// the order they came, by the rule new enquiries follow (server/modules/contacts/keys.ts).

/** Enquiries read, and rows written, this many at a time. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("contact_id", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_keys_contact_idx")
    .on("contact_keys")
    .columns(["contact_id"])
    .execute();
  await db.schema
    .createTable("enquiry_contacts")
    .addColumn("enquiry_id", "text", (c) => c.primaryKey())
    .addColumn("contact_id", "text", (c) => c.notNull())
    .addColumn("manual", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("enquiry_contacts_contact_idx")
    .on("enquiry_contacts")
    .columns(["contact_id"])
    .execute();
  await fill(db as unknown as Kysely<Database>);
}

/** The keys are kept in memory meanwhile: tens of bytes a person, a million fit. */
async function fill(db: Kysely<Database>): Promise<void> {
  const known = new Map<string, string>();
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .selectFrom("enquiries")
      .select(["id", "email", "phone_number", "created_at"])
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb("created_at", ">", after!.created_at),
            eb.and([eb("created_at", "=", after!.created_at), eb("id", ">", after!.id)]),
          ]),
        ),
      )
      .orderBy("created_at")
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const claims: { key: string; contact_id: string }[] = [];
    const links = rows.map((row) => {
      const keys = contactKeys(row.email, row.phone_number);
      const contact = chosenContact(keys, known, randomUUID());
      for (const key of keys) {
        if (known.has(key)) continue;
        known.set(key, contact);
        claims.push({ key, contact_id: contact });
      }
      return { enquiry_id: row.id, contact_id: contact, manual: 0 };
    });
    // PostgreSQL runs the migration in a transaction already; SQLite commits a batch at once.
    const write = async (trx: Kysely<Database>) => {
      await trx.insertInto("enquiry_contacts").values(links).execute();
      for (let i = 0; i < claims.length; i += BATCH) {
        await trx
          .insertInto("contact_keys")
          .values(claims.slice(i, i + BATCH))
          .execute();
      }
    };
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
    const last = rows.at(-1)!;
    after = { created_at: last.created_at, id: last.id };
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("enquiry_contacts").ifExists().execute();
  await db.schema.dropTable("contact_keys").ifExists().execute();
}
