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
}

/** An invitation withdrawn because its sender lost the authority to grant a role. */
export interface WithdrawnInvitation {
  id: string;
  email: string;
  role: AdminRole;
}

/** An account by its e-mail (the command line) or by its id (the back office). */
export type AccountRef = { email: string } | { id: string };
