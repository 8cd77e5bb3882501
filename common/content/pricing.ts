// How a content item's price is read (kept free of zod for the browser bundle). An offer, a
// rate or a package shows either its own fixed amount (or range) or the amount of a price
// key from the Prices screen, so a price staff add can be attached to an offer. What each key
// is used for (the Prices screen) is in price-uses.ts, out of the public pages' bundle.

export interface PricedItem {
  priceKey: string;
  amount: number | null;
  upTo: number | null;
}

/** The amount to show (undefined: "Price on request") and the top of a range. */
export function amountOf(
  item: PricedItem,
  prices: Readonly<Record<string, number>>,
): { amount: number | undefined; upTo: number | null } {
  const amount = item.priceKey ? prices[item.priceKey] : (item.amount ?? undefined);
  return { amount, upTo: item.upTo };
}
