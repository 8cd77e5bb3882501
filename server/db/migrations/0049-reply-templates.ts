import type { Kysely } from "kysely";

// Reply templates staff keep (issue 52, item 3: "start from a saved template"): the two a
// new install starts with were fixed texts before; staff may now edit, add, reorder and
// delete them. The texts below are what those two said, frozen here (a migration never
// changes with the code).

const STARTING_TEMPLATES = [
  {
    label: "Thank you, next steps",
    subject: "Your enquiry about {package}",
    body: "Hello {name},\n\nThank you for your enquiry about {package}. We would love to help. Could you tell us a little more about your business and goals? We will then send you a proposal.\n\nBest regards,",
  },
  {
    label: "Offer a free consultation",
    subject: "A free consultation about {package}",
    body: "Hello {name},\n\nThank you for getting in touch about {package}. Would you like a free 30-minute consultation? Reply with a day and time that suit you (8am–5pm, Monday to Saturday) and we will call you.\n\nBest regards,",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reply_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await (db as Kysely<{ reply_templates: Record<string, unknown> }>)
    .insertInto("reply_templates")
    .values(
      STARTING_TEMPLATES.map((template, index) => ({
        id: `starting-${index + 1}`,
        ...template,
        position: index,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reply_templates").ifExists().execute();
}
