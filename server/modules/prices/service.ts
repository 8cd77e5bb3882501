import type { Kysely } from "kysely";
import type { Price } from "../../../common/schemas/price.ts";
import type { Database } from "../../db/schema.ts";
import { NotFound } from "../../errors.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { createPriceRepository } from "./repository.ts";

export function createPriceService(db: Kysely<Database>, changes?: ChangeFeed) {
  const repo = createPriceRepository(db);
  return {
    async list(): Promise<Price[]> {
      return (await repo.list()).map((row) => ({ key: row.key, amount: Number(row.amount) }));
    },
    /** Sets a price; `previous` is its amount before, undefined when the key is new. */
    async set(
      price: Price,
    ): Promise<{ price: Price; created: boolean; previous: number | undefined }> {
      const previous = await repo.upsert(price.key, price.amount, new Date().toISOString());
      changes?.publish("prices");
      return { price, created: previous === undefined, previous };
    },
    /** Removes a price; answers the amount it had. */
    async remove(key: string): Promise<number> {
      const existing = await repo.find(key);
      if (!existing || (await repo.remove(key)) === 0) {
        throw new NotFound(`No price with key "${key}".`);
      }
      changes?.publish("prices");
      return Number(existing.amount);
    },
  };
}
export type PriceService = ReturnType<typeof createPriceService>;
