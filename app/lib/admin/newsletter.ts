// The back office's calls about sending the newsletter (issue 32, decision 0036), under
// /api/admin/newsletter. Each answer is checked with the shared schema
// (common/schemas/newsletter.ts); an answer of another shape is an error, never passed on.
import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import type {
  NewsletterMessage,
  NewsletterSend,
  NewsletterSettings,
  newsletterPreviewSchema,
} from "../../../common/schemas/newsletter.ts";
import { api } from "../admin-api.ts";

export type { NewsletterMessage, NewsletterSend, NewsletterSettings };

/** The rendered mail: its subject, HTML part and text part. */
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

// Loaded on use, as in subscribers.ts: the public newsletter forms load the same schema
// module on first use, so the bundler keeps it a chunk of its own, out of every public page.
const schemas = () => import("../../../common/schemas/newsletter.ts");
const base = "/admin/newsletter";

/** GET settings: the sending rate, whether mail is set up, and the audience. */
export async function getNewsletterSettings(): Promise<NewsletterSettings> {
  const [{ newsletterSettingsSchema }, body] = await Promise.all([
    schemas(),
    api<unknown>(`${base}/settings`),
  ]);
  return newsletterSettingsSchema.parse(body);
}

/** PUT settings (owners only): answers the settings as saved. */
export async function saveNewsletterRate(ratePerMinute: number): Promise<NewsletterSettings> {
  const [{ newsletterSettingsSchema }, body] = await Promise.all([
    schemas(),
    api<unknown>(`${base}/settings`, { method: "PUT", json: { ratePerMinute } }),
  ]);
  return newsletterSettingsSchema.parse(body);
}

/** POST preview: the mail as subscribers would get it. */
export async function previewNewsletter(message: NewsletterMessage): Promise<NewsletterPreview> {
  const [{ newsletterPreviewSchema }, body] = await Promise.all([
    schemas(),
    api<unknown>(`${base}/preview`, { method: "POST", json: message }),
  ]);
  return newsletterPreviewSchema.parse(body);
}

/**
 * POST test: the message to one address, now. Throws the server's answer (ApiError) when
 * the mail server refused it (502) or mail is not set up (409).
 */
export async function sendNewsletterTest(to: string, message: NewsletterMessage): Promise<void> {
  successResponse.parse(
    await api<unknown>(`${base}/test`, { method: "POST", json: { to, ...message } }),
  );
}

/** POST sends: starts sending to every confirmed subscriber; answers the send's id. */
export async function startNewsletterSend(message: NewsletterMessage): Promise<string> {
  const [{ newsletterSendCreatedSchema }, body] = await Promise.all([
    schemas(),
    api<unknown>(`${base}/sends`, { method: "POST", json: message }),
  ]);
  return newsletterSendCreatedSchema.parse(body)._id;
}

/** GET sends: every send, newest first. */
export async function listNewsletterSends(): Promise<NewsletterSend[]> {
  const [{ newsletterSendSchema }, body] = await Promise.all([
    schemas(),
    api<unknown>(`${base}/sends`),
  ]);
  return z.array(newsletterSendSchema).parse(body);
}

/** GET sends/{id}: one send and how far it got. */
export async function getNewsletterSend(id: string): Promise<NewsletterSend> {
  const [{ newsletterSendSchema }, body] = await Promise.all([
    schemas(),
    api<unknown>(`${base}/sends/${encodeURIComponent(id)}`),
  ]);
  return newsletterSendSchema.parse(body);
}

/** How far a send got, in words: "3 sent, 1 failed, 2 waiting, of 6". */
export function sendCounts(send: Pick<NewsletterSend, "sent" | "failed" | "waiting" | "total">) {
  return `${send.sent} sent, ${send.failed} failed, ${send.waiting} waiting, of ${send.total}`;
}

/** "Sending" or "Done", as the back office says a send's state. */
export const SEND_STATE_LABELS: Record<NewsletterSend["state"], string> = {
  sending: "Sending",
  done: "Done",
};
