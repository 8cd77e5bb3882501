// What the public pages' browser code needs of the consent to the marketing tags (issue 50),
// apart from the tags' registry (common/marketing-tags.ts), which the forms' code does not load.

/** Where the browser keeps the visitor's choice (localStorage: not a cookie). */
export const CONSENT_STORAGE_KEY = "agency-consent";
/** Where the choice is recorded (no personal data: the choice, the tags, the time). */
export const CONSENT_PATH = "/api/consent";
/** The event a lead form dispatches on `window` once an enquiry is sent. */
export const LEAD_EVENT = "agency:lead";

export type ConsentChoice = "accepted" | "declined";
