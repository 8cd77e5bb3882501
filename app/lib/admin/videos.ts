import { z } from "zod";
import { messages } from "../../../common/messages.ts";
import { contentImageSchema } from "../../../common/schemas/content.ts";
import { videoSchema, type Video, type VideoDetailsInput } from "../../../common/schemas/video.ts";
import { api, ApiError, upload, type UploadProgress } from "../admin-api.ts";

// The back office's portfolio videos: every call to /api/video and the poster upload, each
// answer parsed with the shared schema, so the screens get typed videos and never cast.

const videoList = z.array(videoSchema);

/** What POST /api/content-images answers: the picture's address and its smaller versions. */
const uploadedImageSchema = contentImageSchema
  .omit({ alt: true })
  .extend({ width: z.number(), height: z.number() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Every video in the site's order, hidden ones too. */
export async function listVideos(): Promise<Video[]> {
  return videoList.parse(await api<unknown>("/video"));
}

/** Uploads a video file with progress; it goes first in the site's order. */
export async function uploadVideo(
  file: File,
  fields: { youtubeURL: string; title: string },
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Video> {
  const form = new FormData();
  // Text fields first: the server reads them before the file streams to disk.
  form.set("youtubeURL", fields.youtubeURL.trim());
  form.set("title", fields.title.trim());
  form.set("video", file);
  return videoSchema.parse(await upload<unknown>("/video", form, onProgress, signal));
}

/** Changes a video's title, visibility or poster (null removes it). */
export async function updateVideo(publicId: string, details: VideoDetailsInput): Promise<Video> {
  return videoSchema.parse(
    await api<unknown>(`/video/${encodeURIComponent(publicId)}`, {
      method: "PATCH",
      json: details,
    }),
  );
}

/** Puts the portfolio in the order of `publicIds` (every video once); answers the new list. */
export async function reorderVideos(publicIds: string[]): Promise<Video[]> {
  return videoList.parse(
    await api<unknown>("/video/order", { method: "PUT", json: { ids: publicIds } }),
  );
}

/** Deletes a video and its file (the spec's DELETE /api/video/ with a JSON public_id). */
export async function deleteVideo(publicId: string): Promise<void> {
  const answer = z
    .object({ success: z.boolean().optional() })
    .parse(await api<unknown>("/video/", { method: "DELETE", json: { public_id: publicId } }));
  if (!answer.success) throw new ApiError(500, messages.videoDeleteFailed);
}

/** Uploads a poster picture through the image pipeline; it is saved on the video afterwards. */
export async function uploadPosterImage(
  file: Blob,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const form = new FormData();
  form.set("image", file, file instanceof File ? file.name : "poster.webp");
  return uploadedImageSchema.parse(
    await upload<unknown>("/content-images", form, onProgress, signal),
  );
}

/** The public_ids with the one at `index` moved by `delta` places (unchanged at an end). */
export function moved(ids: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** What the back office calls a video: its title, else its file's name. */
export function videoName(video: Pick<Video, "title" | "url">): string {
  return video.title || video.url.slice(video.url.lastIndexOf("/") + 1);
}

/** The widest poster frame taken from a video file (pixels). */
const FRAME_WIDTH = 1280;

/**
 * A still of a video file, taken in the browser (video element → canvas → WebP), to upload
 * as its poster: the frame at one second (or a tenth of a shorter video), else the first.
 * Answers undefined when the browser cannot decode the file or takes too long.
 */
export function posterFrame(file: File, timeoutMs = 8000): Promise<Blob | undefined> {
  if (typeof document === "undefined") return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let done = false;
    const finish = (blob: Blob | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const draw = () => {
      const { videoWidth, videoHeight } = video;
      if (!videoWidth || !videoHeight) return finish(undefined);
      const scale = Math.min(1, FRAME_WIDTH / videoWidth);
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(videoWidth * scale);
      canvas.height = Math.round(videoHeight * scale);
      const context = canvas.getContext("2d");
      if (!context) return finish(undefined);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => finish(blob ?? undefined), "image/webp", 0.85);
    };
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.addEventListener("error", () => finish(undefined), { once: true });
    video.addEventListener(
      "loadeddata",
      () => {
        const { duration } = video;
        // A recording without a duration (Infinity) shows its first frame.
        const at = Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 10) : 0;
        if (at === 0) return draw();
        video.addEventListener("seeked", draw, { once: true });
        video.currentTime = at;
      },
      { once: true },
    );
    video.src = url;
  });
}
