import { z } from "zod";
import { SUBSCRIBER_STATUSES } from "../newsletter.ts";
import { ENQUIRY_STATUSES } from "../enquiry-fields.ts";
import { LEAD_STAGES } from "./leads.ts";

// One contact per person (issue 52, item 2, decision 0046): the enquiries of one person, by
// e-mail or phone, with their history and the person's newsletter status; staff merge two
// contacts the rules did not join and split an enquiry out of one it was wrongly joined to.

/** The most enquiries a contact's history lists (newest first); `total` counts them all. */
export const CONTACT_HISTORY_MAX = 20;
/** The most enquiries one split takes out together. */
export const SPLIT_TOGETHER_MAX = 100;

/** A person's newsletter status at one address: a subscriber's, or "none". */
export const CONTACT_NEWSLETTER_STATUSES = [...SUBSCRIBER_STATUSES, "none"] as const;
export type ContactNewsletterStatus = (typeof CONTACT_NEWSLETTER_STATUSES)[number];

export const CONTACT_NEWSLETTER_LABELS: Record<ContactNewsletterStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  none: "Not subscribed",
};

export const MERGE_WITH_ITSELF = "These enquiries are already one contact.";
export const SPLIT_ALONE =
  "This enquiry is the only one of its contact: there is nothing to split it from.";
export const SPLIT_ALL = "Leave at least one enquiry in the contact: split the others out instead.";
export const SPLIT_OTHER_CONTACT = "Every enquiry split out together must be of this contact.";
export const MERGE_UNKNOWN = "There is no enquiry with this e-mail address, phone number or id.";

/** One enquiry of a contact's history. */
export const contactEnquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  serviceType: z.string(),
  /** The form's readable name, or the service's (serviceTypeName). */
  serviceName: z.string(),
  /** The page it was sent from ("" when unknown). */
  page: z.string(),
  /** The source's key and readable name (common/lead-source.ts). */
  source: z.string(),
  sourceName: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  stage: z.enum(LEAD_STAGES),
  createdAt: z.string(),
  /** Staff merged or split it into this contact. */
  manual: z.boolean(),
});
export type ContactEnquiry = z.infer<typeof contactEnquirySchema>;

/** GET /api/enquiries/{id}/contact. */
export const contactSchema = z.object({
  id: z.string(),
  /** How many enquiries the contact has (the history lists the newest CONTACT_HISTORY_MAX). */
  total: z.number().int(),
  enquiries: z.array(contactEnquirySchema),
  /** Each address of the person, with its newsletter status. */
  newsletter: z.array(z.object({ email: z.string(), status: z.enum(CONTACT_NEWSLETTER_STATUSES) })),
});
export type Contact = z.infer<typeof contactSchema>;

const idText = z
  .string({ error: "Enquiry id must be text." })
  .trim()
  .min(1, "Enquiry id must not be empty.")
  .max(64, "Enquiry id is too long.");

/**
 * POST /api/enquiries/{id}/contact/merge: the other contact, named by one of its enquiries'
 * ids, or by an e-mail address or phone number one of them was sent with.
 */
export const contactMergeSchema = z.object({
  with: z
    .string({
      error: "Say which contact to merge with: an e-mail, a phone number or an enquiry id.",
    })
    .trim()
    .min(1, "Say which contact to merge with: an e-mail, a phone number or an enquiry id.")
    .max(254, "That is too long for an e-mail, phone number or enquiry id."),
});
export type ContactMerge = z.infer<typeof contactMergeSchema>;

/**
 * POST /api/enquiries/{id}/contact/split: the enquiry leaves its contact for a new one of
 * its own, with `together` (other enquiries of the same contact; undoes a merge).
 */
export const contactSplitSchema = z.object({
  together: z.array(idText).max(SPLIT_TOGETHER_MAX).optional(),
});
export type ContactSplit = z.infer<typeof contactSplitSchema>;

/** GET /api/contacts/counts?ids=…: how many enquiries the contact of each listed one has. */
export const contactCountsQuerySchema = z.object({
  ids: z
    .string({ error: "ids must be a comma-separated list of enquiry ids." })
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64, "An enquiry id is too long.")).max(200, "At most 200 ids.")),
});
export const contactCountsSchema = z.record(z.string(), z.number().int());
