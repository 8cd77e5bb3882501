import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { messages } from "../../../common/messages.ts";
import type { Database } from "../../db/schema.ts";
import { TooManyRequests, Unauthorized } from "../../errors.ts";
import type { AdminService } from "../admins/service.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import type { TokenSigner } from "./tokens.ts";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;

export function createAuthService(
  db: Kysely<Database>,
  admins: AdminService,
  tokens: TokenSigner,
  clock: () => number = Date.now,
) {
  async function recentFailures(email: string, ip: string, now: number): Promise<string[]> {
    const rows = await db
      .selectFrom("login_attempts")
      .select("attempted_at")
      .where("email", "=", email)
      .where("ip", "=", ip)
      .where("attempted_at", ">", new Date(now - LOGIN_WINDOW_MS).toISOString())
      .orderBy("attempted_at", "desc")
      .limit(MAX_FAILED_LOGINS)
      .execute();
    return rows.map((row) => row.attempted_at);
  }

  return {
    /**
     * Checks the credentials and answers a token. Five failures for one e-mail from
     * one IP within 15 minutes lock that pair out (429) until the oldest of them ages
     * out of the window, even for the right password.
     */
    async login(email: string, password: string, ip: string): Promise<string> {
      const now = clock();
      const failures = await recentFailures(email, ip, now);
      if (failures.length >= MAX_FAILED_LOGINS) {
        const oldest = Date.parse(failures[failures.length - 1]!);
        const retryAfter = (oldest + LOGIN_WINDOW_MS - now) / 1000;
        const minutes = Math.max(1, Math.ceil(retryAfter / 60));
        throw new TooManyRequests(
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          retryAfter,
        );
      }
      const admin = await admins.repo.findByEmail(email);
      // Verify against a decoy when the e-mail is unknown: both answers take as long.
      const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyHash()));
      if (!admin || !valid) {
        await db
          .insertInto("login_attempts")
          .values({ id: randomUUID(), email, ip, attempted_at: new Date(now).toISOString() })
          .execute();
        throw new Unauthorized(messages.invalidCredentials);
      }
      await db
        .deleteFrom("login_attempts")
        .where((eb) =>
          eb.or([
            eb.and([eb("email", "=", email), eb("ip", "=", ip)]),
            eb("attempted_at", "<", new Date(now - 24 * 3600 * 1000).toISOString()),
          ]),
        )
        .execute();
      return tokens.sign({ adminId: admin.id, email: admin.email }, now);
    },

    /** The admin a bearer token belongs to; the account must still exist. */
    async authenticate(authorization: string | undefined): Promise<{ id: string; email: string }> {
      const match = /^Bearer\s+([A-Za-z0-9\-_.]+)$/.exec(authorization?.trim() ?? "");
      if (!match) throw new Unauthorized();
      const claims = await tokens.verify(match[1]!);
      if (!claims) throw new Unauthorized("Invalid or expired token");
      const admin = await admins.repo.findById(claims.adminId);
      if (!admin) throw new Unauthorized("Invalid or expired token");
      return { id: admin.id, email: admin.email };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
