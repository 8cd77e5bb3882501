import type { Kysely } from "kysely";

// Issue 47: the privacy policy names the agency as the stored identity names it. Its "Who We
// Are" section said the built-in name in its words; it now says {name}, which the policy page
// fills from the Site identity (app/copy/policy-copy.ts). A new install has the placeholder
// from 0017 already (common/content/defaults.ts). A site that exists gets it where the section
// still reads as it was seeded: a text staff changed stays exactly as they wrote it.

const TYPE = "policy-sections";
const TITLE = "Who We Are";
/** The section's words as 0017 seeded them before (the texts are frozen here on purpose). */
const SEEDED =
  "Brightlane Digital is a digital marketing and advertising agency based in {city}, {country}. We are the controller of the personal data described in this policy and we collect and process it in line with the General Data Protection Regulation (GDPR) and the Nigeria Data Protection Act.";
const WITH_NAME =
  "{name} is a digital marketing and advertising agency based in {city}, {country}. We are the controller of the personal data described in this policy and we collect and process it in line with the General Data Protection Regulation (GDPR) and the Nigeria Data Protection Act.";

interface ContentItems {
  content_items: { id: string; type: string; data: string; updated_at: string };
}

async function rewrite(database: Kysely<unknown>, from: string, to: string): Promise<void> {
  const db = database as Kysely<ContentItems>;
  const items = await db
    .selectFrom("content_items")
    .select(["id", "data"])
    .where("type", "=", TYPE)
    .execute();
  for (const item of items) {
    const section = JSON.parse(item.data) as { title?: unknown; body?: unknown };
    if (section.title !== TITLE || section.body !== from) continue;
    await db
      .updateTable("content_items")
      .set({ data: JSON.stringify({ ...section, body: to }), updated_at: new Date().toISOString() })
      .where("id", "=", item.id)
      .execute();
  }
}

export const up = (db: Kysely<unknown>) => rewrite(db, SEEDED, WITH_NAME);
export const down = (db: Kysely<unknown>) => rewrite(db, WITH_NAME, SEEDED);
