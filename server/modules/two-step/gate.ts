import { createHmac, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import {
  signInMessages,
  SECOND_STEP_TICKET_MINUTES,
  type SecondStepChallenge,
  type SecondStepMethod,
} from "../../../common/schemas/sign-in.ts";
import type { Database } from "../../db/schema.ts";
import { Invalid } from "../../errors.ts";
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

/** Whose a second-step ticket is, and its id (the row that makes it single-use). */
export interface TicketAccount {
  adminId: string;
  email: string;
  ticketId: string;
}

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

  /**
   * What a ticket is: its account, "used" (well signed, in its 5 minutes, but taken), or
   * "bad" (forged, foreign, expired, or signed before a password change).
   */
  async function ticketState(ticket: string): Promise<TicketAccount | "used" | "bad"> {
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(ticket, key, {
        algorithms: ["HS256"],
        requiredClaims: ["exp", "iat", "sub", "jti"],
        currentDate: new Date(clock()),
      }));
    } catch {
      return "bad";
    }
    if (claims.purpose !== PURPOSE || typeof claims.sub !== "string") return "bad";
    if (typeof claims.ver !== "number" || typeof claims.jti !== "string") return "bad";
    const admin = await db
      .selectFrom("admins")
      .select(["id", "email", "session_version"])
      .where("id", "=", claims.sub)
      .executeTakeFirst();
    if (!admin || admin.session_version !== claims.ver) return "bad";
    const open = await db
      .selectFrom("admin_sign_in_tickets")
      .select("id")
      .where("id", "=", claims.jti)
      .where("admin_id", "=", admin.id)
      .where("expires_at", ">", new Date(clock()).toISOString())
      .executeTakeFirst();
    if (!open) return "used";
    return { adminId: admin.id, email: admin.email, ticketId: claims.jti };
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
     * After a right password (or a new one set by link): the ticket and the methods when the
     * account has a second step (a confirmed authenticator app or a passkey), else undefined
     * (sign in at once). The ticket is a row of admin_sign_in_tickets until it is taken.
     */
    async challengeFor(admin: AdminRow): Promise<SecondStepChallenge["secondStep"] | undefined> {
      const methods = await methodsOf(admin.id);
      if (methods.length === 0) return undefined;
      const nowMs = clock();
      const now = Math.floor(nowMs / 1000);
      const id = randomUUID();
      const expiresAt = (now + SECOND_STEP_TICKET_MINUTES * 60) * 1000;
      // Tickets past their 5 minutes count for nothing: an indexed delete.
      await db
        .deleteFrom("admin_sign_in_tickets")
        .where("expires_at", "<=", new Date(nowMs).toISOString())
        .execute();
      await db
        .insertInto("admin_sign_in_tickets")
        .values({
          id,
          admin_id: admin.id,
          created_at: new Date(nowMs).toISOString(),
          expires_at: new Date(expiresAt).toISOString(),
        })
        .execute();
      const ticket = await new SignJWT({ purpose: PURPOSE, ver: admin.session_version })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(admin.id)
        .setJti(id)
        .setIssuedAt(now)
        .setExpirationTime(now + SECOND_STEP_TICKET_MINUTES * 60)
        .sign(key);
      return { ticket, methods };
    },

    /**
     * Takes a ticket for its one use, once its second step has passed: one conditional
     * delete that a single caller wins, on any instance. False when it was taken already
     * (or is unknown or expired): the sign-in is then refused.
     */
    async takeTicket(ticket: { ticketId: string; adminId: string }): Promise<boolean> {
      const taken = await db
        .deleteFrom("admin_sign_in_tickets")
        .where("id", "=", ticket.ticketId)
        .where("admin_id", "=", ticket.adminId)
        .where("expires_at", ">", new Date(clock()).toISOString())
        .executeTakeFirst();
      return Number(taken.numDeletedRows) === 1;
    },

    /**
     * The account a second-step ticket (from a right password) belongs to, or undefined for
     * a bad, foreign or expired one (5 minutes), one already used, or one signed before a
     * password change.
     */
    async readTicket(ticket: string): Promise<TicketAccount | undefined> {
      const state = await ticketState(ticket);
      return typeof state === "string" ? undefined : state;
    },

    /**
     * The account of a ticket sent with a second step; 400 saying why when there is none:
     * too old or bad (ticketExpired), or used already (ticketUsed).
     */
    async accountOfTicket(ticket: string): Promise<TicketAccount> {
      const state = await ticketState(ticket);
      if (state === "used") throw new Invalid(signInMessages.ticketUsed);
      if (state === "bad") throw new Invalid(signInMessages.ticketExpired);
      return state;
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
