import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
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

const posts: { title: string; bg: string; caption: string; content: string[] }[] = [
  {
    title: "5 Social Media Habits That Grow Nigerian Small Businesses",
    bg: "#ffffff",
    caption: "Social habits",
    content: [
      "Most small businesses in Lagos, Abuja and Port Harcourt already have an Instagram page. The ones that grow treat it like a shop window that is open every day, not a noticeboard they update when they remember.",
      "# 1. Post on a calendar, not on a mood",
      "A simple weekly calendar of three feed posts and daily stories beats bursts of ten posts followed by silence. Your followers learn when to expect you, and the algorithm rewards consistency.",
      "# 2. Answer every DM within the hour",
      "Customers who ask for a price in the DMs are ready to buy. A quick, friendly answer with the price in naira and a clear next step turns that question into a sale.",
      "# 3. Show the people behind the brand",
      "* Short videos of your team at work",
      "* Customer testimonials in their own words",
      "* Behind-the-scenes clips of orders being packed",
      "# 4. Use local hashtags and keywords",
      "Add the city and the neighbourhood you serve. Someone searching for a cake in Lekki should find you before a bakery in another state.",
      "# 5. Read your numbers once a month",
      "Look at reach, saves, profile visits and messages. Keep what works, drop what does not, and plan next month's posts around the winners.",
    ],
  },
  {
    title: "How Much Should You Spend on Instagram Ads in Naira?",
    bg: "#f5f8ff",
    caption: "Ad budgets",
    content: [
      "The honest answer is: less than you fear to start, and more once you know what works. A test budget lets you learn which audience and which creative bring customers, before you scale.",
      "# Start with a two-week test",
      "Set a daily budget you can keep for fourteen days, split across two or three audiences. Keep the creative the same so you compare audiences, not pictures.",
      "# Watch cost per result, not likes",
      "* Cost per message or cost per lead for service businesses",
      "* Cost per purchase for online shops",
      "* Frequency above 3 means people are tired of the ad",
      "# Scale what wins",
      "When one audience gives you customers at a cost you can afford, raise its budget by about a fifth every few days instead of doubling it overnight.",
    ],
  },
  {
    title: "Branding on a Budget: What to Get Right First",
    bg: "#fff8ec",
    caption: "Brand basics",
    content: [
      "A brand is the promise customers remember. You do not need a big budget to make it clear, but you do need to be consistent.",
      "# A logo that works small",
      "Your logo will live on a phone screen far more than on a billboard. Test it at the size of a profile picture before you print anything.",
      "# Two colours and one typeface",
      "Pick a main colour, an accent colour and one typeface family, and use them everywhere: posts, flyers, invoices and your website.",
      "# A voice people recognise",
      "* Write the way you speak to your best customers",
      "* Keep a short list of words you always use and words you never use",
      "* Reply to comments in the same voice as your posts",
    ],
  },
  {
    title: "Video Content That Sells: A Simple Plan for Busy Owners",
    bg: "#ffffff",
    caption: "Video that sells",
    content: [
      "Short videos are the fastest way to show what you sell and why it is worth the price. A 30-second explainer can answer the questions customers ask in your DMs every day.",
      "# Plan three kinds of video",
      "* A product or service explainer",
      "* A customer story",
      "* A behind-the-scenes clip",
      "# Script before you shoot",
      "Write the first line first: it has about two seconds to stop the scroll. Then say the problem, show the solution and end with one clear call to action.",
      "# Reuse every video",
      "Post the same clip as a reel, a story and a short on other platforms, and pin the best one to the top of your profile.",
    ],
  },
];

/** Four sample posts with generated pictures, so a fresh site looks alive. */
export async function sampleBlogPosts(): Promise<SamplePost[]> {
  return Promise.all(
    posts.map(async (post, index) => ({
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
