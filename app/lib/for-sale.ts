import { saleAmount, saleKey, type ItemType } from "../../common/payments.ts";

/**
 * A content list as a public page sends it (without ids, app/lib/shown-content.ts), each
 * item with `buy`: its checkout key when it is sold online (payments on, one price), so the
 * page can show its "Pay now". Without payments no item has one, and the page is as before.
 */
export function forSale<
  T extends { _id: string; priceKey: string; amount: number | null; upTo: number | null },
>(
  items: readonly T[],
  type: ItemType,
  prices: Readonly<Record<string, number>>,
  enabled: boolean,
): (Omit<T, "_id"> & { buy?: string })[] {
  return items.map(({ _id, ...item }) => {
    const buy =
      enabled && saleAmount(item, prices) !== undefined
        ? saleKey({ _id, priceKey: item.priceKey }, type)
        : undefined;
    return buy ? { ...item, buy } : item;
  });
}
