import { z } from "zod";

/** The most entries one page of the audit log holds. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;

/**
 * Where the next page starts: the time and id of the last entry shown (`<ISO time>_<id>`).
 * A bare ISO time pages back from that moment.
 */
export const AUDIT_CURSOR_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z(_[0-9a-fA-F-]{1,64})?$/;

export const auditQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(254, "The person must be at most 254 characters.")
    .optional()
    .transform((value) => value || undefined)
    .describe("Only the writes of this e-mail address"),
  type: z
    .string()
    .trim()
    .max(64, "The type must be at most 64 characters.")
    .optional()
    .transform((value) => value || undefined)
    .describe('Only this kind of item: "price", "video", "content:offers"…'),
  before: z
    .string()
    .trim()
    .regex(AUDIT_CURSOR_PATTERN, "The cursor is not one this API gave.")
    .optional()
    .describe("The `next` cursor of the previous page"),
  limit: z.coerce
    .number({ error: "The limit must be a number." })
    .int("The limit must be a whole number.")
    .min(1, "The limit must be at least 1.")
    .max(AUDIT_PAGE_MAX, `The limit must be at most ${AUDIT_PAGE_MAX}.`)
    .optional()
    .describe(`Entries per page (default ${AUDIT_PAGE_DEFAULT})`),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** A field summary: only the fields a write changed, long values cut, secrets hidden. */
const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When (ISO 8601, UTC). */
  at: z.string(),
  actorEmail: z.string(),
  /** "create", "update", "delete", "reorder", "upload", "logout-all", "publish"… */
  action: z.string(),
  /** "price", "video", "enquiry", "subscriber", "session", "blog", "content:offers"… */
  type: z.string(),
  /** The item's id or key. */
  entityId: z.string(),
  /** The name of who wrote, as it is now (null when they have none or are gone). */
  actorName: z.string().nullable().optional(),
  /**
   * What the item is called: a post's title, a content item's title, a person's name or
   * e-mail, an enquirer's name; from the log itself when the item is gone; null when none.
   */
  itemTitle: z.string().nullable().optional(),
  before: fieldsSchema,
  after: fieldsSchema,
});
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;

export const auditFacetsSchema = z.object({
  actors: z.array(z.string()),
  types: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  facets: auditFacetsSchema,
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
