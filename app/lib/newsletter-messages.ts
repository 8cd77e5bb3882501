/**
 * What the newsletter's forms and link pages say (decision 0036). No text tells whether an
 * address was on the list: a sign-up answers the same for a new and a known address, and a
 * link page the same for every link that does not work.
 */
export const newsletterMessages = {
  /** After a sign-up without mail configured (201): the address is on the list. */
  subscribed: "Thank you for subscribing! Look out for our insights in your inbox.",
  /** After a sign-up with mail configured (202): a confirmation link is on its way. */
  checkInbox: "Almost there! Check your inbox and confirm your subscription.",
  confirmHeading: "Confirm your subscription",
  confirmText: "Press the button below to start receiving our insights by e-mail.",
  confirmButton: "Confirm subscription",
  confirmed: "You’re subscribed. Thank you!",
  /** A bad, used or expired confirmation link: one text for all three. */
  confirmLinkGone: "This link has expired or was already used. Sign up again to get a new one.",
  unsubscribeHeading: "Unsubscribe from our newsletter",
  unsubscribeText: "Press the button below and we will stop sending you our newsletter.",
  unsubscribeButton: "Unsubscribe",
  unsubscribed: "You’re unsubscribed. You won’t get our newsletter any more.",
  unsubscribeLinkInvalid: "This unsubscribe link is not valid.",
} as const;

/** The form's message after a sign-up, from the answer's status (202: confirm by mail). */
export const signupMessage = (status: number): string =>
  status === 202 ? newsletterMessages.checkInbox : newsletterMessages.subscribed;
