import type { Kysely } from "kysely";

// Issue 46: a second-step ticket (what a right password, or a new password by link, answers
// an account that has a second step) works once. Each ticket is a row here from the moment
// it is made; passing the second step takes it with one conditional delete, so the same
// ticket cannot sign in twice, on one instance or on several (the database decides). Rows
// past `expires_at` (5 minutes) are pruned; a removed person's go with them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_sign_in_tickets")
    /** The ticket's `jti`. */
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admin_sign_in_tickets_expires_idx")
    .on("admin_sign_in_tickets")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_sign_in_tickets").execute();
}
