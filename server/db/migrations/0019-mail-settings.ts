import type { Kysely } from "kysely";

// The enquiry auto-reply (issue 29): one row, written the first time an owner saves it.
// Without a row the auto-reply is off with its default texts (common/schemas/mail.ts), so
// an install that never touches it mails no visitor.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auto_reply")
    /** Always "auto-reply": the table holds one row. */
    .addColumn("id", "text", (c) => c.primaryKey())
    /** 1 when a new enquiry also mails the visitor, 0 when not. */
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auto_reply").execute();
}
