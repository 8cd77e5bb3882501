import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import {
  SECOND_STEP_TICKET_MINUTES,
  type SecondStepChallenge,
  type SecondStepMethod,
} from "../../../common/schemas/sign-in.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import type { AdminRow } from "../staff/sessions.ts";
import { createRecoveryCodes } from "./recovery.ts";
import { createAuthSettings } from "./settings.ts";
import { createTotp } from "./totp.ts";

// The second step of signing in (issue 34): after a right password, an account with an
// authenticator app or a passkey gets a ticket instead of a token; the ticket and a code (or
// a passkey) make the token. The owners may require a second step for everyone.

export interface SecondStepGateDeps {
  db: Kysely<Database>;
  /** Signs and checks the second-step tickets. */
  secret: string;
  changes: ChangeFeed;
  clock?: () => number;
}

const PURPOSE = "second-step";

export function createSecondStepGate(deps: SecondStepGateDeps) {
  const { db, changes } = deps;
  const clock = deps.clock ?? Date.now;
  // A key of its own, derived from the token secret: a ticket is never a session token,
  // and a session token is never a ticket.
  const key = createHmac("sha256", deps.secret).update("second-step-ticket").digest();
  const settings = createAuthSettings({ db, changes, clock });
  const totp = createTotp({ db, clock });
  const recovery = createRecoveryCodes({ db, clock });

  const hasPasskey = async (adminId: string) =>
    Boolean(
      await db
        .selectFrom("admin_passkeys")
        .select("id")
        .where("admin_id", "=", adminId)
        .limit(1)
        .executeTakeFirst(),
    );

  /** The ways the admin can give a second step now; empty when they have none. */
  async function methodsOf(adminId: string): Promise<SecondStepMethod[]> {
    const methods: SecondStepMethod[] = [];
    if (await totp.confirmed(adminId)) {
      methods.push("totp");
      if ((await recovery.left(adminId)) > 0) methods.push("recovery");
    }
    if (await hasPasskey(adminId)) methods.push("passkey");
    return methods;
  }

  return {
    settings,
    totp,
    recovery,
    methodsOf,
    /** Whether the admin has a second step of their own (a confirmed app or a passkey). */
    async hasSecondStep(adminId: string): Promise<boolean> {
      return (await totp.confirmed(adminId)) || (await hasPasskey(adminId));
    },

    /**
     * After a right password: the ticket and the methods when the account has a second
     * step (a confirmed authenticator app or a passkey), else undefined (sign in at once).
     */
    async challengeFor(admin: AdminRow): Promise<SecondStepChallenge["secondStep"] | undefined> {
      const methods = await methodsOf(admin.id);
      if (methods.length === 0) return undefined;
      const now = Math.floor(clock() / 1000);
      const ticket = await new SignJWT({ purpose: PURPOSE, ver: admin.session_version })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(admin.id)
        .setIssuedAt(now)
        .setExpirationTime(now + SECOND_STEP_TICKET_MINUTES * 60)
        .sign(key);
      return { ticket, methods };
    },

    /**
     * The account a second-step ticket (from a right password) belongs to, or undefined for
     * a bad, foreign or expired one (5 minutes), or one signed before a password change.
     */
    async readTicket(ticket: string): Promise<{ adminId: string; email: string } | undefined> {
      let claims;
      try {
        ({ payload: claims } = await jwtVerify(ticket, key, {
          algorithms: ["HS256"],
          requiredClaims: ["exp", "iat", "sub"],
          currentDate: new Date(clock()),
        }));
      } catch {
        return undefined;
      }
      if (claims.purpose !== PURPOSE || typeof claims.sub !== "string") return undefined;
      if (typeof claims.ver !== "number") return undefined;
      const admin = await db
        .selectFrom("admins")
        .select(["id", "email", "session_version"])
        .where("id", "=", claims.sub)
        .executeTakeFirst();
      if (!admin || admin.session_version !== claims.ver) return undefined;
      return { adminId: admin.id, email: admin.email };
    },

    /**
     * The owners require a second step and this admin has none. Runs on every signed-in
     * request: while the requirement is off (the usual case) it costs no query.
     */
    async setupRequired(adminId: string): Promise<boolean> {
      if (!(await settings.read()).requireSecondStep) return false;
      return !((await totp.confirmed(adminId)) || (await hasPasskey(adminId)));
    },
  };
}
export type SecondStepGate = ReturnType<typeof createSecondStepGate>;
