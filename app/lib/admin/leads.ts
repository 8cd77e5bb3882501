// The back office's calls about the lead pipeline (issue 52), each answer checked with the
// shared schemas (common/schemas/leads.ts).
import { z } from "zod";
import {
  dueLeadsSchema,
  leadOwnersSchema,
  leadSchema,
  noteSchema,
  pipelineSchema,
  replySchema,
  replyTemplateSchema,
  type DueLeads,
  type LeadReply,
  type Lead,
  type LeadCard,
  type LeadNote,
  type LeadStage,
  type LeadUpdate,
  type Pipeline,
  type ReplyTemplate,
  type ReplyTemplateInput,
} from "../../../common/schemas/leads.ts";
import { api } from "../admin-api.ts";

export type {
  DueLeads,
  Lead,
  LeadCard,
  LeadNote,
  LeadStage,
  LeadUpdate,
  Pipeline,
  ReplyTemplate,
  ReplyTemplateInput,
};

const path = (id: string) => `/leads/${encodeURIComponent(id)}`;

/** GET /api/leads: the board for `filter` (the board's query string: owner, stage, source). */
export async function getPipeline(filter: string): Promise<Pipeline> {
  return pipelineSchema.parse(await api<unknown>(`/leads${filter ? `?${filter}` : ""}`));
}

export async function getLead(id: string): Promise<Lead> {
  return leadSchema.parse(await api<unknown>(path(id)));
}

export async function updateLead(id: string, change: LeadUpdate): Promise<Lead> {
  return leadSchema.parse(await api<unknown>(path(id), { method: "PATCH", json: change }));
}

export async function listNotes(id: string): Promise<LeadNote[]> {
  return z.array(noteSchema).parse(await api<unknown>(`${path(id)}/notes`));
}

export async function addNote(id: string, body: string): Promise<LeadNote> {
  return noteSchema.parse(
    await api<unknown>(`${path(id)}/notes`, { method: "POST", json: { body } }),
  );
}

export async function listOwners(): Promise<{ id: string; name: string }[]> {
  return leadOwnersSchema.parse(await api<unknown>("/leads/owners"));
}

/** GET /api/leads/due: the open leads to follow up today or before (`mine`: the caller's). */
export async function getDueLeads(mine = false): Promise<DueLeads> {
  return dueLeadsSchema.parse(await api<unknown>(`/leads/due${mine ? "?mine=1" : ""}`));
}

export async function listReplies(id: string): Promise<LeadReply[]> {
  return z.array(replySchema).parse(await api<unknown>(`${path(id)}/replies`));
}

export async function sendReply(
  id: string,
  reply: { subject: string; body: string },
): Promise<LeadReply> {
  return replySchema.parse(
    await api<unknown>(`${path(id)}/replies`, { method: "POST", json: reply }),
  );
}

// ---- Reply templates ----------------------------------------------------------------------

const templatePath = (id: string) => `/reply-templates/${encodeURIComponent(id)}`;

export async function listReplyTemplates(): Promise<ReplyTemplate[]> {
  return z.array(replyTemplateSchema).parse(await api<unknown>("/reply-templates"));
}

export async function createReplyTemplate(input: ReplyTemplateInput): Promise<ReplyTemplate> {
  return replyTemplateSchema.parse(
    await api<unknown>("/reply-templates", { method: "POST", json: input }),
  );
}

export async function updateReplyTemplate(
  id: string,
  input: ReplyTemplateInput,
): Promise<ReplyTemplate> {
  return replyTemplateSchema.parse(
    await api<unknown>(templatePath(id), { method: "PUT", json: input }),
  );
}

export async function deleteReplyTemplate(id: string): Promise<void> {
  await api<unknown>(templatePath(id), { method: "DELETE" });
}

export async function reorderReplyTemplates(ids: string[]): Promise<ReplyTemplate[]> {
  return z
    .array(replyTemplateSchema)
    .parse(await api<unknown>("/reply-templates/order", { method: "PUT", json: { ids } }));
}
