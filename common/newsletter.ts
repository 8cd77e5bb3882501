// The newsletter's facts shared by the server, the public forms and the back office (issue
// 32, decision 0036). Free of zod: the public pages import it.

/** A subscriber's status: pending until the address confirms (double opt-in). */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** What the back office calls each status. */
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

/**
 * The wording shown under every newsletter form, and recorded with each sign-up as the
 * consent given (NDPA): change it here and new sign-ups record the new words.
 */
export const NEWSLETTER_CONSENT =
  "By subscribing you agree to get our insights by e-mail. Unsubscribe at any time.";

/** A confirmation link works this long, once. */
export const CONFIRM_LINK_DAYS = 7;
/** Pending addresses that never confirm are removed after this many days. */
export const PENDING_KEEP_DAYS = 30;

/** The sending rate when no owner set one: mails per minute, across every instance. */
export const DEFAULT_RATE_PER_MINUTE = 600;
export const MAX_RATE_PER_MINUTE = 100_000;

/** The public pages of a subscriber's links (a token from server/modules/newsletter/links.ts). */
export const confirmPath = (token: string) => `/newsletter/confirm/${token}`;
export const unsubscribePath = (token: string) => `/newsletter/unsubscribe/${token}`;
/** A sent newsletter in the browser ("view in the browser"). */
export const newsletterWebPath = (sendId: string) => `/newsletter/${sendId}`;

/**
 * Where a test mail may go, and what the screen and the API's 400 say (issue 46): a staff
 * address only, so a test is never a way to mail anything to anyone from the agency.
 */
export const NEWSLETTER_TEST_RECIPIENTS =
  "A test goes to a staff address only: yours or a colleague's.";

/** The largest subscriber import file, and the most rows it may hold (the screen says both). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
