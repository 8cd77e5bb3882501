import { z } from "zod";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "../slug.ts";
import { cleanText, MAX_SEO_DESCRIPTION_LENGTH, MAX_SEO_TITLE_LENGTH } from "./blog.ts";
import { tooLong } from "./common.ts";
import { contentImageSchema } from "./content.ts";

// Pages staff make (issue 29, decision 0030): Terms of Service, Careers… at /{slug}. The API
// checks every write with these; the back office's form and its answers use the same ones.

export const PAGE_STATUSES = ["draft", "published"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const MAX_PAGE_TITLE_LENGTH = 120;
export const MAX_PAGE_BODY_LENGTH = 100_000;

export const pageSlugMessage =
  "The address may only have lower-case letters a–z, digits and single hyphens between them (e.g. terms).";

/** One line of text: control characters and line breaks dropped, trimmed. */
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .transform((value) =>
      cleanText(value)
        .replace(/[\t\r\n]+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(max, tooLong(label, max)));

export const pageInputSchema = z.object({
  title: line("The title", MAX_PAGE_TITLE_LENGTH).pipe(z.string().min(1, "The title is required.")),
  /** The address: /{slug}. The form suggests it from the title. */
  slug: z
    .string({ error: "The address must be text." })
    .trim()
    .min(1, "The address is required.")
    .max(MAX_SLUG_LENGTH, tooLong("The address", MAX_SLUG_LENGTH))
    .regex(SLUG_PATTERN, pageSlugMessage),
  /** The post format: a line starting with # is a heading, * a bullet, any other a paragraph. */
  body: z
    .string({ error: "The text must be text." })
    .transform((value) => cleanText(value).replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, "The text is required.")
        .max(MAX_PAGE_BODY_LENGTH, tooLong("The text", MAX_PAGE_BODY_LENGTH)),
    ),
  seoTitle: line("The search title", MAX_SEO_TITLE_LENGTH).default(""),
  seoDescription: line("The search description", MAX_SEO_DESCRIPTION_LENGTH).default(""),
  image: contentImageSchema.nullable().default(null),
  status: z.enum(PAGE_STATUSES, { error: "Status must be draft or published." }).default("draft"),
});
export type PageInput = z.input<typeof pageInputSchema>;

export const pageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  image: contentImageSchema.nullable(),
  status: z.enum(PAGE_STATUSES),
  authorId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

/** A page in the back office's list. */
export const pageSummarySchema = pageSchema.pick({
  id: true,
  slug: true,
  title: true,
  status: true,
  updatedAt: true,
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/** A published page's address and last change: the sitemap and the footer's links. */
export interface PageLink {
  slug: string;
  updatedAt: string;
}
