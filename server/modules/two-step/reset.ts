import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { NotFound } from "../../errors.ts";
import type { AuditActor } from "../audit/service.ts";

/** Who the activity log names for what the command line does. */
export const COMMAND_LINE_ACTOR: AuditActor = { id: "cli", email: "command line" };

export interface SecondStepRemoved {
  id: string;
  email: string;
  /** Whether a (confirmed) authenticator app was removed. */
  app: boolean;
  recoveryCodes: number;
  passkeys: number;
}

/**
 * Removes every second step of an account (`npm run admin -- reset-2fa`): the authenticator
 * app, its recovery codes and the passkeys, in one transaction, for a person who lost them.
 * 404 when there is no such account.
 */
export async function resetSecondStep(
  db: Kysely<Database>,
  email: string,
): Promise<SecondStepRemoved> {
  const address = email.trim().toLowerCase();
  const admin = await db
    .selectFrom("admins")
    .select(["id", "email"])
    .where("email", "=", address)
    .executeTakeFirst();
  if (!admin) throw new NotFound(`No admin ${address}.`);
  return db.transaction().execute(async (trx) => {
    const app = await trx
      .deleteFrom("admin_totp")
      .where("admin_id", "=", admin.id)
      .returning("confirmed_at")
      .execute();
    const codes = await trx
      .deleteFrom("admin_recovery_codes")
      .where("admin_id", "=", admin.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", admin.id).execute();
    const passkeys = await trx
      .deleteFrom("admin_passkeys")
      .where("admin_id", "=", admin.id)
      .executeTakeFirst();
    return {
      id: admin.id,
      email: admin.email,
      app: app.some((row) => row.confirmed_at !== null),
      recoveryCodes: Number(codes.numDeletedRows),
      passkeys: Number(passkeys.numDeletedRows),
    };
  });
}
