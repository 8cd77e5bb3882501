import { z } from "zod";
import { messages } from "../messages.ts";
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

const colourField = z
  .string({ error: "Background colour must be text." })
  .trim()
  .transform((value) => (value ? value : DEFAULT_BLOG_BG))
  .refine((value) => HEX_COLOUR.test(value), {
    message: "Background colour must be a hex colour such as #ffffff.",
  });

/** The text fields of the blog form (multipart), as sent by the back office. */
export const blogInputSchema = z.object({
  title: titleField,
  content: pointsField.optional().transform((points) => points ?? []),
  bg: colourField.optional().transform((value) => value ?? DEFAULT_BLOG_BG),
});
/**
 * The same form on PATCH: a field that is not sent keeps its current value; a field that
 * is sent follows the rules of `blogInputSchema` (an empty `content` clears the points).
 */
export const blogPatchSchema = z.object({
  title: titleField.optional(),
  content: pointsField.optional(),
  bg: colourField.optional(),
});
export type BlogInput = z.input<typeof blogInputSchema>;
export type ParsedBlogInput = z.output<typeof blogInputSchema>;
export type ParsedBlogPatch = z.output<typeof blogPatchSchema>;

export const imageVariantSchema = z.object({ width: z.number(), url: z.string() });

/** A blog as the API answers it. */
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
});
export type Blog = z.infer<typeof blogSchema>;

/** Minutes to read: 200 words a minute, rounded up, at least 1. */
export function readingMinutes(points: readonly string[]): number {
  const words = points
    .join(" ")
    .replace(/[#*]/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "").length;
  return Math.max(1, Math.ceil(words / 200));
}
