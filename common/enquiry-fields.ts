// Constants of the enquiry forms, kept apart from the zod schemas so the browser bundle of
// the public pages can use them without loading zod.

/** The only phone prefix the forms offer. */
export const PHONE_PREFIX = "+234";

/** The name of the hidden field that only robots fill in. */
export const HONEYPOT_FIELD = "faxNumber";

export const ENQUIRY_STATUSES = ["new", "read", "replied", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
