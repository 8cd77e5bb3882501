import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { defaultLists } from "../../../common/content/defaults.ts";
import type { PolicySection } from "../../../common/schemas/content.ts";

// Issue 33: the site counts its own visits, so the privacy policy says what is counted and
// what is not, in a section of its own ("Visitor Statistics", common/content/defaults.ts). A
// new install has it from 0017 already, which seeds the defaults of today. A site that
// exists gets it once, after its Cookies section (else at the end), the sections after it
// moving down one; a site whose staff removed every section is left as it is.

const TYPE = "policy-sections";
const TITLE = "Visitor Statistics";

interface ContentItems {
  content_items: {
    id: string;
    type: string;
    position: number;
    data: string;
    created_at: string;
    updated_at: string;
  };
}

const titleOf = (data: string): unknown => (JSON.parse(data) as { title?: unknown }).title;

export async function up(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<ContentItems>;
  const section = (defaultLists[TYPE] as PolicySection[]).find((item) => item.title === TITLE)!;
  const items = await db
    .selectFrom("content_items")
    .select(["position", "data"])
    .where("type", "=", TYPE)
    .orderBy("position")
    .execute();
  if (items.length === 0 || items.some((item) => titleOf(item.data) === TITLE)) return;
  const cookies = items.find((item) => titleOf(item.data) === "Cookies");
  const position = (cookies ?? items.at(-1)!).position + 1;
  await db
    .updateTable("content_items")
    .set((eb) => ({ position: eb("position", "+", 1) }))
    .where("type", "=", TYPE)
    .where("position", ">=", position)
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto("content_items")
    .values({
      id: randomUUID(),
      type: TYPE,
      position,
      data: JSON.stringify(section),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<ContentItems>;
  const items = await db
    .selectFrom("content_items")
    .select(["id", "data"])
    .where("type", "=", TYPE)
    .execute();
  const ids = items.filter((item) => titleOf(item.data) === TITLE).map((item) => item.id);
  if (ids.length > 0) await db.deleteFrom("content_items").where("id", "in", ids).execute();
}
