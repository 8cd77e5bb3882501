import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { ConsentChoice } from "../../../common/consent.ts";
import { enabledTags, type MarketingTagIds } from "../../../common/marketing-tags.ts";
import {
  marketingTagsSchema,
  type ConsentSummary,
} from "../../../common/schemas/marketing-tags.ts";
import type { Database } from "../../db/schema.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { ChangeFeed } from "../../lib/changes.ts";

/** The table's one row. */
const ROW = "site";
/** The change feed's topic: every cache of the pages (and their CSP) drops them on it. */
export const MARKETING_TAGS_TOPIC = "marketing-tags";
/** The days the screen's consent summary covers. */
export const CONSENT_SUMMARY_DAYS = 30;

/**
 * The agency's own marketing tags (issue 50, decision 0045): their IDs in one row, read
 * through a cache that the change feed empties (every page and its CSP read them), and the
 * visitors' consent choices, recorded without anything that names them.
 */
export function createMarketingTagsService(deps: {
  db: Kysely<Database>;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  clock?: () => number;
}) {
  const { db, log } = deps;
  const now = () => new Date(deps.clock ? deps.clock() : Date.now());

  async function read(): Promise<MarketingTagIds> {
    const row = await db
      .selectFrom("marketing_tags")
      .select("data")
      .where("id", "=", ROW)
      .executeTakeFirst();
    if (!row) return {};
    const parsed = marketingTagsSchema.safeParse(JSON.parse(row.data));
    if (parsed.success) return parsed.data;
    log.warn("the stored marketing tags do not fit their schema: every tag is off");
    return {};
  }

  const service = {
    /** The IDs that are set (none on a fresh install), from memory until the next write. */
    get: cachedRead(deps.changes, read),

    /** Checks (each ID by its pattern) and stores the IDs; answers them as stored. */
    async save(input: unknown): Promise<{ before: MarketingTagIds; after: MarketingTagIds }> {
      const after = marketingTagsSchema.parse(input);
      const before = await read();
      const data = JSON.stringify(after);
      const at = now().toISOString();
      await db
        .insertInto("marketing_tags")
        .values({ id: ROW, data, updated_at: at })
        .onConflict((conflict) => conflict.column("id").doUpdateSet({ data, updated_at: at }))
        .execute();
      deps.changes.publish(MARKETING_TAGS_TOPIC);
      return { before, after };
    },

    /**
     * Records a visitor's choice with the tags that are on now; none is recorded while no
     * tag is on (there was no notice to answer). Answers whether it was recorded.
     */
    async recordConsent(choice: ConsentChoice): Promise<boolean> {
      const on = enabledTags(await service.get());
      if (on.length === 0) return false;
      await db
        .insertInto("consent_records")
        .values({
          id: randomUUID(),
          choice,
          tags: on.map((tag) => tag.kind).join(","),
          created_at: now().toISOString(),
        })
        .execute();
      return true;
    },

    /** How many visitors accepted and declined in the last CONSENT_SUMMARY_DAYS days. */
    async consentSummary(): Promise<ConsentSummary> {
      const since = new Date(now().getTime() - CONSENT_SUMMARY_DAYS * 86_400_000).toISOString();
      const rows = await db
        .selectFrom("consent_records")
        .select(["choice", (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("created_at", ">=", since)
        .groupBy("choice")
        .execute();
      const count = (choice: ConsentChoice) =>
        Number(rows.find((row) => row.choice === choice)?.count ?? 0);
      return {
        days: CONSENT_SUMMARY_DAYS,
        accepted: count("accepted"),
        declined: count("declined"),
      };
    },
  };
  return service;
}
export type MarketingTagsService = ReturnType<typeof createMarketingTagsService>;
