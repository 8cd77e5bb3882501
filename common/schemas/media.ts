import { z } from "zod";

/**
 * What POST /api/admin/media answers: the address a post's text names the picture by
 * (`![alt](src)`, common/post-media.ts) and the size of that largest WebP version.
 */
export const uploadedMediaSchema = z.object({
  src: z.string().describe("Site-relative address of the largest WebP version, /media/posts/…"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;
