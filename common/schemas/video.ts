import { z } from "zod";
import { youtubeId } from "../youtube.ts";
import { tooLong } from "./common.ts";
import { contentImageSchema } from "./content.ts";

export { youtubeId };

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_URL_CHARS = /[\s\u0000-\u001f\u007f]/;

export const youtubeUrlField = z
  .string({ error: "YouTube URL must be text." })
  .trim()
  .max(500, "YouTube URL must be at most 500 characters.")
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine(
    // The URL parser drops tabs, line breaks and control characters: refuse them here, so
    // what is stored is exactly the link that was checked.
    (value) =>
      value === undefined || (!UNSAFE_URL_CHARS.test(value) && youtubeId(value) !== undefined),
    {
      message: "Please enter a YouTube video URL (youtube.com or youtu.be).",
    },
  );

export const VIDEO_TITLE_MAX = 120;

/** What the site's portfolio calls a video; blank for none. */
export const videoTitleField = z
  .string({ error: "Title must be text." })
  .trim()
  .max(VIDEO_TITLE_MAX, tooLong("Title", VIDEO_TITLE_MAX));

/** The text fields of an upload (multipart): the spec's YouTube URL, and a title. */
export const videoFieldsSchema = z.object({
  youtubeURL: youtubeUrlField,
  title: videoTitleField.default(""),
});

/**
 * A change to a video's details (PATCH /api/video/:public_id): any of its title, whether the
 * site shows it, and its poster (an image uploaded with POST /api/content-images, with its alt
 * text; null removes it). A field left out keeps its value.
 */
export const videoDetailsSchema = z
  .object(
    {
      title: videoTitleField.optional(),
      visible: z.boolean({ error: "Visible must be true or false." }).optional(),
      poster: contentImageSchema.nullable().optional(),
    },
    { error: "The body must be a JSON object." },
  )
  .refine(
    (value) =>
      value.title !== undefined || value.visible !== undefined || value.poster !== undefined,
    { message: "Nothing to change: send a title, visible or poster." },
  );
export type VideoDetailsInput = z.input<typeof videoDetailsSchema>;

/** The portfolio's new order (PUT /api/video/order): every video's public_id once. */
export const videoOrderSchema = z.object(
  {
    ids: z
      .array(z.string({ error: "ids must be a list of public_ids." }).trim().min(1).max(100), {
        error: "ids must be a list of public_ids.",
      })
      .max(1000, "Too many ids."),
  },
  { error: "The body must be a JSON object." },
);

export const videoParams = z.object({
  public_id: z.string().trim().min(1, "public_id is required.").max(100, "Video not found."),
});

export const videoDeleteSchema = z.object({
  public_id: z
    .string({ error: "public_id is required." })
    .trim()
    .min(1, "public_id is required.")
    .max(100, "public_id must be at most 100 characters."),
});

/** A portfolio video as the API answers it. */
export const videoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  public_id: z.string(),
  youtubeURL: z.string().nullable(),
  mimeType: z.string(),
  size: z.number(),
  date: z.string(),
  /** "" when staff gave none. */
  title: z.string(),
  /** The picture shown before the video plays (an upload of this site), or null. */
  poster: z
    .object({
      src: z.string(),
      alt: z.string(),
      variants: z.array(z.object({ width: z.number(), url: z.string() })),
    })
    .nullable(),
  /** The site's order: smallest first. */
  position: z.number(),
  /** Whether the site's portfolio shows it (the back office lists every video). */
  visible: z.boolean(),
});
export type Video = z.infer<typeof videoSchema>;
