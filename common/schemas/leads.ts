import { z } from "zod";
import { isCalendarDay } from "./enquiry.ts";
import { tooLong } from "./common.ts";

// A lead's place in the pipeline (issue 52, item 1): who owns it, its stage, what it is worth
// in naira, when to follow it up, and the notes staff keep on it. The enquiry stays as the
// visitor sent it; this is what the agency adds.

export const LEAD_STAGES = ["new", "contacted", "proposal", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: "New",
  contacted: "Contacted",
  proposal: "Proposal",
  won: "Won",
  lost: "Lost",
};
/** The stages a lead is no longer followed up in. */
export const CLOSED_STAGES: readonly LeadStage[] = ["won", "lost"];

export const LEAD_VALUE_MAX = 1_000_000_000_000;
export const LOST_REASON_MAX = 300;
export const NOTE_MAX = 5000;
export const LOST_REASON_REQUIRED = "Please say why the lead was lost.";

const stageField = z.enum(LEAD_STAGES, {
  error: `Stage must be one of: ${LEAD_STAGES.join(", ")}.`,
});

const dayField = z
  .string({ error: "Follow-up date must be text." })
  .refine(isCalendarDay, "Follow-up date must be a real day written as yyyy-mm-dd.");

/** What staff set on a lead: PATCH /api/leads/{id}; every field optional, null clears. */
export const leadUpdateSchema = z
  .object({
    ownerId: z.string({ error: "Owner must be a staff id." }).max(64).nullable().optional(),
    stage: stageField.optional(),
    lostReason: z
      .string({ error: "Reason must be text." })
      .trim()
      .max(LOST_REASON_MAX, tooLong("Reason", LOST_REASON_MAX))
      .nullable()
      .optional(),
    value: z
      .number({ error: "Value must be a number of naira." })
      .int("Value must be whole naira.")
      .min(0, "Value cannot be negative.")
      .max(LEAD_VALUE_MAX, "Value is too large.")
      .nullable()
      .optional(),
    followUpOn: dayField.nullable().optional(),
  })
  .refine((value) => value.stage !== "lost" || (value.lostReason ?? "").trim() !== "", {
    message: LOST_REASON_REQUIRED,
    path: ["lostReason"],
  });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/** A lead as the API answers it. */
export const leadSchema = z.object({
  enquiryId: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable().meta({ description: "The owner's name, else e-mail." }),
  stage: z.enum(LEAD_STAGES),
  lostReason: z.string().nullable(),
  value: z.number().int().nullable().meta({ description: "Whole naira; null when not set." }),
  followUpOn: z.string().nullable().meta({ description: "yyyy-mm-dd (Lagos), or null." }),
  updatedAt: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const noteInputSchema = z.object({
  body: z
    .string({ error: "A note must be text." })
    .trim()
    .min(1, "Please write the note.")
    .max(NOTE_MAX, tooLong("A note", NOTE_MAX)),
});

export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string().meta({ description: "Who wrote it (name, else e-mail)." }),
  createdAt: z.string(),
});
export type LeadNote = z.infer<typeof noteSchema>;

/** A card of the board: the lead with what it is about. */
export const leadCardSchema = leadSchema.extend({
  name: z.string(),
  companyName: z.string(),
  serviceType: z.string(),
  source: z.string().meta({ description: "The source key (utm_source, else referrer host)." }),
  createdAt: z.string(),
});
export type LeadCard = z.infer<typeof leadCardSchema>;

/** The board's filters, as in the address: GET /api/leads?owner=&stage=&source=. */
export const pipelineQuerySchema = z.object({
  owner: z
    .string()
    .max(64)
    .optional()
    .meta({ description: 'A staff id, or "none" for leads nobody owns.' }),
  stage: stageField.optional(),
  source: z.string().max(253).optional().meta({ description: 'A source key; "" is direct.' }),
});
export type PipelineQuery = z.infer<typeof pipelineQuerySchema>;

export const pipelineSchema = z.object({
  stages: z.array(
    z.object({
      stage: z.enum(LEAD_STAGES),
      count: z.number().int(),
      value: z.number().int().meta({ description: "The sum of the leads' values in naira." }),
      leads: z.array(leadCardSchema),
    }),
  ),
  truncated: z.boolean().meta({ description: "More leads match than the board shows." }),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

/** The leads to follow up today or earlier (not won or lost): the dashboard's "Due today". */
export const dueLeadsSchema = z.object({ day: z.string(), leads: z.array(leadCardSchema) });
export type DueLeads = z.infer<typeof dueLeadsSchema>;

/** Staff who may own a lead. */
export const leadOwnersSchema = z.array(z.object({ id: z.string(), name: z.string() }));

// ---- Replies from the inbox (item 3) ------------------------------------------------------

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20_000;

export const replyInputSchema = z.object({
  subject: z
    .string({ error: "Subject must be text." })
    .trim()
    .min(1, "Please write a subject.")
    .max(REPLY_SUBJECT_MAX, tooLong("Subject", REPLY_SUBJECT_MAX)),
  body: z
    .string({ error: "The reply must be text." })
    .trim()
    .min(1, "Please write the reply.")
    .max(REPLY_BODY_MAX, tooLong("The reply", REPLY_BODY_MAX)),
});

export const REPLY_STATES = ["pending", "sent", "given-up", "not-configured"] as const;

export const replySchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  state: z.enum(REPLY_STATES).meta({
    description:
      "sent: the mail server took it (at `sentAt`). pending: not yet (`lastError` says why). given-up: no more tries. not-configured: mail is not set up, nothing is sent.",
  }),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type LeadReply = z.infer<typeof replySchema>;

// ---- Reply templates (item 3: "a saved template") ------------------------------------------

export const TEMPLATE_LABEL_MAX = 80;
export const REPLY_TEMPLATES_MAX = 100;

/**
 * A reply template staff keep (Reply templates screen): `{name}` becomes the visitor's name
 * and `{package}` the package (or the service) they asked about. A new install starts with
 * two (migration 0049).
 */
export const replyTemplateInputSchema = z.object({
  label: z
    .string({ error: "Name must be text." })
    .trim()
    .min(1, "Please give the template a name.")
    .max(TEMPLATE_LABEL_MAX, tooLong("Name", TEMPLATE_LABEL_MAX)),
  subject: replyInputSchema.shape.subject,
  body: z
    .string({ error: "The text must be text." })
    .trim()
    .min(1, "Please write the template's text.")
    .max(REPLY_BODY_MAX, tooLong("The text", REPLY_BODY_MAX)),
});
export type ReplyTemplateInput = z.infer<typeof replyTemplateInputSchema>;

export const replyTemplateSchema = replyTemplateInputSchema.extend({
  id: z.string(),
  updatedAt: z.string(),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

export const replyTemplateOrderSchema = z.object({
  ids: z.array(z.string().max(100)).max(REPLY_TEMPLATES_MAX),
});

/** A template with the lead's name and package filled in. */
export function filledTemplate(
  template: { subject: string; body: string },
  lead: { name: string; package: string },
): { subject: string; body: string } {
  const fill = (text: string) =>
    text.replaceAll("{name}", lead.name).replaceAll("{package}", lead.package);
  return { subject: fill(template.subject), body: fill(template.body) };
}
