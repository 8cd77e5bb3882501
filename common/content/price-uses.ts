// What each price key is used for on the site, for the back office's Prices screen (its own
// module, so the public pages, which read pricing.ts, do not carry it).

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
    add(offer.priceKey, { what: `${offer.title} (ads offer)`, where: "/ads" });
  }
  for (const offer of content.offers) {
    add(offer.priceKey, { what: `${offer.name} (one-time offer)`, where: "/" });
  }
  return uses;
}
