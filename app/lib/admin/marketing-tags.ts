// The back office's calls of the owner's Marketing tags screen (issue 50), each answer
// checked with the shared schemas (common/schemas/marketing-tags.ts).
import { z } from "zod";
import type { MarketingTagIds } from "../../../common/marketing-tags.ts";
import {
  consentSummarySchema,
  marketingTagIdsSchema,
  type ConsentSummary,
} from "../../../common/schemas/marketing-tags.ts";
import { api } from "../admin-api.ts";

export type { ConsentSummary, MarketingTagIds };

const overviewSchema = z.object({ tags: marketingTagIdsSchema, consent: consentSummarySchema });
export type MarketingTagsOverview = z.infer<typeof overviewSchema>;

/** GET /api/marketing-tags: the IDs and the last days' consent choices. */
export async function getMarketingTags(): Promise<MarketingTagsOverview> {
  return overviewSchema.parse(await api<unknown>("/marketing-tags"));
}

/** PUT /api/marketing-tags: answers the IDs as stored. */
export async function saveMarketingTags(tags: MarketingTagIds): Promise<MarketingTagIds> {
  return marketingTagIdsSchema.parse(
    await api<unknown>("/marketing-tags", { method: "PUT", json: tags }),
  );
}
