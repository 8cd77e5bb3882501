import type { Kysely } from "kysely";

// Issue 47, item 3 (decision 0049): the home page's "Level up your business" picture is a
// field of its own (`aboutPicture`: the picture and its alt text), which staff can replace or
// remove. Its alt text was the `aboutImageAlt` word: a home page record that has one carries
// it over into the picture (the built-in file), so an alt text staff wrote stays. A record
// without one, or no record, reads the picture's default (common/content/page-words.ts).

const TYPE = "home-page";
/** The built-in file as it was when the alt text was a word (frozen here on purpose). */
const BUILT_IN = "/images/about-level-up.svg";

interface ContentItems {
  content_items: { id: string; type: string; data: string; updated_at: string };
}

type HomeRecord = Record<string, unknown> & {
  aboutImageAlt?: unknown;
  aboutPicture?: { src?: unknown; alt?: unknown } | null;
};

async function rewrite(
  database: Kysely<unknown>,
  change: (record: HomeRecord) => HomeRecord | undefined,
): Promise<void> {
  const db = database as Kysely<ContentItems>;
  const rows = await db
    .selectFrom("content_items")
    .select(["id", "data"])
    .where("type", "=", TYPE)
    .execute();
  for (const row of rows) {
    const changed = change(JSON.parse(row.data) as HomeRecord);
    if (!changed) continue;
    await db
      .updateTable("content_items")
      .set({ data: JSON.stringify(changed), updated_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .execute();
  }
}

export const up = (db: Kysely<unknown>) =>
  rewrite(db, (record) => {
    if (typeof record.aboutImageAlt !== "string") return undefined;
    const { aboutImageAlt, ...rest } = record;
    if (rest.aboutPicture !== undefined) return rest;
    return { ...rest, aboutPicture: { src: BUILT_IN, alt: aboutImageAlt, variants: [] } };
  });

export const down = (db: Kysely<unknown>) =>
  rewrite(db, (record) => {
    if (record.aboutPicture === undefined) return undefined;
    const { aboutPicture, ...rest } = record;
    const alt = typeof aboutPicture?.alt === "string" ? aboutPicture.alt : undefined;
    return alt ? { ...rest, aboutImageAlt: alt } : rest;
  });
