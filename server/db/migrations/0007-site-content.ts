import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { defaultContact, defaultLists, defaultPolicy } from "../../../common/content/defaults.ts";

// The site's editable content (issue 12): offers, rates, packages, team, testimonials, FAQ,
// logos, gallery, slides, claims, and the contact and policy settings. One row per item;
// `data` is the item as JSON, checked by its type's schema in common/schemas/content.ts on
// every write; `position` orders a type's list. A singleton's row has its type as id.
//
// Seeded here, in the migration, so that every database (a new install, a test worker's
// file, a PostgreSQL schema) shows exactly the site of the content modules until staff change
// something, and an existing site keeps what it showed.

/**
 * The list types this migration seeds. Types added later are seeded by their own migration
 * (0017: the service pages' blocks and the policy's sections), which a new install runs too.
 */
const FIRST_LIST_TYPES = [
  "offers",
  "video-rates",
  "ads-offers",
  "packages",
  "team",
  "testimonials",
  "faq",
  "brands",
  "gallery",
  "slides",
  "claims",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_items")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("content_items_type_position_idx")
    .on("content_items")
    .columns(["type", "position"])
    .execute();

  const now = new Date().toISOString();
  const row = (id: string, type: string, position: number, data: unknown) => ({
    id,
    type,
    position,
    data: JSON.stringify(data),
    created_at: now,
    updated_at: now,
  });
  const rows = [
    ...FIRST_LIST_TYPES.flatMap((type) =>
      defaultLists[type].map((item, index) => row(randomUUID(), type, index, item)),
    ),
    row("contact", "contact", 0, defaultContact),
    row("policy", "policy", 0, defaultPolicy),
  ];
  // Several inserts: SQLite caps the number of bound parameters of one statement.
  for (let start = 0; start < rows.length; start += 50) {
    await (db as Kysely<{ content_items: (typeof rows)[number] }>)
      .insertInto("content_items")
      .values(rows.slice(start, start + 50))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_items").execute();
}
