import { z } from "zod";
import { emailField, requiredText, tooLong } from "./common.ts";

/** Whether the site can send mail, read from the settings (never the SMTP password). */
export const mailStatusSchema = z.object({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().nullable(),
  /** smtps:// (TLS from the start) rather than smtp:// (STARTTLS when offered). */
  secure: z.boolean(),
  /** MAIL_FROM: the sender of every mail. */
  from: z.string(),
  /** NOTIFY_TO: where the enquiries are mailed; null when not set. */
  notifyTo: z.string().nullable(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;

/**
 * What a queued mail is: the enquiry to the agency, the auto-reply to the visitor, or an
 * owner's weekly traffic report.
 */
export const mailKindLabels = {
  enquiry_received: "Enquiry notification",
  enquiry_auto_reply: "Auto-reply to the visitor",
  traffic_report: "Weekly traffic report",
} as const;

/** A queued mail the outbox could not send (still retrying, or given up). */
export const mailFailureSchema = z.object({
  id: z.string(),
  /** enquiry_received, enquiry_auto_reply or traffic_report. */
  kind: z.string(),
  /** What it is about: the enquiry's id, or "<admin id>/<monday>" for a weekly report. */
  enquiryId: z.string(),
  /** The address it goes to (null when the enquiry or the owner is gone). */
  to: z.string().nullable(),
  /** When it was queued. */
  createdAt: z.string(),
  attempts: z.number(),
  /** When it is tried again; null when given up. */
  nextAttemptAt: z.string().nullable(),
  givenUpAt: z.string().nullable(),
  error: z.string(),
});
export type MailFailure = z.infer<typeof mailFailureSchema>;

export const AUTO_REPLY_SUBJECT_MAX = 200;
export const AUTO_REPLY_TEXT_MAX = 5000;

/** The mail a visitor gets after an enquiry, when an owner switched it on. */
export const autoReplySchema = z.object({
  enabled: z.boolean({ error: "Say whether the auto-reply is on." }),
  subject: requiredText("The subject", AUTO_REPLY_SUBJECT_MAX).refine(
    (value) => !/[\r\n]/.test(value),
    "The subject must be one line.",
  ),
  text: requiredText("The text", AUTO_REPLY_TEXT_MAX),
});
export type AutoReply = z.infer<typeof autoReplySchema>;

/** Where `{name}` stands in the subject or the text, the visitor's name goes. */
export const AUTO_REPLY_NAME = "{name}";
/** What `{name}` becomes when the visitor gave no plain name (a link, digits, a sentence). */
export const NAME_LEFT_OUT = "there";

/**
 * How often one address may get a mail a visitor can make the site send (a newsletter
 * confirmation, an auto-reply; issue 46): one every `gapMinutes`, `perDay` in 24 hours.
 */
export const VISITOR_MAIL_LIMIT = { gapMinutes: 10, perDay: 3 } as const;

/**
 * The auto-reply of a new install: off, with a text an owner can keep or change, naming the
 * agency as the stored identity names it (`agency`, the Site identity screen's name).
 */
export const defaultAutoReply = (agency: string): AutoReply => ({
  enabled: false,
  subject: `Thank you for contacting ${agency}`,
  text: [
    `Hello ${AUTO_REPLY_NAME},`,
    "",
    `Thank you for your enquiry. We have received it and will get back to you as soon as we can.`,
    "",
    agency,
  ].join("\n"),
});

/** How the connection to the mail server is protected. */
export const SMTP_SECURITY = ["none", "starttls", "tls"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const smtpSecurityLabels: Record<SmtpSecurity, string> = {
  none: "None (plain text)",
  starttls: "STARTTLS (usually port 587)",
  tls: "TLS from the start (usually port 465)",
};

/**
 * A mail server's host name: dot-separated labels of letters, digits and inner hyphens
 * (each at most 63), or an IPv4 address. Nothing else (no scheme, port, path or space).
 */
export const SMTP_HOST_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const SMTP_USER_MAX = 254;
export const SMTP_PASSWORD_MAX = 500;

/**
 * What an owner saves on the Mail screen. `password` is write-only: left out, the stored one
 * stays; "" removes it. `notifyTo` "" (or null) means enquiries are not mailed.
 */
export const smtpSettingsInputSchema = z.object({
  host: z
    .string({ error: "Enter the mail server's host name." })
    .trim()
    .toLowerCase()
    .min(1, "Enter the mail server's host name.")
    .regex(
      SMTP_HOST_PATTERN,
      "Enter a host name such as smtp.example.com, without smtp:// or a port.",
    ),
  port: z.coerce
    .number({ error: "The port is a whole number from 1 to 65535." })
    .int("The port is a whole number from 1 to 65535.")
    .min(1, "The port is a whole number from 1 to 65535.")
    .max(65535, "The port is a whole number from 1 to 65535."),
  security: z.enum(SMTP_SECURITY, { error: "Choose none, STARTTLS or TLS." }),
  user: z
    .string({ error: "The user name must be text." })
    .trim()
    .max(SMTP_USER_MAX, tooLong("The user name", SMTP_USER_MAX))
    .refine((value) => !/[\r\n]/.test(value), "The user name must be one line.")
    .default(""),
  password: z
    .string({ error: "The password must be text." })
    .max(SMTP_PASSWORD_MAX, tooLong("The password", SMTP_PASSWORD_MAX))
    .refine((value) => !/[\r\n]/.test(value), "The password must be one line.")
    .optional(),
  from: emailField,
  notifyTo: z.union([z.literal("").transform(() => null), z.null(), emailField]).default(null),
});
export type SmtpSettingsInput = z.input<typeof smtpSettingsInputSchema>;
export type SmtpSettings = z.output<typeof smtpSettingsInputSchema>;

/**
 * Where the mail server comes from: SMTP_URL in the environment (it wins, the fields are
 * read-only), the Mail screen, or nowhere (mail is off).
 */
export const MAIL_SOURCES = ["environment", "back-office", "none"] as const;

/** The mail server's settings as the API answers them: never the password, only whether one is kept. */
export const smtpSettingsViewSchema = z.object({
  source: z.enum(MAIL_SOURCES),
  host: z.string().nullable(),
  port: z.number().nullable(),
  security: z.enum(SMTP_SECURITY).nullable(),
  user: z.string(),
  passwordSet: z.boolean(),
  from: z.string(),
  notifyTo: z.string().nullable(),
  /** When an owner last saved them; null for the environment's. */
  updatedAt: z.string().nullable(),
});
export type SmtpSettingsView = z.infer<typeof smtpSettingsViewSchema>;

export const mailOverviewSchema = z.object({
  status: mailStatusSchema,
  settings: smtpSettingsViewSchema,
  autoReply: autoReplySchema,
  failures: z.array(mailFailureSchema),
});
export type MailOverview = z.infer<typeof mailOverviewSchema>;

export const testMailInputSchema = z.object({ to: emailField });

/** Whether the mail server took the test message, and its error when not. */
export const testMailResultSchema = z.object({
  accepted: z.boolean(),
  error: z.string().nullable(),
  /** The mail server's own answer: its SMTP reply line (accepted or refused), else null. */
  response: z.string().nullable(),
});
export type TestMailResult = z.infer<typeof testMailResultSchema>;
