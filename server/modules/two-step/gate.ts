import type { Kysely } from "kysely";
import type { SecondStepChallenge } from "../../../common/schemas/sign-in.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import type { AdminRow } from "../staff/sessions.ts";

// CONTRACT STUB (issue 34): the two-step helper replaces the body of this file.

export interface SecondStepGateDeps {
  db: Kysely<Database>;
  /** Signs and checks the second-step tickets. */
  secret: string;
  changes: ChangeFeed;
  clock?: () => number;
}

export function createSecondStepGate(_deps: SecondStepGateDeps) {
  return {
    /**
     * After a right password: the ticket and the methods when the account has a second
     * step (a confirmed authenticator app or a passkey), else undefined (sign in at once).
     */
    async challengeFor(_admin: AdminRow): Promise<SecondStepChallenge["secondStep"] | undefined> {
      return undefined;
    },
    /**
     * The account a second-step ticket (from a right password) belongs to, or undefined for
     * a bad, foreign or expired one (5 minutes), or one signed before a password change.
     */
    async readTicket(_ticket: string): Promise<{ adminId: string; email: string } | undefined> {
      return undefined;
    },
    /** The owners require a second step and this admin has none. */
    async setupRequired(_adminId: string): Promise<boolean> {
      return false;
    },
  };
}
export type SecondStepGate = ReturnType<typeof createSecondStepGate>;
