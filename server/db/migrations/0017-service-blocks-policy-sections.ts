import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { defaultLists } from "../../../common/content/defaults.ts";

// Issue 29: the seven service pages' blocks and the privacy policy's sections become content
// staff edit (docs/decisions/0029-service-blocks-and-policy-sections.md). A site that exists
// gets the texts its pages showed until now, so nothing changes on it until staff edit them; a
// new install runs this after 0007 and starts the same way.

const TYPES = ["service-blocks", "policy-sections"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const rows = TYPES.flatMap((type) =>
    defaultLists[type].map((item, position) => ({
      id: randomUUID(),
      type,
      position,
      data: JSON.stringify(item),
      created_at: now,
      updated_at: now,
    })),
  );
  // Several inserts: SQLite caps the number of bound parameters of one statement.
  for (let start = 0; start < rows.length; start += 50) {
    await (db as Kysely<{ content_items: (typeof rows)[number] }>)
      .insertInto("content_items")
      .values(rows.slice(start, start + 50))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ content_items: { type: string } }>)
    .deleteFrom("content_items")
    .where("type", "in", [...TYPES])
    .execute();
}
