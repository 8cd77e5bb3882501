import { z } from "zod";

// Moving in from WordPress or Ghost (issue 51, decision 0044): the Import screen and the API
// (`POST /api/imports`, `GET /api/imports/{id}`, `POST /api/imports/{id}/start`) share these.

export const IMPORT_KINDS = ["wordpress", "ghost"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  wordpress: "WordPress export (WXR)",
  ghost: "Ghost export (JSON)",
};

/** reading the file → ready (the preview) → running → done; or failed. */
export const IMPORT_STATES = ["reading", "ready", "running", "done", "failed"] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const IMPORT_STATE_LABELS: Record<ImportState, string> = {
  reading: "Reading the file",
  ready: "Ready to import",
  running: "Importing",
  done: "Done",
  failed: "Failed",
};

/** The statuses an old site's posts and pages can have, and what each becomes here. */
export const SOURCE_STATUSES = ["publish", "future", "draft", "pending", "private"] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];
export const SOURCE_STATUS_LABELS: Record<SourceStatus, string> = {
  publish: "Published (stays published)",
  future: "Scheduled (stays scheduled)",
  draft: "Draft (stays a draft)",
  pending: "Pending review (becomes a draft)",
  private: "Private (becomes a draft)",
};

/** What the file holds: the preview before an import starts. */
export const importCountsSchema = z.object({
  posts: z.number(),
  pages: z.number(),
  attachments: z.number(),
  categories: z.number(),
  tags: z.number(),
  authors: z.number(),
  /** Menu items, custom types: not imported. */
  other: z.number(),
  /** The posts and pages by their status on the old site. */
  statuses: z.record(z.string(), z.number()),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** The owner's choices: which statuses to take, whether to fetch the pictures. */
export const importChoicesSchema = z.object({
  statuses: z
    .array(
      z.enum(SOURCE_STATUSES, {
        error: "A status must be publish, future, draft, pending or private.",
      }),
    )
    .max(SOURCE_STATUSES.length)
    .default(["publish", "future", "draft", "pending", "private"]),
  pictures: z.boolean({ error: "Pictures must be true or false." }).default(true),
  /**
   * The old site's address, when the file does not say it (a Ghost export) or says another
   * (the site moved): pictures and links are read against it.
   */
  siteUrl: z
    .string()
    .trim()
    .max(500)
    .refine((value) => {
      if (value === "") return true;
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, "The old site's address must be an http(s) address, such as https://old.example.com.")
    .optional(),
});
export type ImportChoices = z.output<typeof importChoicesSchema>;

export const IMPORT_OUTCOMES = ["imported", "updated", "skipped"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** One item of the report: what it was, what became of it and why. */
export const importReportItemSchema = z.object({
  kind: z.string(),
  sourceId: z.string(),
  title: z.string(),
  sourceStatus: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** Why it was skipped. */
  reason: z.string().nullable(),
  /** What could not be kept as it was (a table, a picture on another site…). */
  notes: z.array(z.string()),
  /** Its new address. */
  target: z.string().nullable(),
});
export type ImportReportItem = z.infer<typeof importReportItemSchema>;

export const importReportSchema = z.object({
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  /** Items with notes. */
  withNotes: z.number(),
  /** Every item handled, in the file's order; present once the import is done. */
  items: z.array(importReportItemSchema).optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  fileBytes: z.number(),
  state: z.enum(IMPORT_STATES),
  /** Why it failed. */
  error: z.string().nullable(),
  site: z.object({ title: z.string(), url: z.string() }),
  counts: importCountsSchema,
  choices: importChoicesSchema.nullable(),
  progress: z.object({ total: z.number(), done: z.number() }),
  report: importReportSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** An import in the screen's list. */
export const importSummarySchema = importSchema.pick({
  id: true,
  kind: true,
  fileName: true,
  state: true,
  site: true,
  createdAt: true,
  finishedAt: true,
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importAcceptedSchema = z.object({ id: z.string() });
