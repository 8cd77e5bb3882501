import type { Kysely } from "kysely";

// Idempotency keys of the public forms' posts: a browser that lost the answer (mobile data
// dropped) sends the same submission again with the same key, and gets the first answer
// instead of a second enquiry. A row is reserved (status null) before the handler runs and
// holds the answer once it is known; rows older than a day are pruned.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("fingerprint", "text", (col) => col.notNull())
    .addColumn("status", "integer")
    .addColumn("body", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["scope", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_created_at_idx")
    .on("idempotency_keys")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
