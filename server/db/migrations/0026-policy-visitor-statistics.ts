import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { POLICY_VISITOR_STATISTICS } from "../../../common/content/defaults.ts";

// Issue 33: the site counts its own visits, so the privacy policy says what is counted and
// what is not: a heading and a paragraph at the end of its Cookies section
// (POLICY_VISITOR_STATISTICS, common/content/defaults.ts), so the twelve numbered sections
// keep their numbers. A new install has it from 0017 already, which seeds the defaults of
// today. A site that exists gets it once: at the end of its Cookies section, or, when staff
// removed or renamed that section, as a section of its own at the end. A site whose staff
// removed every section is left as it is.

const TYPE = "policy-sections";
const OWN_SECTION = "Visitor Statistics";
const HEADING = POLICY_VISITOR_STATISTICS.split("\n")[0]!;

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

interface Section {
  title?: unknown;
  body?: unknown;
}

const parse = (data: string): Section => JSON.parse(data) as Section;

export async function up(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<ContentItems>;
  const items = await db
    .selectFrom("content_items")
    .select(["id", "position", "data"])
    .where("type", "=", TYPE)
    .orderBy("position")
    .execute();
  if (items.length === 0) return;
  const said = items.some((item) => {
    const section = parse(item.data);
    return (
      section.title === OWN_SECTION ||
      (typeof section.body === "string" && section.body.split("\n").includes(HEADING))
    );
  });
  if (said) return;
  const now = new Date().toISOString();
  const cookies = items.find((item) => parse(item.data).title === "Cookies");
  if (cookies) {
    const section = parse(cookies.data);
    const body = typeof section.body === "string" ? section.body.trimEnd() : "";
    await db
      .updateTable("content_items")
      .set({
        data: JSON.stringify({ ...section, body: `${body}\n${POLICY_VISITOR_STATISTICS}` }),
        updated_at: now,
      })
      .where("id", "=", cookies.id)
      .execute();
    return;
  }
  const [, ...paragraph] = POLICY_VISITOR_STATISTICS.split("\n");
  await db
    .insertInto("content_items")
    .values({
      id: randomUUID(),
      type: TYPE,
      position: items.at(-1)!.position + 1,
      data: JSON.stringify({ title: OWN_SECTION, body: paragraph.join("\n") }),
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
  for (const item of items) {
    const section = parse(item.data);
    if (section.title === OWN_SECTION) {
      await db.deleteFrom("content_items").where("id", "=", item.id).execute();
    } else if (typeof section.body === "string" && section.body.includes(`\n${HEADING}\n`)) {
      const body = section.body.slice(0, section.body.indexOf(`\n${HEADING}\n`));
      await db
        .updateTable("content_items")
        .set({ data: JSON.stringify({ ...section, body }) })
        .where("id", "=", item.id)
        .execute();
    }
  }
}
