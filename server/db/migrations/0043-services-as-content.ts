import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { defaultLists } from "../../../common/content/defaults.ts";

// Issue 47: the seven services become a content list staff add to, rename, reorder and remove
// (docs/decisions/0048-services-as-content.md). A site that exists gets the words its pages,
// cards and menus showed until now, so nothing changes on it until staff edit them; a new
// install runs this after 0017 and starts the same way.

const TYPE = "services";

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const rows = defaultLists[TYPE].map((item, position) => ({
    id: randomUUID(),
    type: TYPE,
    position,
    data: JSON.stringify(item),
    created_at: now,
    updated_at: now,
  }));
  await (db as Kysely<{ content_items: (typeof rows)[number] }>)
    .insertInto("content_items")
    .values(rows)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ content_items: { type: string } }>)
    .deleteFrom("content_items")
    .where("type", "=", TYPE)
    .execute();
}
