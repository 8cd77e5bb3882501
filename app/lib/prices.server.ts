import type { SiteServices } from "../../common/load-context.ts";
import { logLoadFailure } from "./load-failure.server.ts";

/**
 * The prices as a key → naira map for the pages. When they cannot be read the map is
 * empty and every price shows "Price on request" (rulings), and the failure is logged.
 */
export async function loadPrices(services: SiteServices): Promise<Record<string, number>> {
  try {
    const list = await services.prices.list();
    return Object.fromEntries(list.map((price) => [price.key, price.amount]));
  } catch (error) {
    logLoadFailure("Could not load prices", error);
    return {};
  }
}
