import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The tokens of a subscriber's links (decision 0036): the subscriber's id and an HMAC of it
// under the site's token secret, so nothing that opens a link is stored in the database.
//
// - unsubscribe: `<id>.<mac("unsubscribe", id)>`, good for as long as the secret;
// - confirm: `<id>.<mac("confirm", id, nonce)>` with the nonce of the subscriber's row
//   (confirm_nonce), which the confirmation clears (single use) and a new mail replaces;
//   the row's confirm_expires_at limits it to CONFIRM_LINK_DAYS.

export type LinkPurpose = "confirm" | "unsubscribe";

const ID = /^[0-9a-f-]{36}$/;

function mac(secret: string, purpose: LinkPurpose, id: string, nonce = ""): string {
  return createHmac("sha256", secret)
    .update(`newsletter:${purpose}:${id}:${nonce}`)
    .digest("base64url")
    .slice(0, 32);
}

/** A fresh nonce for a confirmation link (stored in confirm_nonce). */
export const newConfirmNonce = (): string => randomBytes(16).toString("base64url");

/** The token of a link for `subscriberId` (a confirm link needs the row's nonce). */
export function linkToken(
  secret: string,
  purpose: LinkPurpose,
  subscriberId: string,
  nonce?: string,
): string {
  return `${subscriberId}.${mac(secret, purpose, subscriberId, nonce)}`;
}

/** The subscriber id a token names, when its shape is right (not yet checked). */
export function tokenSubscriberId(token: string): string | undefined {
  const [id, signature, extra] = token.split(".");
  return id && signature && extra === undefined && ID.test(id) ? id : undefined;
}

/** Whether `token` is the link of `purpose` for `subscriberId` (with the row's nonce). */
export function tokenMatches(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  subscriberId: string,
  nonce?: string | null,
): boolean {
  if (purpose === "confirm" && !nonce) return false;
  const expected = Buffer.from(linkToken(secret, purpose, subscriberId, nonce ?? undefined));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Whether a subscriber's confirmation link is live at `now` (ISO): still pending, with a
 * nonce (not used yet) that has not expired. The confirm page and the confirmation mail
 * both ask this.
 */
export function confirmLinkLive<
  T extends { status: string; confirm_nonce: string | null; confirm_expires_at: string | null },
>(
  row: T | undefined,
  now: string,
): row is T & { confirm_nonce: string; confirm_expires_at: string } {
  return (
    row !== undefined &&
    row.status === "pending" &&
    Boolean(row.confirm_nonce) &&
    row.confirm_expires_at !== null &&
    row.confirm_expires_at > now
  );
}
