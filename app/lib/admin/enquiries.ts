// The back office's calls about enquiries, each answer checked with the shared schemas
// (common/schemas/enquiry.ts).
import { z } from "zod";
import { ENQUIRY_STATUSES, type EnquiryStatus } from "../../../common/enquiry-fields.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { formatDateTime } from "../../../common/format.ts";
import type {
  Enquiry,
  EnquiryNotification,
  EnquiryStats,
} from "../../../common/schemas/enquiry.ts";
import { api, apiList, download } from "../admin-api.ts";

export type { Enquiry, EnquiryNotification, EnquiryStats, EnquiryStatus };

// The public forms load the enquiry schemas on first use (a dynamic import). A static import
// here would make the bundler hand them that module as a namespace object, which adds a
// helper to the script every public page loads; so this module loads it on use as well.
const schemas = () => import("../../../common/schemas/enquiry.ts");
type Schemas = Awaited<ReturnType<typeof schemas>>;

async function parse<T>(answer: Promise<unknown>, schemaOf: (m: Schemas) => z.ZodType<T>) {
  const [module, value] = await Promise.all([schemas(), answer]);
  return schemaOf(module).parse(value);
}

const count = z.number().int().min(0);
/**
 * GET /api/contact/summary. The server declares the same shape in
 * server/modules/enquiries/routes.ts; it belongs in common/schemas/enquiry.ts.
 */
const enquirySummarySchema = z.object({
  ...(Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, count])) as Record<
    EnquiryStatus,
    typeof count
  >),
  total: count,
  serviceTypes: z.array(z.string()),
});
export type EnquirySummary = z.infer<typeof enquirySummarySchema>;

const path = (id: string) => `/contact/${encodeURIComponent(id)}`;

/**
 * GET /api/contact: one page of the enquiries `filter` finds (the inbox's query string:
 * q, status, serviceType, from, to), and how many it finds in all.
 */
export async function listEnquiries(options: {
  filter?: string;
  page: number;
  pageSize: number;
}): Promise<{ items: Enquiry[]; total: number }> {
  const query = new URLSearchParams(options.filter);
  query.set("page", String(options.page));
  query.set("pageSize", String(options.pageSize));
  const { items, total } = await apiList<unknown>(`/contact/?${query}`);
  return { items: await parse(Promise.resolve(items), (m) => z.array(m.enquirySchema)), total };
}

/** GET /api/contact/{id}. */
export async function getEnquiry(id: string): Promise<Enquiry> {
  return parse(api<unknown>(path(id)), (m) => m.enquirySchema);
}

/** GET /api/contact/{id}/notification: whether the agency was told by e-mail. */
export async function getEnquiryNotification(id: string): Promise<EnquiryNotification> {
  return parse(api<unknown>(`${path(id)}/notification`), (m) => m.enquiryNotificationSchema);
}

/**
 * The notification state in one plain sentence for the enquiry page (times in Lagos): it
 * reads the same to a screen reader as on screen, and needs no colour to be understood.
 */
export function notificationText(notification: EnquiryNotification): string {
  const { state, at, nextAttemptAt, attempts, lastError } = notification;
  const time = (iso: string | null) => (iso ? formatDateTime(iso) : "");
  switch (state) {
    case "sent":
      return `Notified: ${time(at)}`;
    case "pending":
      if (!lastError) return "Not notified yet: sending now.";
      // The error's own full stop, if any, is not doubled.
      return `Not notified yet: ${lastError.replace(/[.\s]+$/, "")}. Next try ${time(nextAttemptAt)}.`;
    case "given-up":
      return `Not notified: gave up ${time(at)} after ${attempts} tries. Last error: ${lastError ?? "unknown"}`;
    case "not-configured":
      return "Mail is not configured: no notification e-mail is sent.";
    case "none":
      return "No notification e-mail was queued for this enquiry.";
  }
}

/** PATCH /api/contact/{id}: answers the enquiry with its new status. */
export async function setEnquiryStatus(id: string, status: EnquiryStatus): Promise<Enquiry> {
  return parse(
    api<unknown>(path(id), { method: "PATCH", json: { status } }),
    (m) => m.enquirySchema,
  );
}

/** DELETE /api/contact/{id}. */
export async function deleteEnquiry(id: string): Promise<void> {
  successResponse.parse(await api<unknown>(path(id), { method: "DELETE" }));
}

/** GET /api/contact/summary: counts per status and the service types seen. */
export async function getEnquirySummary(): Promise<EnquirySummary> {
  return enquirySummarySchema.parse(await api<unknown>("/contact/summary"));
}

/** GET /api/contact/stats: the dashboard's figures. */
export async function getEnquiryStats(): Promise<EnquiryStats> {
  return parse(api<unknown>("/contact/stats"), (m) => m.enquiryStatsSchema);
}

/** The CSV of the enquiries `filter` finds, as a download. */
export function exportEnquiries(filter = ""): Promise<void> {
  return download(`/contact/export.csv${filter ? `?${filter}` : ""}`);
}
