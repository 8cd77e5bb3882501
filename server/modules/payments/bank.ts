import type { Kysely } from "kysely";
import type { BankDetails } from "../../../common/schemas/payments.ts";
import type { Database } from "../../db/schema.ts";

/** The agency's bank account for transfers (owners set it; invoices and their mails show it). */
export function createBankDetails(db: Kysely<Database>, clock: () => number = Date.now) {
  return {
    async get(): Promise<BankDetails | null> {
      const row = await db
        .selectFrom("payment_settings")
        .selectAll()
        .where("id", "=", "bank")
        .executeTakeFirst();
      return row
        ? {
            bankName: row.bank_name,
            accountName: row.account_name,
            accountNumber: row.account_number,
            note: row.note,
          }
        : null;
    },
    /** Saves them; answers the details before (null the first time). */
    async set(details: BankDetails): Promise<BankDetails | null> {
      const before = await this.get();
      const row = {
        bank_name: details.bankName,
        account_name: details.accountName,
        account_number: details.accountNumber,
        note: details.note,
        updated_at: new Date(clock()).toISOString(),
      };
      await db
        .insertInto("payment_settings")
        .values({ id: "bank", ...row })
        .onConflict((oc) => oc.column("id").doUpdateSet(row))
        .execute();
      return before;
    },
  };
}
export type BankDetailsStore = ReturnType<typeof createBankDetails>;
