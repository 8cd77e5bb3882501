import { amountOf, type PricedItem } from "../../../common/content/pricing.ts";
import { naira } from "../../../common/format.ts";

/**
 * The price of an offer or a rate as the site shows it: "N30,000", a range
 * "N100,000-N300,000", or "Price on request" when its price key has no price.
 */
export function priceText(item: PricedItem, prices: Readonly<Record<string, number>>): string {
  const { amount, upTo } = amountOf(item, prices);
  if (amount === undefined || upTo === null) return naira(amount);
  return `${naira(amount)}-${naira(upTo)}`;
}
