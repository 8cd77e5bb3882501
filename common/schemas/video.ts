import { z } from "zod";
import { youtubeId } from "../youtube.ts";

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

export const videoFieldsSchema = z.object({ youtubeURL: youtubeUrlField });

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
});
export type Video = z.infer<typeof videoSchema>;
