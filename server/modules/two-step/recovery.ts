import { createHash, randomInt, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { RECOVERY_CODE_COUNT } from "../../../common/schemas/sign-in.ts";
import type { Database } from "../../db/schema.ts";

// Recovery codes (issue 34): ten single-use codes made when an authenticator app is
// confirmed, shown once; the database keeps only the SHA-256 of each (a code has about 49
// random bits and is only tried under the sign-in locks, so a fast hash is enough).

/** Letters and digits without look-alikes (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const HALF = 5;

/** A code as shown: "k7wq3-hm9xd". */
export function makeRecoveryCode(): string {
  const part = () =>
    Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${part()}-${part()}`;
}

/** The code as typed, without case, spaces and hyphens. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");

export function createRecoveryCodes(deps: { db: Kysely<Database>; clock: () => number }) {
  const { db, clock } = deps;
  return {
    /**
     * A fresh set for the admin: the old codes (used or not) are gone. Runs inside the
     * caller's transaction when given one. Answers the codes, which are never stored.
     */
    async replace(adminId: string, trx: Kysely<Database> = db): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, makeRecoveryCode);
      const now = new Date(clock()).toISOString();
      await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
      await trx
        .insertInto("admin_recovery_codes")
        .values(
          codes.map((code) => ({
            id: randomUUID(),
            admin_id: adminId,
            code_hash: hashRecoveryCode(code),
            used_at: null,
            created_at: now,
          })),
        )
        .execute();
      return codes;
    },

    /**
     * Takes one unused code of the admin: one conditional update, so a code works once even
     * when two instances are given it at the same moment.
     */
    async use(adminId: string, code: string): Promise<boolean> {
      if (!normaliseRecoveryCode(code)) return false;
      const result = await db
        .updateTable("admin_recovery_codes")
        .set({ used_at: new Date(clock()).toISOString() })
        .where("admin_id", "=", adminId)
        .where("code_hash", "=", hashRecoveryCode(code))
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    /** How many unused codes the admin has. */
    async left(adminId: string): Promise<number> {
      const row = await db
        .selectFrom("admin_recovery_codes")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("admin_id", "=", adminId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async removeAll(adminId: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom("admin_recovery_codes")
        .where("admin_id", "=", adminId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;
