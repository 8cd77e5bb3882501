import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { messages } from "../../../common/messages.ts";
import { VIDEO_TITLE_MAX } from "../../../common/schemas/video.ts";
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
  adminProgress,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { VideoTable } from "../../components/admin/video-table.tsx";
import { ApiError, problemText, type UploadProgress } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import {
  listVideos,
  posterFrame,
  updateVideo,
  uploadPosterImage,
  uploadVideo,
} from "../../lib/admin/videos.ts";

export const meta = adminMeta("Portfolio videos");

/** The still taken from the chosen file, shown before the upload. */
type Still =
  | { state: "taking" }
  | { state: "ready"; preview: string }
  | { state: "failed" }
  | { state: "none" };

export default function Portfolio() {
  const { notify } = useFeedback();
  const videos = useApiData(listVideos, []);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const ids = { title: useId(), url: useId(), file: useId(), still: useId() };
  // The still is taken as soon as a file is chosen (shown as a preview) and the same one is
  // uploaded with the video: the file is decoded once.
  const [still, setStill] = useState<Still>({ state: "none" });
  const frame = useRef<{ file: File; blob: Promise<Blob | undefined> } | null>(null);
  const preview = still.state === "ready" ? still.preview : undefined;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file || file.size === 0) {
      frame.current = null;
      setStill({ state: "none" });
      return;
    }
    const taking = { file, blob: posterFrame(file) };
    frame.current = taking;
    setStill({ state: "taking" });
    void taking.blob.then((blob) => {
      // Another file was chosen (or the form was sent and emptied) meanwhile.
      if (frame.current !== taking) return;
      setStill(blob ? { state: "ready", preview: URL.createObjectURL(blob) } : { state: "failed" });
    });
  }

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
    const title = String(form.get("title") ?? "").trim();
    abort.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    setUploading(true);
    // A still of the video becomes its poster: the one already taken for the preview, else
    // one taken while the file uploads.
    const poster = frame.current?.file === file ? frame.current.blob : posterFrame(file);
    try {
      const video = await uploadVideo(
        file,
        { youtubeURL: String(form.get("youtubeURL") ?? ""), title },
        setProgress,
        abort.current.signal,
      );
      videos.setData((current) => [video, ...(current ?? [])]);
      // The bar stays full until the next upload: staff see it reached 100 %.
      setProgress({ loaded: file.size, total: file.size });
      notify(messages.videoUploaded);
      setFormKey((k) => k + 1);
      frame.current = null;
      setStill({ state: "none" });
      void savePosterFrame(video.public_id, title, poster);
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

  /** Uploads the still taken from the video as its poster (alt text: the title). */
  async function savePosterFrame(
    publicId: string,
    title: string,
    frame: Promise<Blob | undefined>,
  ) {
    const still = await frame;
    // The browser could not decode this video: staff can add a poster by hand.
    if (!still) return;
    try {
      const image = await uploadPosterImage(still, () => {});
      const saved = await updateVideo(publicId, {
        poster: {
          src: image.src,
          variants: image.variants,
          alt: title || "A still from the portfolio video",
        },
      });
      videos.setData((current) =>
        (current ?? []).map((video) => (video.public_id === publicId ? saved : video)),
      );
    } catch (problem) {
      notify(
        problemText(problem, "The poster taken from the video could not be saved.") +
          " Add one with “Add poster”.",
        "error",
      );
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
            <label htmlFor={ids.title} className={adminLabel}>
              Title
            </label>
            <input
              id={ids.title}
              name="title"
              maxLength={VIDEO_TITLE_MAX}
              placeholder="e.g. Restaurant promo"
              className={`${adminInput} mt-1`}
            />
            <p className="mt-1 text-xs text-muted">
              Optional. Shown under the video on the home page.
            </p>
          </div>
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
              Optional. When given, the play button opens it. The site never loads YouTube’s
              thumbnail: the still of the file below, or a poster you add, is shown.
            </p>
          </div>
          <div>
            <label htmlFor={ids.file} className={adminLabel}>
              Video file
            </label>
            <input
              id={ids.file}
              name="video"
              type="file"
              accept="video/*"
              aria-describedby={ids.still}
              onChange={onFileChosen}
              className={fileInput}
            />
            <p className="mt-1 text-xs text-muted">
              MP4, WebM or QuickTime (.mov). Large files upload with a progress bar. A still of the
              video becomes its poster; change it below.
            </p>
            <StillPreview id={ids.still} still={still} />
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
                className={`${adminProgress} h-3`}
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
        <p className="mb-4 text-sm text-muted">
          The home page shows the first six visible videos in this order, each with its title and
          poster.
        </p>
        <VideoTable
          headingId="uploaded-title"
          videos={videos.data}
          loading={videos.loading}
          error={videos.failed ? (videos.error ?? messages.videosFetchFailed) : undefined}
          onDeleted={(publicId) =>
            videos.setData((current) => (current ?? []).filter((v) => v.public_id !== publicId))
          }
          onChanged={(update) => videos.setData((current) => update(current ?? []))}
          editable
        />
      </Panel>
    </>
  );
}

/** The poster that will be uploaded with the video, or why there is none. */
function StillPreview({ id, still }: { id: string; still: Still }) {
  return (
    <div id={id} aria-live="polite" className="mt-2">
      {still.state === "taking" && (
        <p className="text-sm text-muted">Taking a still from the video…</p>
      )}
      {still.state === "ready" && (
        <figure className="flex flex-wrap items-start gap-3">
          <img
            src={still.preview}
            alt="Poster taken from the video"
            width={160}
            height={90}
            className="aspect-video w-40 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200"
          />
          <figcaption className="max-w-64 text-sm text-muted">
            This still is uploaded with the video as its poster.
          </figcaption>
        </figure>
      )}
      {still.state === "failed" && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-ink ring-1 ring-amber-200">
          No still could be taken from this file in this browser. The video uploads without a
          poster: add one with “Add poster” in the list below.
        </p>
      )}
    </div>
  );
}
