import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BlogsTable, Database } from "../../server/db/schema.ts";
import { searchText } from "../../server/modules/blogs/search.ts";

/**
 * Inserts `count` published posts straight into the database, in batches (many posts in
 * a second, on either engine): post i is titled `Post i` and published i minutes after
 * `start`, so the newest is the last. `same` posts share each publication time (ties the
 * list's order breaks by id). The database triggers keep the search index.
 */
export async function insertPosts(
  db: Kysely<Database>,
  count: number,
  options: { start?: Date; same?: number; words?: (index: number) => string } = {},
): Promise<BlogsTable[]> {
  const start = options.start?.getTime() ?? Date.parse("2026-01-01T09:00:00.000Z");
  const same = options.same ?? 1;
  const rows: BlogsTable[] = Array.from({ length: count }, (_, index) => {
    const at = new Date(start + Math.floor(index / same) * 60_000).toISOString();
    const id = randomUUID();
    const content = JSON.stringify([options.words?.(index) ?? `Text of post number ${index}.`]);
    return {
      id,
      title: `Post ${index}`,
      content,
      search_text: searchText(content),
      bg: "#ffffff",
      image_key: null,
      image_width: null,
      image_height: null,
      image_variant_widths: null,
      duration: 1,
      created_at: at,
      updated_at: at,
      slug: `post-${index}-${id.slice(0, 8)}`,
      status: "published",
      published_at: at,
      excerpt: "",
      seo_title: "",
      seo_description: "",
      image_alt: "",
      author_id: null,
      preview_token: null,
      preview_by: null,
      version: 1,
      updated_by: null,
    };
  });
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto("blogs")
      .values(rows.slice(i, i + 100))
      .execute();
  }
  return rows;
}
