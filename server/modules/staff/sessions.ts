import type { Kysely, Selectable } from "kysely";
import type { AdminsTable, Database } from "../../db/schema.ts";
import type { Notifier } from "../../mail/notifier.ts";
import type { TokenClaims, TokenSigner } from "./tokens.ts";
import type { SignInContext, SignInMethod } from "./types.ts";

// CONTRACT STUB (issue 34): the sessions helper replaces the body of this file. Every
// sign-in of any kind ends in `start`, and every authenticated request passes `isLive`.

export type AdminRow = Selectable<AdminsTable>;

export interface SessionStoreDeps {
  db: Kysely<Database>;
  tokens: TokenSigner;
  notifier: Notifier;
  clock?: () => number;
}

export function createSessionStore(deps: SessionStoreDeps) {
  const { tokens, clock = Date.now } = deps;
  return {
    /**
     * Records a new session of the admin (browser, system, network from `context`), mails
     * the person when the device is new to the account, and answers the session's token.
     */
    async start(admin: AdminRow, _context: SignInContext, _method: SignInMethod): Promise<string> {
      return tokens.sign(
        { adminId: admin.id, email: admin.email, sessionVersion: admin.session_version },
        clock(),
      );
    },
    /** Whether the token's session is still there; notes it as seen (at most once a minute). */
    async isLive(_claims: TokenClaims): Promise<boolean> {
      return true;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
