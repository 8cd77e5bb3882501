import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { roleOf } from "./types.ts";

// Every single-use link a person of the staff makes for others, in one list (issue 46): a
// link ends with the authority of whoever made it. Removing a person, or making an owner an
// editor, goes through `endLinksMadeBy` (server/modules/staff/service.ts, `remove` and
// `changeRole`, for the back office and the command line alike), which ends every kind
// below whose maker no longer has the role it needs, and answers each ended link for the
// activity log. A new kind of link is a new entry here; tests/api/links-made.test.ts reads
// the database's tables and fails for a link or token column that is neither here nor in
// OTHER_SECRETS.

/**
 * Why a link ends: its maker was removed, or (an owner) made an editor, or made an author
 * (decision 0051: an author keeps only the preview links of their own posts).
 */
export type LostAuthority = "removed" | "editor" | "author";

/** A link that ended with its maker's authority, as the activity log records it. */
export interface EndedLink {
  action: string;
  /** The activity log's type and id of what the link was for. */
  type: string;
  id: string;
  /** What it was (an address, a title), never the link itself. */
  before: Record<string, unknown>;
}

export interface LinkKind {
  /** How the activity log and the docs name it. */
  name: string;
  /** Where such links live, and the columns that hold the secret and who made it. */
  table: keyof Database;
  secretColumn: string;
  madeByColumn: string;
  /** admin_tokens.purpose of the kind, when it is a row there. */
  purpose?: string;
  /**
   * The role the maker must keep: "owner" (only owners make such links: an owner made an
   * editor or an author loses them), or "staff" (anyone signed in makes them: they end on
   * removal, and on becoming an author those an author could not make).
   */
  needs: "owner" | "staff";
  /**
   * Ends the open links of the kind that `adminId` made (with "author", only those an author
   * could not have made); answers them.
   */
  end(trx: Kysely<Database>, adminId: string, lost: LostAuthority): Promise<EndedLink[]>;
}

/**
 * A kind of admin_tokens row (one purpose) made by `created_by`: ended by deleting the open
 * ones, each answered as the activity log's `action` about the account it is for (or the
 * invitation itself). `forOthers`: only the links made for someone else (a person's own
 * forgotten-password link stays theirs).
 */
function tokenKind(kind: {
  name: string;
  purpose: string;
  needs: LinkKind["needs"];
  action: string;
  forOthers?: boolean;
  /** What the log names: the invitation (its own id and role), or the account it is for. */
  names: "invitation" | "account";
}): LinkKind {
  return {
    name: kind.name,
    table: "admin_tokens",
    secretColumn: "token_hash",
    madeByColumn: "created_by",
    purpose: kind.purpose,
    needs: kind.needs,
    async end(trx, adminId) {
      let query = trx
        .deleteFrom("admin_tokens")
        .where("purpose", "=", kind.purpose)
        .where("created_by", "=", adminId)
        .where("used_at", "is", null);
      if (kind.forOthers) {
        query = query.where((eb) =>
          eb.or([eb("admin_id", "is", null), eb("admin_id", "<>", adminId)]),
        );
      }
      const rows = await query.returning(["id", "email", "role", "admin_id"]).execute();
      return rows.map((row) =>
        kind.names === "invitation"
          ? {
              action: kind.action,
              type: "admin",
              id: row.id,
              before: { email: row.email, role: roleOf(row.role ?? "editor") },
            }
          : {
              action: kind.action,
              type: "admin",
              id: row.admin_id ?? adminId,
              before: { email: row.email },
            },
      );
    },
  };
}

export const LINKS_MADE_BY_STAFF: readonly LinkKind[] = [
  tokenKind({
    name: "invitation",
    purpose: "invite",
    needs: "owner",
    action: "invite-withdraw",
    names: "invitation",
  }),
  // An owner's "Password link" for someone else (the Staff screen).
  tokenKind({
    name: "password link",
    purpose: "reset",
    needs: "owner",
    action: "reset-link-withdraw",
    forOthers: true,
    names: "account",
  }),
  // The link that confirms a person's own new e-mail address.
  tokenKind({
    name: "e-mail confirmation link",
    purpose: "email",
    needs: "staff",
    action: "email-link-withdraw",
    names: "account",
  }),
  {
    name: "preview link",
    table: "blogs",
    secretColumn: "preview_token",
    madeByColumn: "preview_by",
    needs: "staff",
    async end(trx, adminId, lost) {
      const rows = await trx
        .updateTable("blogs")
        .set({ preview_token: null, preview_by: null })
        .where("preview_by", "=", adminId)
        // An author keeps the links of their own posts.
        .$if(lost === "author", (query) =>
          query.where((eb) => eb.or([eb("author_id", "is", null), eb("author_id", "<>", adminId)])),
        )
        .returning(["id", "title"])
        .execute();
      return rows.map((row) => ({
        action: "preview-link-withdraw",
        type: "blog",
        id: row.id,
        before: { title: row.title },
      }));
    },
  },
];

/**
 * The secrets of the schema that are no link a person makes for others, and why each is
 * safe when its person goes: "table" or "table.column". The test of every link table reads
 * this beside LINKS_MADE_BY_STAFF.
 */
export const OTHER_SECRETS: Readonly<Record<string, string>> = {
  "admins.password_hash": "the person's own password: goes with the account",
  admin_sign_in_tickets: "a person's own second-step tickets: deleted with the account",
  webauthn_challenges: "a person's own passkey ceremony under way: deleted with the account",
  "admin_totp.secret": "a person's own authenticator app: deleted with the account",
  admin_recovery_codes: "a person's own recovery codes: deleted with the account",
  "newsletter_subscribers.confirm_nonce":
    "the subscriber's own confirmation link, made by their sign-up, not by staff",
  traffic_salts: "the day's salt of the visitor counts: no link, made by nobody",
  import_links:
    "which post or page an item of an old site became (issue 51): no link anyone follows, no secret",
  "invoices.token":
    "the client's link to the agency's invoice (read and pay that one bill): no staff authority, it stays with the invoice whoever sent it",
  "payment_plans.plan_code": "Paystack's code of a package's plan: no link, made by Paystack",
  "subscriptions.plan_code": "Paystack's code of the subscription's plan: no link",
  "subscriptions.customer_code": "Paystack's code of the paying client: no link",
  "subscriptions.subscription_code": "Paystack's code of the subscription: no link",
  "subscriptions.email_token":
    "Paystack's token for the client's own subscription (cancelling through Paystack): made by the client's payment",
  booking_links:
    "the visitor's own links to reschedule or cancel their consultation, made by their booking's mail, not by staff (hashed, once, until the start)",
  "subscriptions.manage_token":
    "the client's own link to manage their subscription, made by their first payment, not by staff",
};

/**
 * Ends, in the caller's transaction, every link `adminId` made whose kind needs what the
 * person has lost: all of them when removed, the owners' kinds when made an editor, those
 * and the preview links of others' posts when made an author. Answers
 * the ended links with the reason, for the activity log.
 */
export async function endLinksMadeBy(
  trx: Kysely<Database>,
  adminId: string,
  lost: LostAuthority,
): Promise<EndedLink[]> {
  const ended: EndedLink[] = [];
  for (const kind of LINKS_MADE_BY_STAFF) {
    if (lost === "editor" && kind.needs !== "owner") continue;
    ended.push(...(await kind.end(trx, adminId, lost)));
  }
  return ended;
}
