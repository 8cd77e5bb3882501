// The back office's calls about newsletter subscribers, each answer checked with the shared
// schema (common/schemas/newsletter.ts).
import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import { subscriberSchema, type Subscriber } from "../../../common/schemas/newsletter.ts";
import { api, download } from "../admin-api.ts";

export type { Subscriber };

const subscriberList = z.array(subscriberSchema);
const search = (q: string) => (q ? `?q=${encodeURIComponent(q)}` : "");

/** GET /api/newsletter: the subscribers, `q` filters the addresses. */
export async function listSubscribers(q = ""): Promise<Subscriber[]> {
  return subscriberList.parse(await api<unknown>(`/newsletter${search(q)}`));
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
