import { z } from "zod";
import { pagingSchema, tooLong } from "./common.ts";

// Redirects and the "Not found" list (issue 51, decision 0044): the Redirects screen, the API
// and the CSV import check every redirect with these.

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301 (moved for good)",
  302: "302 (for now)",
};

export const MAX_REDIRECT_FROM = 1000;
export const MAX_REDIRECT_TO = 2000;

/**
 * Where a redirect may not start: the API, the back office and the server's own files answer
 * before any redirect, and a redirect there would lock staff out.
 */
export const RESERVED_REDIRECT_PREFIXES = ["/api", "/admin", "/assets", "/media"];

const startsReserved = (path: string) =>
  RESERVED_REDIRECT_PREFIXES.some((prefix) => {
    const lower = path.toLowerCase();
    return lower === prefix || lower.startsWith(`${prefix}/`) || lower.startsWith(`${prefix}?`);
  });

/**
 * The old address as typed: a path of this site with its query ("/2023/05/news/",
 * "/?p=123"), or a whole address whose path and query are taken ("https://old.example.com/x/").
 */
export function redirectFromOf(value: string): string | undefined {
  const text = value.trim();
  if (text.startsWith("/") && !text.startsWith("//")) return text.replace(/#.*$/, "");
  try {
    const url = new URL(text);
    if (url.protocol === "http:" || url.protocol === "https:") return url.pathname + url.search;
  } catch {
    // not an address
  }
  return undefined;
}

/** Where a redirect leads: a path of this site, or an http(s) address elsewhere. */
export function isRedirectTarget(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const fromField = z
  .string({ error: "The old address must be text." })
  .trim()
  .min(1, "The old address is required.")
  .max(MAX_REDIRECT_FROM, tooLong("The old address", MAX_REDIRECT_FROM))
  .transform((value, context) => {
    const from = redirectFromOf(value);
    if (from === undefined || /\s/.test(from)) {
      context.addIssue({
        code: "custom",
        message: "The old address must be a path of this site, such as /2023/05/news/ or /?p=123.",
      });
      return z.NEVER;
    }
    if (startsReserved(from)) {
      context.addIssue({
        code: "custom",
        message: `The old address may not start with ${RESERVED_REDIRECT_PREFIXES.join(", ")}.`,
      });
      return z.NEVER;
    }
    return from;
  });

const toField = z
  .string({ error: "The new address must be text." })
  .trim()
  .min(1, "The new address is required.")
  .max(MAX_REDIRECT_TO, tooLong("The new address", MAX_REDIRECT_TO))
  .refine(
    (value) => isRedirectTarget(value) && !/\s/.test(value),
    "The new address must be a path of this site (/blog/news) or an http(s) address.",
  );

const statusField = z.coerce
  .number({ error: "The status must be 301 or 302." })
  .refine((value): value is RedirectStatus => value === 301 || value === 302, {
    message: "The status must be 301 or 302.",
  })
  .transform((value) => value as RedirectStatus);

/** A redirect as staff write it (the form, the API, a CSV row). */
export const redirectInputSchema = z.object({
  from: fromField,
  to: toField,
  status: statusField.default(301),
});
export type RedirectInput = z.input<typeof redirectInputSchema>;
export type ParsedRedirectInput = z.output<typeof redirectInputSchema>;

export const redirectSchema = z.object({
  id: z.string(),
  /** The old address as it is matched: lower case, no trailing slash, the query sorted. */
  from: z.string(),
  to: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  /** "staff" or "import". */
  source: z.enum(["staff", "import"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Redirect = z.infer<typeof redirectSchema>;

/** The list's query: paging and a search in the old and new addresses. */
export const redirectListQuerySchema = pagingSchema.extend({
  q: z.string().trim().max(200, tooLong("The search", 200)).optional(),
});

/** An address that answered 404: how often, to visitors and to bots, first and last. */
export const notFoundSchema = z.object({
  path: z.string(),
  hits: z.number(),
  botHits: z.number(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type NotFoundEntry = z.infer<typeof notFoundSchema>;

export const notFoundListQuerySchema = pagingSchema.extend({
  /** "true": also the addresses only bots asked for. */
  bots: z.enum(["true", "false"]).optional(),
});

export const notFoundDeleteSchema = z.object({
  path: z.string().trim().min(1).max(MAX_REDIRECT_FROM),
});

/** What a CSV import of redirects did: added, changed, and the rows refused by line. */
export const redirectImportResultSchema = z.object({
  added: z.number(),
  updated: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type RedirectImportResult = z.infer<typeof redirectImportResultSchema>;

/** The largest CSV of redirects. */
export const MAX_REDIRECT_CSV_BYTES = 2 * 1024 * 1024;
