// The back office's calls of the Import screen (issue 51), each answer checked with the
// shared schema (common/schemas/imports.ts).
import { z } from "zod";
import {
  importAcceptedSchema,
  importSchema,
  importSummarySchema,
  type Import,
  type ImportChoices,
  type ImportSummary,
} from "../../../common/schemas/imports.ts";
import { api, download, upload, type UploadProgress } from "../admin-api.ts";

export type { Import, ImportSummary, UploadProgress };

/** POST /api/imports: the export file up (with progress); answers the new import's id. */
export async function uploadImport(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  return importAcceptedSchema.parse(await upload<unknown>("/imports", form, onProgress, signal)).id;
}

export async function getImport(id: string): Promise<Import> {
  return importSchema.parse(await api<unknown>(`/imports/${encodeURIComponent(id)}`));
}

export async function listImports(): Promise<ImportSummary[]> {
  return z.array(importSummarySchema).parse(await api<unknown>("/imports"));
}

export async function startImport(id: string, choices: ImportChoices): Promise<Import> {
  return importSchema.parse(
    await api<unknown>(`/imports/${encodeURIComponent(id)}/start`, {
      method: "POST",
      json: choices,
    }),
  );
}

/** GET /api/exports/wordpress as a download. */
export const exportWordPress = () => download("/exports/wordpress");
