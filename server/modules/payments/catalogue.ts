import type { SiteContent } from "../../../common/schemas/content.ts";
import type { Price } from "../../../common/schemas/price.ts";
import { saleAmount, saleKey, toKobo, type ItemType } from "../../../common/payments.ts";

/** Something the site sells online, with the price the server charges for it. */
export interface CatalogueItem {
  type: Exclude<ItemType, "invoice">;
  /** What a checkout names it by: a package's price key, else the content item's id. */
  key: string;
  name: string;
  /** Naira, from the Prices screen or the item's own amount; never from a request. */
  amount: number;
  amountKobo: number;
}

/** The content lists whose items can be bought, and what each calls an item's name. */
const LISTS = [
  { list: "packages", type: "package", name: (item: { name: string }) => item.name },
  { list: "offers", type: "offer", name: (item: { name: string }) => item.name },
  { list: "ads-offers", type: "ads-offer", name: (item: { title: string }) => item.title },
  { list: "video-rates", type: "video-rate", name: (item: { title: string }) => item.title },
] as const;

/**
 * The item a checkout names: a package by its price key or id, an offer, ads offer or video
 * rate by its id; undefined when there is none or it has no single price (a range, a price
 * key without a price): those are enquired about, as before.
 */
export function findSaleItem(
  content: Pick<SiteContent, "packages" | "offers" | "ads-offers" | "video-rates">,
  priceList: readonly Price[],
  key: string,
): CatalogueItem | undefined {
  const prices = Object.fromEntries(priceList.map((price) => [price.key, price.amount]));
  for (const { list, type, name } of LISTS) {
    for (const item of content[list] as readonly (SiteContent[typeof list][number] & {
      name?: string;
      title?: string;
    })[]) {
      if (item._id !== key && saleKey(item, type) !== key) continue;
      const amount = saleAmount(item, prices);
      if (amount === undefined) return undefined;
      return {
        type,
        key: saleKey(item, type),
        name: (name as (item: unknown) => string)(item),
        amount,
        amountKobo: toKobo(amount),
      };
    }
  }
  return undefined;
}
