import { uploadedMediaSchema, type UploadedMedia } from "../../../common/schemas/media.ts";
import { upload } from "../admin-api.ts";

// The pictures a post's text shows (`![alt](src)` lines): uploaded through the image
// pipeline with POST /api/admin/media, with the admin token and the progress of the bytes.

/**
 * Uploads a picture for a post's text; `onProgress` hears the fraction sent (0 to 1).
 * Answers the address to put in `![alt](src)` and its size; an error answer throws ApiError.
 */
export async function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  const form = new FormData();
  form.set("image", file, file.name || "image");
  const answer = await upload<unknown>(
    "/admin/media",
    form,
    ({ loaded, total }) => onProgress?.(total > 0 ? Math.min(1, loaded / total) : 0),
    signal,
  );
  return uploadedMediaSchema.parse(answer);
}
