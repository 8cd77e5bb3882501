import type { Kysely } from "kysely";

// The agency's identity as set on the Site identity screen (issue 29): one row, its fields
// as JSON (common/schemas/identity.ts). No row: the defaults of common/site-config.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_identity")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_identity").execute();
}
