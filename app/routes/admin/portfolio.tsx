import { useId, useRef, useState, type FormEvent } from "react";
import { messages } from "../../../common/messages.ts";
import type { Video } from "../../../common/schemas/video.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  fileInput,
  fileSize,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { VideoTable } from "../../components/admin/video-table.tsx";
import { api, ApiError, upload, type UploadProgress } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Portfolio videos");

export default function Portfolio() {
  const { notify } = useFeedback();
  const videos = useApiData(() => api<Video[]>("/video"), []);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const ids = { url: useId(), file: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setCancelled(false);
    setProgress(null);
    const form = new FormData(event.currentTarget);
    const file = form.get("video");
    if (!(file instanceof File) || file.size === 0) {
      setError(messages.videoRequired);
      return;
    }
    const body = new FormData();
    body.set("youtubeURL", String(form.get("youtubeURL") ?? "").trim());
    body.set("video", file);
    abort.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    setUploading(true);
    try {
      const video = await upload<Video>("/video", body, setProgress, abort.current.signal);
      videos.setData((current) => [video, ...(current ?? [])]);
      // The bar stays full until the next upload: staff see it reached 100 %.
      setProgress({ loaded: file.size, total: file.size });
      notify(messages.videoUploaded);
      setFormKey((k) => k + 1);
    } catch (problem) {
      setProgress(null);
      if (problem instanceof DOMException && problem.name === "AbortError") {
        setCancelled(true);
        // A cancel that lands once the last byte has left may still be kept by the server:
        // the list shows what it really holds.
        videos.reload();
      } else {
        // The server's reason when it gave one (too large, not a video…), else the spec's text.
        setError(
          problem instanceof ApiError && problem.status > 0 && problem.status !== 401
            ? problem.message
            : messages.videoUploadFailed,
        );
      }
    } finally {
      abort.current = null;
      setUploading(false);
    }
  }

  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <>
      <PageTitle>Add portfolio video</PageTitle>
      <Panel title="Upload a video" id="upload-title">
        <form key={formKey} onSubmit={onSubmit} className="max-w-xl space-y-5" noValidate>
          <div>
            <label htmlFor={ids.url} className={adminLabel}>
              Youtube URL
            </label>
            <input
              id={ids.url}
              name="youtubeURL"
              type="url"
              placeholder="https://www.youtube.com/watch?v=…"
              className={`${adminInput} mt-1`}
            />
            <p className="mt-1 text-xs text-muted">
              Optional. When given, the site shows its YouTube thumbnail and the play button opens
              it.
            </p>
          </div>
          <div>
            <label htmlFor={ids.file} className={adminLabel}>
              Video file
            </label>
            <input id={ids.file} name="video" type="file" accept="video/*" className={fileInput} />
            <p className="mt-1 text-xs text-muted">
              MP4, WebM or QuickTime (.mov). Large files upload with a progress bar.
            </p>
          </div>
          {progress && (
            <div className="space-y-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <div className="flex items-baseline justify-between gap-3">
                <label htmlFor={`${ids.file}-progress`} className={adminLabel}>
                  {uploading ? `Uploading… ${percent}%` : `Upload complete: ${percent}%`}
                </label>
                <span className="text-sm text-muted">
                  {fileSize(progress.loaded)} of {fileSize(progress.total)}
                </span>
              </div>
              <progress
                id={`${ids.file}-progress`}
                max={progress.total}
                value={progress.loaded}
                className="block h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand"
              />
              {uploading && (
                <button
                  type="button"
                  className={adminButtonSecondary}
                  onClick={() => abort.current?.abort()}
                >
                  Cancel upload
                </button>
              )}
            </div>
          )}
          <div aria-live="polite">
            {cancelled && (
              <p className="rounded-lg bg-slate-100 px-4 py-3 font-semibold text-ink">
                Upload cancelled. Nothing was saved.
              </p>
            )}
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger">
                {error}
              </p>
            )}
          </div>
          <button type="submit" disabled={uploading} className={adminButton}>
            Upload Video
          </button>
        </form>
      </Panel>
      <Panel title="Uploaded videos" id="uploaded-title">
        <VideoTable
          headingId="uploaded-title"
          videos={videos.data}
          loading={videos.loading}
          error={videos.failed ? (videos.error ?? messages.videosFetchFailed) : undefined}
          onDeleted={(publicId) =>
            videos.setData((current) => (current ?? []).filter((v) => v.public_id !== publicId))
          }
          detailed
        />
      </Panel>
    </>
  );
}
