import { z } from "zod";
import { messages } from "../messages.ts";
import { SLUG_PATTERN, MAX_SLUG_LENGTH, slugify } from "../slug.ts";
import { requiredText, tooLong } from "./common.ts";

export const DEFAULT_BLOG_BG = "#ffffff";
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** Splits the form's content (points joined by line breaks) into points. */
export function splitPoints(content: string | string[] | undefined): string[] {
  const parts = content === undefined ? [] : Array.isArray(content) ? content : [content];
  return parts
    .flatMap((part) => part.split(/\r\n|\r|\n/))
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Control characters (other than tab and line breaks) never belong in a post's text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const stripControlChars = (text: string) => text.replace(CONTROL_CHARS, "");
/**
 * Post text as it is stored and searched: no control characters, and composed (NFC), so
 * "é" or "Ọ́" typed as a letter plus accents matches the same letter typed precomposed.
 */
export const cleanText = (text: string) => stripControlChars(text).normalize("NFC");

const titleField = z
  .string({ error: messages.required })
  .transform((value) => cleanText(value).replace(/[\t\r\n]+/g, " "))
  .pipe(requiredText("Title", 200));

const pointsField = z
  .union([z.string(), z.array(z.string())], { error: "Content must be text." })
  .transform((value) => splitPoints(Array.isArray(value) ? value.map(cleanText) : cleanText(value)))
  .refine((points) => points.every((point) => point.length <= 10000), tooLong("A point", 10000))
  .refine((points) => points.length <= 500, "A blog can have at most 500 points.")
  .refine((points) => points.join("\n").length <= 100000, tooLong("The content", 100000));

/**
 * The back office's own form of the points (decision 0033): a JSON array of strings, each
 * point kept whole, its own line breaks included, so a point typed on two lines comes back
 * as one point of two lines. Each point is cleaned and trimmed; empty points are dropped.
 * The limits are those of `content`.
 */
export function keptPoints(points: readonly string[]): string[] {
  return points
    .map((point) =>
      cleanText(point)
        .replace(/\r\n?/g, "\n")
        .split("\n")
        .map((line) => line.trimEnd())
        .join("\n")
        .trim(),
    )
    .filter((point) => point !== "");
}

const keptPointsField = z
  .string({ error: "Points must be a JSON array of texts." })
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "Points must be a JSON array of texts." });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string(), { error: "Points must be a JSON array of texts." }))
  .transform(keptPoints)
  .refine((points) => points.every((point) => point.length <= 10000), tooLong("A point", 10000))
  .refine((points) => points.length <= 500, "A blog can have at most 500 points.")
  .refine((points) => points.join("\n").length <= 100000, tooLong("The content", 100000));

/** The version of a post an editor opened (decision 0033): a whole number from 1. */
const versionField = z.coerce
  .number({ error: "The version must be a whole number." })
  .int("The version must be a whole number.")
  .min(1, "The version must be a whole number.");

const colourField = z
  .string({ error: "Background colour must be text." })
  .trim()
  .transform((value) => (value ? value : DEFAULT_BLOG_BG))
  .refine((value) => HEX_COLOUR.test(value), {
    message: "Background colour must be a hex colour such as #ffffff.",
  });

/**
 * A post's states: "review" is a post an author sent for review (decision 0051): only the
 * submit call puts a post there, and an editor or an owner publishes it or sends it back.
 */
export const BLOG_STATUSES = ["draft", "review", "scheduled", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
/** The states a save may ask for (`status` of the form): review is the submit call's. */
export const SAVED_STATUSES = ["draft", "scheduled", "published"] as const;
/** What the review's refusals say (decision 0051). */
export const reviewMessages = {
  submitOnlyDraft: "Only a draft can be sent for review.",
  returnOnlyReview: "Only a post waiting for review can be sent back to draft.",
  notYours: "An author may open and change only their own posts: this one is someone else's.",
  authorCannotPublish:
    "An author cannot publish or schedule a post: send it for review, and an editor or an owner publishes it.",
  authorNotDraft:
    "This post is published or scheduled: an author cannot change it. Ask an editor or an owner.",
} as const;

/** What the back office calls each state (the Posts screen's filter and badges). */
export const blogStatusNames: Record<BlogStatus, string> = {
  draft: "Draft",
  review: "Waiting for review",
  scheduled: "Scheduled",
  published: "Published",
};

export const MAX_EXCERPT_LENGTH = 300;
export const MAX_SEO_TITLE_LENGTH = 70;
export const MAX_SEO_DESCRIPTION_LENGTH = 160;
export const MAX_IMAGE_ALT_LENGTH = 250;

export const slugMessage =
  "The slug may only have lower-case letters a–z, digits and single hyphens between them (e.g. grow-on-instagram).";
/** A UUID-shaped address is read as a post id (/blog/{id}), so no slug may look like one. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuidShaped = (value: string) => UUID_SHAPE.test(value);

/** An optional one-line text: control characters and line breaks dropped, trimmed. */
const lineField = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .transform((value) =>
      cleanText(value)
        .replace(/[\t\r\n]+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(max, tooLong(label, max)));

/** The refusal (409) of a slug another post's address already has. */
export const slugTakenMessage = (slug: string) =>
  `The address /blog/${slug} is already used by another post. Choose another slug.`;

const slugField = z
  .string({ error: "The slug must be text." })
  .trim()
  .max(MAX_SLUG_LENGTH, tooLong("The slug", MAX_SLUG_LENGTH))
  .refine((value) => value === "" || SLUG_PATTERN.test(value), slugMessage)
  .refine((value) => !isUuidShaped(value), "The slug must not look like a post id.");

const statusField = z.enum(SAVED_STATUSES, {
  error: "Status must be draft, scheduled or published.",
});
/** A post's state as stored and answered. */
const storedStatusField = z.enum(BLOG_STATUSES);

/** When a scheduled post goes public: an ISO 8601 time with its offset ("…Z" or "+01:00"). */
const publishedAtField = z
  .string({ error: "The publication time must be text." })
  .trim()
  .refine(
    (value) =>
      value === "" ||
      (/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))),
    "The publication time must be a date and time with its time zone, e.g. 2026-05-01T09:00:00Z.",
  )
  .transform((value) => (value ? new Date(value).toISOString() : undefined));

export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS = 10;

/** A tag as a post carries it: its name and the slug of its address (/blog/tag/{slug}). */
export const tagSchema = z.object({ name: z.string(), slug: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/**
 * The names typed in a tags field, one text or several: split at commas, control
 * characters and runs of spaces dropped, trimmed, blanks left out, and the names of one
 * slug merged (the first written wins).
 */
export function parseTagNames(value: string | readonly string[]): Tag[] {
  const names = (typeof value === "string" ? [value] : value)
    .flatMap((part) => part.split(","))
    .map((name) => cleanText(name).replace(/\s+/g, " ").trim())
    .filter((name) => name !== "");
  const tags = new Map<string, Tag>();
  for (const name of names) {
    const slug = slugify(name);
    if (!tags.has(slug)) tags.set(slug, { name, slug });
  }
  return [...tags.values()];
}

/**
 * A post's tags (`tags`): one text of comma-separated names or the field repeated; each
 * name 1–40 characters, at most 10 once duplicates (same slug) are merged. "" removes them.
 */
const tagsField = z
  .union([z.string(), z.array(z.string())], { error: "Tags must be text." })
  .transform(parseTagNames)
  .refine((tags) => tags.every((tag) => tag.name.length <= MAX_TAG_LENGTH), {
    message: `A tag can have at most ${MAX_TAG_LENGTH} characters.`,
  })
  .refine((tags) => tags.length <= MAX_TAGS, {
    message: `A post can have at most ${MAX_TAGS} tags.`,
  });

/** The workflow and SEO fields, the same on create and update (each optional). */
const publishingFields = {
  status: statusField.optional(),
  publishedAt: publishedAtField.optional(),
  /** "" (or not sent on create) makes the slug from the title. */
  slug: slugField.optional(),
  excerpt: lineField("The excerpt", MAX_EXCERPT_LENGTH).optional(),
  seoTitle: lineField("The SEO title", MAX_SEO_TITLE_LENGTH).optional(),
  seoDescription: lineField("The SEO description", MAX_SEO_DESCRIPTION_LENGTH).optional(),
  imageAlt: lineField("The cover's alt text", MAX_IMAGE_ALT_LENGTH).optional(),
  /** Not sent: the post keeps its tags. */
  tags: tagsField.optional(),
};

/**
 * The text fields of the blog form (multipart), as sent by the back office. Without
 * `status` a new post is published at once (the spec's form); `scheduled` needs
 * `publishedAt` in the future.
 */
export const blogInputSchema = z
  .object({
    title: titleField,
    content: pointsField.optional(),
    /** The back office's points, each kept whole (decision 0033); when sent, `content` is not read. */
    points: keptPointsField.optional(),
    bg: colourField.optional().transform((value) => value ?? DEFAULT_BLOG_BG),
    ...publishingFields,
  })
  .transform(({ points, content, ...rest }) => ({ ...rest, content: points ?? content ?? [] }));
/**
 * The same form on PATCH: a field that is not sent keeps its current value; a field that
 * is sent follows the rules of `blogInputSchema` (an empty `content` clears the points).
 * `version`, sent by the back office only, is the version it opened: another is refused.
 */
export const blogPatchSchema = z
  .object({
    title: titleField.optional(),
    content: pointsField.optional(),
    points: keptPointsField.optional(),
    bg: colourField.optional(),
    version: versionField.optional(),
    ...publishingFields,
  })
  .transform(({ points, content, ...rest }) => ({ ...rest, content: points ?? content }));
export type BlogInput = z.input<typeof blogInputSchema>;
export type ParsedBlogInput = z.output<typeof blogInputSchema>;
export type ParsedBlogPatch = z.output<typeof blogPatchSchema>;

export const imageVariantSchema = z.object({ width: z.number(), url: z.string() });

/**
 * A blog as the public API answers it: a public post only (published, or scheduled and
 * due). `date` is when it went public; `excerpt` is its own or the 15-word teaser.
 */
export const blogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.array(z.string()),
  bg: z.string(),
  image: z.string().nullable(),
  imageWidth: z.number().nullable(),
  imageHeight: z.number().nullable(),
  /** WebP versions of the image, narrowest first, for srcset. */
  imageVariants: z.array(imageVariantSchema),
  duration: z.number(),
  date: z.string(),
  updatedAt: z.string(),
  /** The readable address part: /blog/{slug}. */
  slug: z.string(),
  excerpt: z.string(),
  /** Its tags, by name. */
  tags: z.array(tagSchema),
});
export type Blog = z.infer<typeof blogSchema>;

/** A tag with how many public posts it has: GET /api/tags. */
export const tagCountSchema = tagSchema.extend({ count: z.number() });
export type TagCount = z.infer<typeof tagCountSchema>;

/** What the public post page needs beyond the API's shape (the defaults applied). */
export interface PublicPost extends Blog {
  seoTitle: string;
  seoDescription: string;
  /** The cover's alt text ("" for a decorative picture). */
  imageAlt: string;
  /** The author's name, when the author gave one. */
  authorName: string | null;
}

/** The post of a private preview link: `public` once it is on the site. */
export interface PreviewPost extends PublicPost {
  status: BlogStatus;
  public: boolean;
}

/** A post as the back office sees it: any status, its own (raw) workflow and SEO fields. */
export const adminBlogSchema = blogSchema.extend({
  status: storedStatusField,
  /** When it went or goes public; null for a draft. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The post's own excerpt, "" for the default teaser. */
  customExcerpt: z.string(),
  /** "" for the defaults (the title; the excerpt). */
  seoTitle: z.string(),
  seoDescription: z.string(),
  imageAlt: z.string(),
  /** The author's name, else the local part of the e-mail; null when unknown or removed. */
  authorName: z.string().nullable(),
  /** The staff account that wrote it; null when unknown or removed. */
  authorId: z.string().nullable(),
  /** Who sent it for review (name, else the e-mail's local part) and when; null when never. */
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The note of the editor who sent it back to draft; "" when none. */
  reviewNote: z.string(),
  /** The private preview address (/blog/preview/{token}); null until one is made. */
  previewPath: z.string().nullable(),
  /** 1 when made, one more at every update: sent back as `version` when saving (decision 0033). */
  version: z.number(),
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;

export const previewLinkSchema = z.object({ previewPath: z.string() });

/** Minutes to read: 200 words a minute, rounded up, at least 1. */
export function readingMinutes(points: readonly string[]): number {
  const words = points
    .join(" ")
    .replace(/[#*]/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "").length;
  return Math.max(1, Math.ceil(words / 200));
}

/** Posts on one page of the public blog list (/blog, /blog?page=N). */
export const BLOG_PAGE_SIZE = 12;
/** The most posts one page of an API list may ask for. */
export const MAX_BLOG_PAGE_SIZE = 100;

const pageSizeMessage = `Page size must be a whole number between 1 and ${MAX_BLOG_PAGE_SIZE}.`;

/**
 * Paging of a blog list: `page` (from 1) and `pageSize` (1 to MAX_BLOG_PAGE_SIZE, default
 * BLOG_PAGE_SIZE). Without either, the list is every post.
 */
export const blogPagingSchema = z.object({
  page: z.coerce
    .number({ error: "Page must be a whole number of 1 or more." })
    .int("Page must be a whole number of 1 or more.")
    .min(1, "Page must be a whole number of 1 or more.")
    .max(1_000_000, "Page must be at most 1000000.")
    .optional(),
  pageSize: z.coerce
    .number({ error: pageSizeMessage })
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(MAX_BLOG_PAGE_SIZE, pageSizeMessage)
    .optional(),
});
export type BlogPaging = z.infer<typeof blogPagingSchema>;

const tagSlugField = z
  .string()
  .trim()
  .max(MAX_SLUG_LENGTH, "A tag must be the slug of a tag, e.g. instagram.")
  .refine((value) => value === "" || SLUG_PATTERN.test(value), {
    message: "A tag must be the slug of a tag, e.g. instagram.",
  })
  .transform((value) => value || undefined);

/** The search box of a blog list (`q`). */
export const blogSearchField = z
  .string()
  .trim()
  .max(200, "Search must be at most 200 characters.")
  .optional();

/** The public blog list's query: paging, `q` and `tag` (a tag's slug). */
export const blogListQuerySchema = blogPagingSchema.extend({
  q: blogSearchField,
  tag: tagSlugField.optional(),
});

/** The back office's list of every post: paging, `q`, `status` and `tag`. */
export const adminBlogListQuerySchema = blogListQuerySchema.extend({
  status: z
    .enum(["", ...BLOG_STATUSES], {
      error: "Status must be draft, review, scheduled or published.",
    })
    .transform((value) => value || undefined)
    .optional(),
});
export type AdminBlogListQuery = z.output<typeof adminBlogListQuerySchema>;

/** A public post's address and dates: what the sitemap lists. */
export type PostLink = Pick<Blog, "_id" | "slug" | "date" | "updatedAt">;

/** What made a revision: the post's creation, a save, or a restore of an earlier revision. */
export const REVISION_KINDS = ["create", "update", "restore"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
/** How many revisions of a post are kept (decision 0034). */
export const MAX_REVISIONS = 30;

/** A revision in the editor's list (newest first). */
export const blogRevisionSummarySchema = z.object({
  id: z.string(),
  /** When it was saved (its last save, for saves merged into it). */
  createdAt: z.string(),
  /** Who saved it: the name, else the e-mail's local part; null once they are removed. */
  authorName: z.string().nullable(),
  kind: z.enum(REVISION_KINDS),
  title: z.string(),
});
export type BlogRevisionSummary = z.infer<typeof blogRevisionSummarySchema>;

/** One revision: the post's editable fields as they were saved. */
export const blogRevisionSchema = blogRevisionSummarySchema.extend({
  content: z.array(z.string()),
  bg: z.string(),
  slug: z.string(),
  /** The post's own excerpt then ("" for the teaser). */
  customExcerpt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  imageAlt: z.string(),
  /** Whether the post had a cover then; a restore keeps today's cover. */
  hadImage: z.boolean(),
  status: storedStatusField,
  publishedAt: z.string().nullable(),
});
export type BlogRevision = z.infer<typeof blogRevisionSchema>;

/** The note an editor may give when sending a post in review back to its author. */
export const MAX_REVIEW_NOTE_LENGTH = 1000;
export const returnToDraftSchema = z.object({
  note: z
    .string({ error: "The note must be text." })
    .transform((value) => cleanText(value).trim())
    .pipe(z.string().max(MAX_REVIEW_NOTE_LENGTH, tooLong("The note", MAX_REVIEW_NOTE_LENGTH)))
    .optional()
    .transform((value) => value ?? ""),
});
