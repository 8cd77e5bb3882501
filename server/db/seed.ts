import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { samplePosts } from "../../common/content/sample-posts.ts";
import type { ParsedBlogInput } from "../../common/schemas/blog.ts";
import type { Price } from "../../common/schemas/price.ts";
import { illustrationPng } from "../lib/illustration.ts";
import type { BlogService } from "../modules/blogs/service.ts";
import type { Database } from "./schema.ts";

/**
 * The content a new site starts with: the five prices (always) and four sample blog posts
 * (unless SEED_SAMPLE_CONTENT=false). Production code; the tests' factories may import it,
 * never the other way round.
 *
 * What a database has been given is recorded in it (`meta.seed_version`, migration 0006),
 * so it does not matter which process created the schema (the admin CLI migrates an empty
 * database too): the first server start on a database without the record seeds it, and no
 * later start adds anything again, even after staff deleted a price or a post.
 */
export const SEED_VERSION = 1;

/** The five prices of decisions.md; the seed and the tests start from these. */
export function samplePrices(): Price[] {
  return [
    { key: "take-off", amount: 100000 },
    { key: "empower-me", amount: 180000 },
    { key: "grow-me", amount: 250000 },
    { key: "brand-me", amount: 350000 },
    { key: "video-voice", amount: 10000 },
  ];
}

interface SamplePost {
  input: ParsedBlogInput;
  image: Buffer;
}

/** Four sample posts with generated pictures, so a fresh site looks alive. */
export async function sampleBlogPosts(): Promise<SamplePost[]> {
  return Promise.all(
    samplePosts.map(async (post, index) => ({
      input: { title: post.title, bg: post.bg, content: post.content },
      image: await illustrationPng(1200, 630, post.caption, index + 3),
    })),
  );
}

/** The seed version recorded in the database, 0 when it has never been seeded. */
export async function seedVersion(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const row = await db
    .selectFrom("meta")
    .select("value")
    .where("key", "=", "seed_version")
    .executeTakeFirst();
  return row ? Number(row.value) || 0 : 0;
}

/**
 * Records `SEED_VERSION` and adds the prices in one transaction, unless the database has
 * that version already: answers whether this call did it. Of two processes starting at
 * once on a new database only one wins; the prices never exist without the record nor the
 * record without the prices. A price already there (staff set it before) keeps its amount.
 */
async function claimSeed(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const stamp = now.toISOString();
    const current = await seedVersion(trx);
    if (current >= SEED_VERSION) return false;
    const claim =
      current === 0
        ? await trx
            .insertInto("meta")
            .values({ key: "seed_version", value: String(SEED_VERSION), updated_at: stamp })
            .onConflict((oc) => oc.column("key").doNothing())
            .executeTakeFirst()
        : await trx
            .updateTable("meta")
            .set({ value: String(SEED_VERSION), updated_at: stamp })
            .where("key", "=", "seed_version")
            .where("value", "=", String(current))
            .executeTakeFirst();
    const changed =
      "numInsertedOrUpdatedRows" in claim ? claim.numInsertedOrUpdatedRows : claim.numUpdatedRows;
    if (!changed) return false;
    // One millisecond apart, so that the list keeps the order of decisions.md.
    const prices = samplePrices().map((price, index) => {
      const at = new Date(now.getTime() + index).toISOString();
      return { key: price.key, amount: price.amount, created_at: at, updated_at: at };
    });
    await trx
      .insertInto("prices")
      .values(prices)
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return true;
  });
}

/**
 * Seeds a database that has not been seeded yet (see above); the sample posts only when
 * `sampleContent` is on. Answers whether it seeded.
 */
export async function seedDatabase(deps: {
  db: Kysely<Database>;
  blogs: Pick<BlogService, "create">;
  sampleContent: boolean;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  if (!(await claimSeed(deps.db))) return false;
  if (deps.sampleContent) {
    // After the record: a crash here leaves fewer sample posts, never two of each.
    for (const post of await sampleBlogPosts()) {
      await deps.blogs.create(post.input, post.image);
    }
  }
  deps.log.info(
    "seeded the database with the prices%s",
    deps.sampleContent ? " and sample posts" : "",
  );
  return true;
}
