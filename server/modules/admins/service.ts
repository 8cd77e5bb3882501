import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { EMAIL_PATTERN } from "../../../common/schemas/common.ts";
import { newPasswordSchema } from "../../../common/schemas/auth.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import { hashPassword } from "../auth/password.ts";
import { forgetAccount } from "../accounts/repository.ts";
import { createAdminRepository } from "./repository.ts";
import { isUniqueViolation } from "../../db/errors.ts";

function normalEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(value) || value.length > 254) {
    throw new Invalid(`"${email}" is not a valid e-mail address.`);
  }
  return value;
}

function checkPassword(password: string): void {
  const result = newPasswordSchema.safeParse(password);
  if (!result.success) throw new Invalid(result.error.issues[0]?.message ?? "Bad password.");
}

/** Admin accounts: created by the CLI or the first start, never by self-registration. */
export function createAdminService(db: Kysely<Database>) {
  const repo = createAdminRepository(db);
  return {
    repo,
    count: repo.count,
    list: async () =>
      (await repo.list()).map((row) => ({ email: row.email, createdAt: row.created_at })),
    async create(email: string, password: string): Promise<{ email: string }> {
      const address = normalEmail(email);
      checkPassword(password);
      if (await repo.findByEmail(address))
        throw new Conflict(`An admin ${address} already exists.`);
      const now = new Date().toISOString();
      try {
        await repo.insert({
          id: randomUUID(),
          email: address,
          password_hash: await hashPassword(password),
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        // Created meanwhile by another process (two instances starting on a new database).
        if (isUniqueViolation(error)) throw new Conflict(`An admin ${address} already exists.`);
        throw error;
      }
      return { email: address };
    },
    async resetPassword(email: string, password: string): Promise<void> {
      const address = normalEmail(email);
      checkPassword(password);
      const result = await repo.updatePassword(
        address,
        await hashPassword(password),
        new Date().toISOString(),
      );
      if (Number(result.numUpdatedRows) === 0) throw new NotFound(`No admin ${address}.`);
    },
    /** Sign out everywhere: every token signed before now stops working. */
    async endSessions(email: string): Promise<void> {
      const address = normalEmail(email);
      const result = await repo.endSessions(address, new Date().toISOString());
      if (Number(result.numUpdatedRows) === 0) throw new NotFound(`No admin ${address}.`);
    },
    /**
     * Its tokens die with the row (`authenticate` finds no admin for them); so do the
     * invitations and preview links it handed out.
     */
    async remove(email: string): Promise<void> {
      const address = normalEmail(email);
      await db.transaction().execute(async (trx) => {
        const row = await createAdminRepository(trx).findByEmail(address);
        if (!row) throw new NotFound(`No admin ${address}.`);
        await forgetAccount(trx, row.id);
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
