import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "../../db/schema.ts";
import { Conflict } from "../../errors.ts";

// The authenticator app (issue 34, RFC 6238): SHA-1, 6 digits, 30-second steps, a code of
// the step before or after accepted too (a phone's clock is seldom exact). A code is taken
// only by one conditional update that moves `last_step` forward, so the same code, or an
// earlier one, is refused at once, on every instance.

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted. */
export const TOTP_WINDOW = 1;

const totpFor = (secret: string, issuer = "", label = "") =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
  });

/** The 30-second step of a 6-digit code valid at `now`, or undefined for a wrong one. */
export function stepOf(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TOTP_PERIOD, timestamp: now }) + delta;
}

export function createTotp(deps: { db: Kysely<Database>; clock: () => number }) {
  const { db, clock } = deps;

  const row = (adminId: string, executor: Kysely<Database> = db) =>
    executor
      .selectFrom("admin_totp")
      .select(["secret", "confirmed_at", "last_step"])
      .where("admin_id", "=", adminId)
      .executeTakeFirst();

  return {
    /** Whether the admin has a confirmed app. */
    async confirmed(adminId: string): Promise<boolean> {
      return Boolean((await row(adminId))?.confirmed_at);
    },

    /**
     * A new secret, not confirmed yet (it replaces one not confirmed); 409 when an app is
     * already confirmed. Answers the secret, its otpauth URL and that URL's QR code (SVG).
     */
    async setup(
      admin: { id: string; email: string },
      issuer: string,
    ): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
      if ((await row(admin.id))?.confirmed_at) {
        throw new Conflict("An authenticator app is already set up. Remove it first.");
      }
      const secret = new Secret({ size: 20 }).base32;
      const values = {
        secret,
        confirmed_at: null,
        last_step: null,
        created_at: new Date(clock()).toISOString(),
      };
      const written = await db
        .insertInto("admin_totp")
        .values({ admin_id: admin.id, ...values })
        .onConflict((oc) =>
          oc.column("admin_id").doUpdateSet(values).where("admin_totp.confirmed_at", "is", null),
        )
        .executeTakeFirst();
      if (Number(written.numInsertedOrUpdatedRows ?? 1) === 0) {
        throw new Conflict("An authenticator app is already set up. Remove it first.");
      }
      const otpauthUrl = totpFor(secret, issuer, admin.email).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 2 });
      return { secret, otpauthUrl, qrSvg };
    },

    /**
     * Confirms the app set up last with one of its codes; inside `trx` when given (the
     * recovery codes are made in the same transaction). False for a wrong code or none set up.
     */
    async confirm(adminId: string, code: string, trx: Kysely<Database> = db): Promise<boolean> {
      const pending = await row(adminId, trx);
      if (!pending || pending.confirmed_at) return false;
      const now = clock();
      const step = stepOf(pending.secret, code, now);
      if (step === undefined) return false;
      const result = await trx
        .updateTable("admin_totp")
        .set({ confirmed_at: new Date(now).toISOString(), last_step: step })
        .where("admin_id", "=", adminId)
        .where("secret", "=", pending.secret)
        .where("confirmed_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Takes a code of the confirmed app: right, within a step of now, and later than the last. */
    async verify(adminId: string, code: string): Promise<boolean> {
      const app = await row(adminId);
      if (!app?.confirmed_at) return false;
      const step = stepOf(app.secret, code, clock());
      if (step === undefined) return false;
      const result = await db
        .updateTable("admin_totp")
        .set({ last_step: step })
        .where("admin_id", "=", adminId)
        .where("confirmed_at", "is not", null)
        .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Removes the app (confirmed or not); answers whether there was a confirmed one. */
    async remove(adminId: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("admin_totp")
        .where("admin_id", "=", adminId)
        .where("confirmed_at", "is not", null)
        .executeTakeFirst();
      await trx.deleteFrom("admin_totp").where("admin_id", "=", adminId).execute();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type TotpStore = ReturnType<typeof createTotp>;
