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
    /** Sets a price; `created` tells whether the key is new. */
    async set(price: Price): Promise<{ price: Price; created: boolean }> {
      const created = await repo.upsert(price.key, price.amount, new Date().toISOString());
      changes?.publish("prices");
      return { price, created };
    },
    async remove(key: string): Promise<void> {
      if ((await repo.remove(key)) === 0) throw new NotFound(`No price with key "${key}".`);
      changes?.publish("prices");
    },
  };
}
export type PriceService = ReturnType<typeof createPriceService>;
