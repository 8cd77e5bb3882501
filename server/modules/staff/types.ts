import type { AdminRole, StaffMember } from "../../../common/schemas/accounts.ts";

/**
 * The staff accounts' own types. The HTTP layer (server/api-types.ts, the routes) imports
 * these; nothing here imports the HTTP layer.
 */
export type { AdminRole, StaffMember };

/** The admin a request or a command acts as. */
export interface SignedInAdmin {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  /** The session of the request's token (absent for the command line). */
  sessionId?: string;
  /**
   * The owners require a second step and this admin has none: every route but the few
   * marked `duringSetup` answers 403 (issue 34).
   */
  setupRequired?: boolean;
}

/** Where a sign-in comes from: it names the session on the Devices list. */
export interface SignInContext {
  ip: string;
  /** The User-Agent header, "" when none. */
  userAgent: string;
}

/** How a session signed in (admin_sessions.method). */
export type SignInMethod =
  | "password"
  | "password+totp"
  | "password+recovery"
  | "password+passkey"
  | "passkey"
  /** A new password by link, an accepted invitation, a changed password. */
  | "link";

/** An invitation withdrawn because its sender lost the authority to grant a role. */
export interface WithdrawnInvitation {
  id: string;
  email: string;
  role: AdminRole;
}

/** An account by its e-mail (the command line) or by its id (the back office). */
export type AccountRef = { email: string } | { id: string };

/** A stored role as the API answers it (an unknown one, as before the roles, is an owner). */
export const roleOf = (role: string): AdminRole =>
  role === "editor" || role === "author" ? role : "owner";
