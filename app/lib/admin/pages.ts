// The back office's calls about the pages staff make (decision 0030), each answer checked
// with the shared schemas (common/schemas/pages.ts).
import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import {
  pageSchema,
  pageSummarySchema,
  type Page,
  type PageInput,
  type PageSummary,
} from "../../../common/schemas/pages.ts";
import { api } from "../admin-api.ts";

export type { Page, PageInput, PageSummary };

/** The back office's address of the pages, of a new page and of one page's editor. */
export const pagesAdminPath = "/admin/pages";
export const newPagePath = `${pagesAdminPath}/new`;
export const pageEditPath = (id: string) => `${pagesAdminPath}/${encodeURIComponent(id)}`;

/** GET /api/pages: every page, drafts included, by title. */
export async function listPages(): Promise<PageSummary[]> {
  return z.array(pageSummarySchema).parse(await api<unknown>("/pages"));
}

/** GET /api/pages/{id}. */
export async function getPage(id: string): Promise<Page> {
  return pageSchema.parse(await api<unknown>(`/pages/${encodeURIComponent(id)}`));
}

/** POST /api/pages (no id) or PUT /api/pages/{id}: the saved page. */
export async function savePage(id: string | undefined, input: PageInput): Promise<Page> {
  const saved = id
    ? await api<unknown>(`/pages/${encodeURIComponent(id)}`, { method: "PUT", json: input })
    : await api<unknown>("/pages", { method: "POST", json: input });
  return pageSchema.parse(saved);
}

/** DELETE /api/pages/{id}. */
export async function deletePage(id: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/pages/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}
