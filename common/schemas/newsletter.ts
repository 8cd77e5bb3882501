import { z } from "zod";
import { emailField, pagingSchema, requiredText, tooLong } from "./common.ts";
import { MAX_RATE_PER_MINUTE, SUBSCRIBER_STATUSES, type SubscriberStatus } from "../newsletter.ts";

// The newsletter's API (issue 32, decision 0036). Constants and labels that the public pages
// need live in common/newsletter.ts, free of zod.

/** Where a sign-up came from: the path of the page whose form was used. */
const sourceField = z
  .string({ error: "Source must be text." })
  .trim()
  .max(200, tooLong("Source", 200))
  .regex(/^\/[^\s]*$/, "Source must be a path of this site, such as /blog.")
  .optional();

export const subscribeSchema = z.object({ email: emailField, source: sourceField });
export type SubscribeInput = z.input<typeof subscribeSchema>;

/**
 * The answer to a sign-up, the same for a new and a known address (decision 0036): the row's
 * id, the address as given, and when the sign-up was taken.
 */
export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  date: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES, {
  error: `Status must be one of ${SUBSCRIBER_STATUSES.join(", ")}.`,
});

/** A subscriber as the back office lists it: status and the consent recorded. */
export const adminSubscriberSchema = subscriberSchema.extend({
  status: subscriberStatusSchema,
  /** When the status last changed. */
  statusAt: z.string(),
  consentAt: z.string().nullable(),
  consentSource: z.string().nullable(),
  consentText: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;
export type { SubscriberStatus };

/** The search of the subscriber list and of its CSV export. */
export const subscriberSearchSchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
  status: subscriberStatusSchema.optional(),
});

/** The subscriber list's search, status filter and paging. */
export const subscriberQuerySchema = subscriberSearchSchema.extend(pagingSchema.shape);
export type SubscriberQuery = z.infer<typeof subscriberQuerySchema>;

/** What a CSV import did: rows added, known addresses left as they were, lines refused. */
export const subscriberImportResultSchema = z.object({
  added: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type SubscriberImportResult = z.infer<typeof subscriberImportResultSchema>;

/** The newsletter's settings and facts for the compose screen. */
export const newsletterSettingsSchema = z.object({
  ratePerMinute: z.number().int(),
  /** Whether sign-ups are confirmed by mail (mail is configured). */
  doubleOptIn: z.boolean(),
  /** Whether newsletters can be sent (mail is configured). */
  canSend: z.boolean(),
  /** Confirmed subscribers: who a send made now would mail. */
  audience: z.number().int(),
});
export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;

export const newsletterSettingsInputSchema = z.object({
  ratePerMinute: z.coerce
    .number({ error: "The rate must be a whole number." })
    .int("The rate must be a whole number.")
    .min(1, "The rate must be at least 1 mail a minute.")
    .max(MAX_RATE_PER_MINUTE, `The rate must be at most ${MAX_RATE_PER_MINUTE} mails a minute.`),
});

const subjectField = requiredText("Subject", 150);
const previewField = z
  .string({ error: "Preview text must be text." })
  .trim()
  .max(200, tooLong("Preview text", 200))
  .optional();
/** A message's body: Markdown in the post format, one block per line. */
const bodyField = requiredText("Body", 100_000);

const messageFields = {
  postId: z.string().trim().min(1).max(100).optional(),
  subject: subjectField.optional(),
  previewText: previewField,
  body: bodyField.optional(),
};
const namesMessage = (input: { postId?: string; subject?: string; body?: string }) =>
  input.postId !== undefined || Boolean(input.subject && input.body);
const namesMessageError = { message: "Name a post, or give a subject and a body." };

/**
 * What to send: a published or scheduled post (`postId`: its title, excerpt and points; a
 * subject and preview text may be given to differ), or a message of its own (subject, body).
 */
export const newsletterMessageSchema = z
  .object(messageFields)
  .refine(namesMessage, namesMessageError);
export type NewsletterMessage = z.infer<typeof newsletterMessageSchema>;

/** A test send: the message, to one address, now; nothing is recorded. */
export const newsletterTestSchema = z
  .object({ to: emailField, ...messageFields })
  .refine(namesMessage, namesMessageError);

export const newsletterSendStateSchema = z.enum(["sending", "done"]);

/** A send and how far it got. */
export const newsletterSendSchema = z.object({
  _id: z.string(),
  postId: z.string().nullable(),
  subject: z.string(),
  previewText: z.string(),
  state: newsletterSendStateSchema,
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
  /** When its mails may go (a scheduled post's publication time). */
  dueAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type NewsletterSend = z.infer<typeof newsletterSendSchema>;

/** POST /api/admin/newsletter/sends answers 202 with the send's id. */
export const newsletterSendCreatedSchema = z.object({ _id: z.string() });

/** The rendered mail, for the back office's preview. */
export const newsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
