// The back office's calls about prices, each answer checked with the shared schemas
// (common/schemas/price.ts, and common/schemas/content.ts for where a price is shown).
import { z } from "zod";
import { priceUses, type PriceUse } from "../../../common/content/price-uses.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { offerSchema, packageSchema, rateSchema } from "../../../common/schemas/content.ts";
import { priceSchema, type Price } from "../../../common/schemas/price.ts";
import { api } from "../admin-api.ts";

export type { Price, PriceUse };

const priceList = z.array(priceSchema);

/** GET /api/prices. */
export async function listPrices(): Promise<Price[]> {
  return priceList.parse(await api<unknown>("/prices"));
}

/** POST /api/prices: adds the key or changes its amount; answers the saved price. */
export async function savePrice(key: string, amount: number): Promise<Price> {
  return priceSchema.parse(
    await api<unknown>("/prices", { method: "POST", json: { key, amount } }),
  );
}

/** DELETE /api/prices/{key}. */
export async function deletePrice(key: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/prices/${encodeURIComponent(key)}`, { method: "DELETE" }),
  );
}

// Only the fields `priceUses` reads, with the content types' own field rules: one item the
// site's schemas would refuse for another field does not hide every price's use.
const named = (shape: typeof offerSchema.shape | typeof packageSchema.shape) =>
  z.array(z.object({ name: shape.name, priceKey: shape.priceKey }));
const titled = z.array(
  z.object({ title: rateSchema.shape.title, priceKey: rateSchema.shape.priceKey }),
);
const pricedContentSchema = z.object({
  packages: named(packageSchema.shape),
  offers: named(offerSchema.shape),
  "video-rates": titled,
  "ads-offers": titled,
});

/** What each price key is used for and on which page (GET /api/content); unused keys are absent. */
export async function getPriceUses(): Promise<Map<string, PriceUse[]>> {
  return priceUses(pricedContentSchema.parse(await api<unknown>("/content")));
}
