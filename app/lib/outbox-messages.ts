// What the forms need from the outbox before one is sent, apart from its code (app/lib/outbox.ts
// is loaded after the page's scripts).

/** The event a kept submission fires on `window` once it is sent or refused for good. */
export const OUTBOX_SETTLED_EVENT = "outbox:settled";

export const queuedMessages = {
  enquiry:
    "No connection right now, so we’ve kept your message on this device. It will be sent automatically when your connection is back.",
  newsletter:
    "No connection right now, so we’ve kept your sign-up on this device. It will be sent automatically when your connection is back.",
} as const;
