import type { Kysely } from "kysely";
import type { Price } from "../../../common/schemas/price.ts";
import type { Database } from "../../db/schema.ts";
import { NotFound } from "../../errors.ts";
import { createPriceRepository } from "./repository.ts";

export function createPriceService(db: Kysely<Database>) {
  const repo = createPriceRepository(db);
  return {
    async list(): Promise<Price[]> {
      return (await repo.list()).map((row) => ({ key: row.key, amount: Number(row.amount) }));
    },
    /** Sets a price; `created` tells whether the key is new. */
    async set(price: Price): Promise<{ price: Price; created: boolean }> {
      const created = await repo.upsert(price.key, price.amount, new Date().toISOString());
      return { price, created };
    },
    async remove(key: string): Promise<void> {
      if ((await repo.remove(key)) === 0) throw new NotFound(`No price with key "${key}".`);
    },
  };
}
export type PriceService = ReturnType<typeof createPriceService>;
