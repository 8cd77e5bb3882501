import { z } from "zod";
import { messages } from "../messages.ts";
import { emailField, optionalText, pagingSchema, requiredText, tooLong } from "./common.ts";
import {
  ENQUIRY_FIELDS,
  ENQUIRY_STATUSES,
  HONEYPOT_FIELD,
  PHONE_PREFIX,
  type EnquiryField,
  type EnquiryInputRule,
} from "../enquiry-fields.ts";
import { HOST_PATTERN } from "../lead-source.ts";
import { sitePath } from "../site-path.ts";

export { ENQUIRY_FIELDS, ENQUIRY_STATUSES, HONEYPOT_FIELD, PHONE_PREFIX };
export type { EnquiryStatus } from "../enquiry-fields.ts";

/**
 * Brings a Nigerian number to one stored form: "+234" and the national number
 * without its trunk 0. "0803 123 4567", "803-123-4567", "+2348031234567" and
 * "2348031234567" all become "+2348031234567". Returns undefined for blank input and for the
 * prefix alone.
 */
export function normalizePhone(raw: string): string | undefined {
  const compact = raw.replace(/[\s\-().]/g, "");
  // The prefix alone is what a form with the fixed "+234" sends for a blank number.
  if (compact === "" || compact === PHONE_PREFIX) return undefined;
  let national = compact;
  if (national.startsWith("+234")) national = national.slice(4);
  else if (national.startsWith("234") && national.length > 10) national = national.slice(3);
  national = national.replace(/^0+/, "");
  return PHONE_PREFIX + national;
}

const INVALID_PHONE = "Please enter a valid phone number.";

/**
 * Optional; what the visitor types after the fixed +234 prefix. Stored as "+234" and
 * 1 to 12 digits (the spec checks the phone no further), so a number with letters or
 * another country code is refused.
 */
const phoneField = z
  .string({ error: "Phone number must be text." })
  .trim()
  .max(24, tooLong("Phone number", 24))
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === undefined) return undefined;
    if (/^\+234\d{1,12}$/.test(phone)) return phone;
    ctx.addIssue({ code: "custom", message: INVALID_PHONE });
    return z.NEVER;
  })
  .optional();

/** True for a real calendar day written yyyy-mm-dd ("2026-02-30" is not one). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** yyyy-mm-dd, as a date input sends it. */
const dateField = z
  .string({ error: "Date must be text." })
  .trim()
  .refine((value) => value === "" || isCalendarDay(value), {
    message: "Please enter a valid date.",
  })
  .optional()
  .transform((value) => (value ? value : undefined));

/** The ticked options: blank entries are no choice and a repeated one counts once. */
const optionsField = z
  .array(
    z.string({ error: "Each option must be text." }).trim().max(120, tooLong("An option", 120)),
    { error: "Options must be a list." },
  )
  .max(20, "Please choose at most 20 options.")
  .transform((list) => [...new Set(list.filter((option) => option !== ""))])
  .optional();

/** The zod of one rule of the field registry (common/enquiry-fields.ts). */
function ruleSchema(rule: EnquiryInputRule) {
  switch (rule.kind) {
    case "text":
      return rule.required
        ? requiredText(rule.label, rule.max)
        : optionalText(rule.label, rule.max);
    case "email":
      return emailField;
    case "phone":
      return phoneField;
    case "options":
      return optionsField;
    case "day":
      return dateField;
    case "path":
      return optionalText(rule.label, rule.max).refine(
        // A path a browser would follow to another site (`//host`, `/\host`) is none.
        (value) => value === undefined || (!/\s/.test(value) && sitePath(value) !== undefined),
        `${rule.label} must be a path starting with /.`,
      );
    case "host":
      return optionalText(rule.label, rule.max)
        .transform((value) => value?.toLowerCase())
        .refine(
          (value) => value === undefined || HOST_PATTERN.test(value),
          `${rule.label} must be a host name such as www.google.com.`,
        );
  }
}

type LeadSourceField = Extract<EnquiryField, { leadSource: true }>;
type TopField = Exclude<EnquiryField, LeadSourceField>;

/** What a rule's schema reads (payload) and gives (parsed), for the static types. */
type RuleSchema<R> = R extends { kind: "options" }
  ? z.ZodOptional<z.ZodType<string[], unknown[]>>
  : R extends { required: true } | { kind: "email" }
    ? z.ZodType<string, string>
    : z.ZodOptional<z.ZodType<string | undefined, string>>;

/** The payload keys of the registry's fields and their schemas, in the registry's order. */
const inputShape = Object.fromEntries(
  ENQUIRY_FIELDS.filter((field) => !("leadSource" in field)).flatMap((field) =>
    field.inputs.map((name) => [name, ruleSchema(field.input)]),
  ),
) as unknown as { [F in TopField as F["inputs"][number]]: RuleSchema<F["input"]> };

/**
 * Where the lead came from (optional): the page it was sent from, the host of the external
 * site that sent the visitor, and the UTM parameters of the visit. Blank fields are no
 * value; unknown keys are dropped, as in the rest of the payload.
 */
export const leadSourceSchema = z.object(
  Object.fromEntries(
    ENQUIRY_FIELDS.filter((field) => "leadSource" in field).map((field) => [
      field.key,
      ruleSchema(field.input),
    ]),
  ) as unknown as { [F in LeadSourceField as F["key"]]: RuleSchema<F["input"]> },
  { error: "Source must be an object." },
);
export type LeadSourceInput = z.output<typeof leadSourceSchema>;

/**
 * One schema for the payload shapes of POST /api/contact (spec §7):
 * - home and floating forms: name, email, phoneNumber, textarea, serviceType
 * - service forms: companyName, name, email, phoneNumber, options, serviceType
 *   (the package form adds package, instagram, website)
 * - contact page quick form: name, email, phone, date, message, serviceType "contact"
 * - contact page long form: companyName, name, email, phoneNumber, options, message,
 *   serviceType "Contact Form"
 * A payload that carries `options` is a service-style form: companyName is required and
 * at least one option must be chosen. The quick form (serviceType "contact") requires
 * every one of its fields.
 */
export const enquiryInputSchema = z
  .object({
    ...inputShape,
    source: leadSourceSchema.optional(),
    // Robots may fill the hidden field with anything: any value counts, none is refused.
    // Only text and plain values are copied: turning an object or a deeply nested array
    // into text can throw (no toString, too deep), so those are only marked as filled.
    [HONEYPOT_FIELD]: z
      .unknown()
      .optional()
      .transform((value) => {
        if (value === undefined || value === null) return undefined;
        if (typeof value === "string") return value.slice(0, 1000);
        if (typeof value === "number" || typeof value === "boolean") return String(value);
        return `[${Array.isArray(value) ? "list" : typeof value}]`;
      }),
  })
  .superRefine((value, ctx) => {
    if (value.options !== undefined) {
      if (!value.companyName) {
        ctx.addIssue({ code: "custom", path: ["companyName"], message: messages.required });
      }
      if (value.options.length === 0) {
        ctx.addIssue({ code: "custom", path: ["options"], message: messages.selectOption });
      }
    }
    if (value.serviceType === "contact") {
      for (const field of ["phone", "date", "message"] as const) {
        if (!value[field] && !(field === "phone" && value.phoneNumber)) {
          ctx.addIssue({ code: "custom", path: [field], message: messages.required });
        }
      }
    }
  });

export type EnquiryInput = z.input<typeof enquiryInputSchema>;
export type ParsedEnquiryInput = z.output<typeof enquiryInputSchema>;

/** An enquiry as the API answers it (spec §3 plus the inbox fields). */
export const enquirySchema = z.object({
  _id: z.string(),
  ...(Object.fromEntries(
    ENQUIRY_FIELDS.filter((field) => !("leadSource" in field)).map((field) => [
      field.key,
      field.input.kind === "options" ? z.array(z.string()) : z.string(),
    ]),
  ) as {
    [F in TopField as F["key"]]: F["input"] extends { kind: "options" }
      ? z.ZodArray<z.ZodString>
      : z.ZodString;
  }),
  /** Where the lead came from; left out when nothing is known (older enquiries). */
  source: z
    .object(
      Object.fromEntries(
        ENQUIRY_FIELDS.filter((field) => "leadSource" in field).map((field) => [
          field.key,
          z.string().optional(),
        ]),
      ) as { [F in LeadSourceField as F["key"]]: z.ZodOptional<z.ZodString> },
    )
    .optional(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** The states of an enquiry's notification e-mail to the agency. */
export const NOTIFICATION_STATES = [
  "sent",
  "pending",
  "given-up",
  "not-configured",
  "none",
] as const;

/**
 * Whether the agency was told of an enquiry by e-mail: GET /api/contact/{id}/notification.
 * The notification outbox sends it, retrying while the mail server fails.
 */
export const enquiryNotificationSchema = z.object({
  state: z.enum(NOTIFICATION_STATES).meta({
    description:
      "sent: the mail server took the mail (at `at`). pending: not sent yet; `lastError` says why and `nextAttemptAt` when it is tried again. given-up: no more tries after three days of failures (at `at`). not-configured: enquiry mail is not set up (SMTP_URL and NOTIFY_TO), nothing is sent. none: no notification was queued (the enquiry came before mail was set up, or was caught as spam).",
  }),
  at: z
    .string()
    .nullable()
    .meta({ description: "When it was sent (sent) or given up (given-up); else null." }),
  nextAttemptAt: z
    .string()
    .nullable()
    .meta({ description: "When it is tried next (pending); else null." }),
  attempts: z.number().int().min(0).meta({ description: "Sends begun so far." }),
  lastError: z
    .string()
    .nullable()
    .meta({ description: "Why the last try failed (short, no secrets); null after a success." }),
});
export type EnquiryNotification = z.infer<typeof enquiryNotificationSchema>;

/** The dashboard's figures: GET /api/contact/stats. */
export const enquiryStatsSchema = z.object({
  timeZone: z.string().meta({ description: "The time zone the weeks are counted in." }),
  from: z.string().meta({ description: "The first day counted (a Monday), yyyy-mm-dd." }),
  to: z.string().meta({ description: "The last day counted (a Sunday), yyyy-mm-dd." }),
  total: z.number().int(),
  series: z
    .array(z.object({ name: z.string(), total: z.number().int() }))
    .meta({ description: 'The service types charted, most first; "Other" groups the rest.' }),
  weeks: z
    .array(
      z.object({
        start: z.string().meta({ description: "The Monday the week starts on, yyyy-mm-dd." }),
        counts: z
          .array(z.number().int())
          .meta({ description: "Enquiries of each entry of `series`, in its order." }),
        total: z.number().int(),
      }),
    )
    .meta({ description: "The last 12 weeks, oldest first; a week without enquiries is zero." }),
  sources: z
    .array(
      z.object({
        source: z
          .string()
          .meta({ description: 'utm_source, else the referrer host; "" for direct visits.' }),
        count: z.number().int(),
      }),
    )
    .meta({ description: "The commonest sources, most first." }),
  otherSources: z.number().int().meta({ description: "Enquiries from the sources not listed." }),
});
export type EnquiryStats = z.infer<typeof enquiryStatsSchema>;

export const enquiryStatusUpdateSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, {
    error: `Status must be one of: ${ENQUIRY_STATUSES.join(", ")}.`,
  }),
});

const isoDay = z
  .string()
  .refine(isCalendarDay, "Dates must be real days written as yyyy-mm-dd.")
  .optional();

/** Filters of the enquiry inbox; also used by the CSV export. */
export const enquiryQuerySchema = z.object({
  q: z.string().trim().max(200, tooLong("Search", 200)).optional(),
  status: z
    .enum([...ENQUIRY_STATUSES, "all"], {
      error: `Status must be one of: ${[...ENQUIRY_STATUSES, "all"].join(", ")}.`,
    })
    .optional(),
  serviceType: z.string().trim().max(120, tooLong("Service type", 120)).optional(),
  from: isoDay,
  to: isoDay,
  ...pagingSchema.shape,
});
export type EnquiryQuery = z.infer<typeof enquiryQuerySchema>;
