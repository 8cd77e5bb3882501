// The back office's calls about one contact per person (issue 52, item 2), each answer
// checked with the shared schemas (common/schemas/contacts.ts).
import {
  contactCountsSchema,
  contactSchema,
  type Contact,
  type ContactEnquiry,
} from "../../../common/schemas/contacts.ts";
import { api } from "../admin-api.ts";

export type { Contact, ContactEnquiry };

const path = (id: string) => `/contact/${encodeURIComponent(id)}/person`;

/** GET /api/contact/{id}/person: the person of an enquiry, their enquiries and newsletter status. */
export async function getContact(enquiryId: string): Promise<Contact> {
  return contactSchema.parse(await api<unknown>(path(enquiryId)));
}

/** Merges the person `other` names (an e-mail, a phone number or an enquiry id) into this one's. */
export async function mergeContact(enquiryId: string, other: string): Promise<Contact> {
  return contactSchema.parse(
    await api<unknown>(`${path(enquiryId)}/merge`, { method: "POST", json: { with: other } }),
  );
}

/** Splits the enquiry (and `together`) out of its person into a new one. */
export async function splitContact(enquiryId: string, together: string[] = []): Promise<Contact> {
  return contactSchema.parse(
    await api<unknown>(`${path(enquiryId)}/split`, { method: "POST", json: { together } }),
  );
}

/** How many enquiries the person of each of `ids` has (the inbox's "3 enquiries"). */
export async function getContactCounts(ids: string[]): Promise<Record<string, number>> {
  if (ids.length === 0) return {};
  return contactCountsSchema.parse(
    await api<unknown>(`/contact/person-counts?ids=${ids.map(encodeURIComponent).join(",")}`),
  );
}
