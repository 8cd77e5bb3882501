// How a content item's price is read (kept free of zod for the browser bundle). An offer, a
// rate or a package shows either its own fixed amount (or range) or the amount of a price
// key from the Prices screen, so a price staff add can be attached to an offer.

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

/** What a price key is used for on the site, in staff's words. */
export interface PriceUse {
  /** "GROW ME package, monthly", "Video Voice Over (video rate)". */
  what: string;
  /** The page that shows it. */
  where: string;
}

interface ContentWithPrices {
  packages: readonly { name: string; priceKey: string }[];
  offers: readonly { name: string; priceKey: string }[];
  "video-rates": readonly { title: string; priceKey: string }[];
  "ads-offers": readonly { title: string; priceKey: string }[];
}

/** Every use of every price key; a key without uses is not shown on the site. */
export function priceUses(content: ContentWithPrices): Map<string, PriceUse[]> {
  const uses = new Map<string, PriceUse[]>();
  const add = (key: string, use: PriceUse) => {
    if (!key) return;
    uses.set(key, [...(uses.get(key) ?? []), use]);
  };
  for (const pack of content.packages) {
    add(pack.priceKey, {
      what: `${pack.name} package, monthly`,
      where: "/social-media-management",
    });
  }
  for (const rate of content["video-rates"]) {
    add(rate.priceKey, { what: `${rate.title} (video rate)`, where: "/video-creation" });
  }
  for (const offer of content["ads-offers"]) {
    add(offer.priceKey, { what: `${offer.title} (ads offer)`, where: "/ads-campaign-management" });
  }
  for (const offer of content.offers) {
    add(offer.priceKey, { what: `${offer.name} (one-time offer)`, where: "/" });
  }
  return uses;
}
