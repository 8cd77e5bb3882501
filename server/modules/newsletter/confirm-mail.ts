import type { Kysely } from "kysely";
import { CONFIRM_LINK_DAYS, confirmPath } from "../../../common/newsletter.ts";
import type { Database } from "../../db/schema.ts";
import type { DeliveryRenderer, NewsletterMail } from "./delivery.ts";
import { confirmLinkLive, linkToken } from "./links.ts";
import { escapeMarkup } from "../../../common/markup.ts";
import type { MailBrand } from "../../mail/layout.ts";

// The double opt-in mail (decision 0036): a CONFIRM delivery row, written with the sign-up,
// becomes this mail when the newsletter's worker (worker.ts) reaches it. The link is built
// from the row's nonce at that moment; a second sign-up keeps a nonce that still works
// (issue 46), so a mail already on its way carries a link that works too.

export interface ConfirmMailDeps {
  db: Kysely<Database>;
  /** The site's token secret (config.tokenSecret). */
  secret: () => string;
  /** The public origin (PUBLIC_ORIGIN): the link must work from a mail client. */
  origin: string;
  /** The agency's name and colours, from the Site identity screen. */
  identity: { get(): Promise<MailBrand> };
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
}

/** The confirmation mail of `brand` to `to`, with its absolute `link`, in its colours. */
export function confirmMail(brand: MailBrand, to: string, link: string): NewsletterMail {
  const agency = brand.name;
  const primary = escapeMarkup(brand.primaryColour);
  const subject = `Confirm your subscription to ${agency}`;
  const lines = [
    `Someone, hopefully you, asked to receive ${agency}'s newsletter at this address.`,
    "",
    "To confirm, open this link:",
    link,
    "",
    `The link works once and expires in ${CONFIRM_LINK_DAYS} days. If you did not ask for ` +
      "this, ignore this mail: nothing happens and you will not hear from us again.",
    "",
    agency,
  ];
  const a = escapeMarkup(agency);
  const href = escapeMarkup(link);
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1b2333;max-width:560px">',
    `<p>Someone, hopefully you, asked to receive ${a}&#39;s newsletter at this address.</p>`,
    '<p style="margin:24px 0">',
    `<a href="${href}" style="display:inline-block;background:${primary};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Confirm subscription</a>`,
    "</p>",
    `<p style="font-size:14px">Or open this link: <a href="${href}" style="color:${primary}">${href}</a></p>`,
    `<p style="font-size:14px;color:#4b5566">The link works once and expires in ${CONFIRM_LINK_DAYS} days. ` +
      "If you did not ask for this, ignore this mail: nothing happens and you will not hear from us again.</p>",
    `<p>${a}</p>`,
    "</div>",
  ].join("\n");
  return { to, subject, text: lines.join("\n"), html };
}

/**
 * The worker's renderer of CONFIRM rows: "gone" unless the subscriber is still pending with
 * a link that has not expired (it confirmed, unsubscribed, was swept or erased meanwhile).
 */
export function confirmRenderer(deps: ConfirmMailDeps): DeliveryRenderer {
  const clock = deps.clock ?? Date.now;
  return async (row) => {
    const subscriber = await deps.db
      .selectFrom("newsletter_subscribers")
      .select(["id", "email", "status", "confirm_nonce", "confirm_expires_at"])
      .where("id", "=", row.subscriber_id)
      .executeTakeFirst();
    if (!confirmLinkLive(subscriber, new Date(clock()).toISOString())) return "gone";
    const token = linkToken(deps.secret(), "confirm", subscriber.id, subscriber.confirm_nonce);
    return confirmMail(
      await deps.identity.get(),
      subscriber.email,
      `${deps.origin}${confirmPath(token)}`,
    );
  };
}
