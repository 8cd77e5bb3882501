// The back office's calls about newsletter subscribers, each answer checked with the shared
// schema (common/schemas/newsletter.ts).
import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import type { ListPage } from "../../../common/schemas/common.ts";
import type { Subscriber } from "../../../common/schemas/newsletter.ts";
import { api, apiList, download } from "../admin-api.ts";

export type { Subscriber };

// The public newsletter forms load this schema module on first use (a dynamic import); it is
// loaded on use here too, so the bundler keeps it a module of its own for them (see
// enquiries.ts).
const schemas = () => import("../../../common/schemas/newsletter.ts");
const search = (q: string) => (q ? `?q=${encodeURIComponent(q)}` : "");

/**
 * GET /api/newsletter: one page of the subscribers, newest first (`q` filters the addresses),
 * and how many it finds in all.
 */
export async function listSubscribers(options: {
  q?: string;
  page: number;
  pageSize: number;
}): Promise<ListPage<Subscriber>> {
  const query = new URLSearchParams();
  if (options.q) query.set("q", options.q);
  query.set("page", String(options.page));
  query.set("pageSize", String(options.pageSize));
  const [{ subscriberSchema }, { items, total }] = await Promise.all([
    schemas(),
    apiList<unknown>(`/newsletter?${query}`),
  ]);
  return { items: z.array(subscriberSchema).parse(items), total };
}

/** DELETE /api/newsletter/{id}. */
export async function deleteSubscriber(id: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/newsletter/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

/** The CSV of the subscribers `q` finds, as a download. */
export function exportSubscribers(q = ""): Promise<void> {
  return download(`/newsletter/export.csv${search(q)}`);
}
