import type { Kysely } from "kysely";

// Each admin's session version: every token carries the version it was signed under, and
// a token whose version is not the admin's current one is refused. A password change,
// a reset or "sign out everywhere" adds one, which ends every earlier token.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admins").dropColumn("session_version").execute();
}
