// The back office's calls of the Redirects screen (issue 51), each answer checked with the
// shared schema (common/schemas/redirects.ts).
import { z } from "zod";
import { successResponse, type ListPage } from "../../../common/schemas/common.ts";
import {
  notFoundSchema,
  redirectImportResultSchema,
  redirectSchema,
  type NotFoundEntry,
  type Redirect,
  type RedirectImportResult,
  type RedirectInput,
} from "../../../common/schemas/redirects.ts";
import { api, apiList, upload, type UploadProgress } from "../admin-api.ts";

export type { NotFoundEntry, Redirect, RedirectImportResult, RedirectInput };

export async function listRedirects(options: {
  q?: string;
  page: number;
  pageSize: number;
}): Promise<ListPage<Redirect>> {
  const query = new URLSearchParams({
    page: String(options.page),
    pageSize: String(options.pageSize),
  });
  if (options.q) query.set("q", options.q);
  const { items, total } = await apiList<unknown>(`/admin/redirects?${query}`);
  return { items: z.array(redirectSchema).parse(items), total };
}

export async function saveRedirect(input: RedirectInput, id?: string): Promise<Redirect> {
  return redirectSchema.parse(
    await api<unknown>(id ? `/admin/redirects/${encodeURIComponent(id)}` : "/admin/redirects", {
      method: id ? "PUT" : "POST",
      json: input,
    }),
  );
}

export async function deleteRedirect(id: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/admin/redirects/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

export async function importRedirects(
  file: File,
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<RedirectImportResult> {
  const form = new FormData();
  form.append("file", file);
  return redirectImportResultSchema.parse(
    await upload<unknown>("/admin/redirects/import", form, onProgress),
  );
}

export async function listNotFound(options: {
  bots: boolean;
  page: number;
  pageSize: number;
}): Promise<ListPage<NotFoundEntry>> {
  const query = new URLSearchParams({
    page: String(options.page),
    pageSize: String(options.pageSize),
    bots: String(options.bots),
  });
  const { items, total } = await apiList<unknown>(`/admin/not-found?${query}`);
  return { items: z.array(notFoundSchema).parse(items), total };
}

export async function dismissNotFound(path: string): Promise<void> {
  successResponse.parse(
    await api<unknown>("/admin/not-found", { method: "DELETE", json: { path } }),
  );
}
