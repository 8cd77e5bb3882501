import type { Kysely } from "kysely";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import { signInMessages, type StepUp } from "../../../common/schemas/sign-in.ts";
import type { Database } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../errors.ts";
import type { PasswordHasher } from "../staff/password.ts";
import type { SignInService } from "../staff/sign-in.ts";
import type { TotpStore } from "./totp.ts";

// Asking who is there again (issue 46): a bearer token alone does not add a way in. Adding a
// passkey or an authenticator app, making new recovery codes and removing the app take the
// password again, or (where the account has one) a fresh code of its authenticator app. A
// wrong answer counts as a failed sign-in of the account from that address (the same locks),
// so a stolen token cannot be used to guess the password.

export interface StepUpDeps {
  db: Kysely<Database>;
  passwords: PasswordHasher;
  auth: Pick<SignInService, "checkLocks" | "recordFailure">;
  totp: Pick<TotpStore, "confirmed" | "verify">;
}

export function createStepUp(deps: StepUpDeps) {
  const { db, passwords, auth, totp } = deps;
  return {
    /**
     * Passes when `proof` is the admin's password, or a code of their confirmed app that was
     * not used before; else 400 (wrongCurrentPassword, wrongCode, or stepUpRequired when
     * neither was given), 429 while the account or the address is locked.
     */
    async confirm(
      admin: { id: string; email: string },
      proof: StepUp | null | undefined,
      ip: string,
    ): Promise<void> {
      const password = proof?.currentPassword;
      const code = proof?.code?.replace(/\s/g, "");
      if (!password && !code) throw new Invalid(signInMessages.stepUpRequired);
      await auth.checkLocks(admin.email, ip);
      const row = await db
        .selectFrom("admins")
        .select(["password_hash", "email"])
        .where("id", "=", admin.id)
        .executeTakeFirst();
      if (!row) throw new NotFound("The account no longer exists.");
      if (password) {
        if (await passwords.verify(password, row.password_hash)) return;
        await auth.recordFailure(row.email, ip);
        throw new Invalid(accountMessages.wrongCurrentPassword);
      }
      if (/^\d{6}$/.test(code!) && (await totp.confirmed(admin.id))) {
        if (await totp.verify(admin.id, code!)) return;
      }
      await auth.recordFailure(row.email, ip);
      throw new Invalid(signInMessages.wrongCode);
    },
  };
}
export type StepUpService = ReturnType<typeof createStepUp>;
