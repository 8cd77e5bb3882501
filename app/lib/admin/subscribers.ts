// The back office's calls about newsletter subscribers, each answer checked with the shared
// schema (common/schemas/newsletter.ts).
import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import type { ListPage } from "../../../common/schemas/common.ts";
import type {
  AdminSubscriber,
  SubscriberImportResult,
  SubscriberStatus,
} from "../../../common/schemas/newsletter.ts";
import { api, apiList, download, upload, type UploadProgress } from "../admin-api.ts";

export type { AdminSubscriber, SubscriberImportResult, SubscriberStatus, UploadProgress };

// The public newsletter forms load this schema module on first use (a dynamic import); it is
// loaded on use here too, so the bundler keeps it a module of its own for them (see
// enquiries.ts).
const schemas = () => import("../../../common/schemas/newsletter.ts");

/** The list's search: `q` filters the addresses, `status` keeps one status. */
export interface SubscriberSearch {
  q?: string;
  status?: SubscriberStatus;
}

function searchParams({ q, status }: SubscriberSearch): URLSearchParams {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (status) query.set("status", status);
  return query;
}

/**
 * GET /api/newsletter: one page of the subscribers the search finds, newest first, and how
 * many it finds in all.
 */
export async function listSubscribers(
  options: SubscriberSearch & { page: number; pageSize: number },
): Promise<ListPage<AdminSubscriber>> {
  const query = searchParams(options);
  query.set("page", String(options.page));
  query.set("pageSize", String(options.pageSize));
  const [{ adminSubscriberSchema }, { items, total }] = await Promise.all([
    schemas(),
    apiList<unknown>(`/newsletter?${query}`),
  ]);
  return { items: z.array(adminSubscriberSchema).parse(items), total };
}

/** DELETE /api/newsletter/{id}: erases the address and its history. */
export async function deleteSubscriber(id: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/newsletter/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

/** The CSV of the subscribers the search finds, as a download. */
export function exportSubscribers(search: SubscriberSearch = {}): Promise<void> {
  const query = searchParams(search).toString();
  return download(`/newsletter/export.csv${query ? `?${query}` : ""}`);
}

/**
 * POST /api/newsletter/import: a CSV file (a header row naming `email` and `consent`) added
 * as confirmed subscribers; answers what was added, left as it was, and refused by line.
 */
export async function importSubscribers(
  file: File,
  onProgress: (progress: UploadProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<SubscriberImportResult> {
  const form = new FormData();
  form.append("file", file);
  const [{ subscriberImportResultSchema }, body] = await Promise.all([
    schemas(),
    upload<unknown>("/newsletter/import", form, onProgress, signal),
  ]);
  return subscriberImportResultSchema.parse(body);
}
