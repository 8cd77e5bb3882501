import type { Selectable } from "kysely";
import type { NewsletterDeliveriesTable } from "../../db/schema.ts";

// The contract between the newsletter's delivery worker (worker.ts) and what it sends
// (decision 0036): every row of `newsletter_deliveries` is one mail to one address, of a
// kind; the worker asks the kind's renderer for the mail when the row's turn comes.

/** A send's mail to one subscriber. */
export const ISSUE = "issue";
/** The double opt-in link mailed to a new address. */
export const CONFIRM = "confirm";

export type DeliveryRow = Selectable<NewsletterDeliveriesTable>;

/** One mail, ready for the mailer. */
export interface NewsletterMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe; no line breaks in names or values. */
  headers?: Record<string, string>;
}

/**
 * Builds the mail of a row when its turn comes, or answers "gone" when there is nothing to
 * send any more (the subscriber unsubscribed, bounced, confirmed already or was erased; the
 * send's post was deleted): the row is then dropped without a mail. "later" with a time
 * (ISO) puts the row back until then (a scheduled post not yet public).
 */
export type DeliveryRenderer = (
  row: DeliveryRow,
) => Promise<NewsletterMail | "gone" | { later: string }>;
