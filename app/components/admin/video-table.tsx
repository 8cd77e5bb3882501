import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatDate } from "../../../common/format.ts";
import { messages } from "../../../common/messages.ts";
import { VIDEO_TITLE_MAX, type Video } from "../../../common/schemas/video.ts";
import { ApiError, problemText, type UploadProgress } from "../../lib/admin-api.ts";
import {
  deleteVideo,
  moved,
  reorderVideos,
  updateVideo,
  uploadPosterImage,
  videoName,
} from "../../lib/admin/videos.ts";
import { useFeedback } from "./feedback.tsx";
import { useDeleteAction } from "./use-delete-action.ts";
import {
  ActionsCell,
  adminButtonDanger,
  adminInput,
  adminLabel,
  Blank,
  Cell,
  DataTable,
  fileInput,
  fileSize,
  focusById,
  LoadState,
  Row,
  TableStatus,
  adminProgress,
} from "./ui.tsx";

/** The file name of a stored video, short enough to read in a table. */
const fileName = (url: string) => url.slice(url.lastIndexOf("/") + 1);

const smallButton =
  "inline-flex items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/**
 * The uploaded portfolio videos with Delete (dashboard and portfolio page). `editable` (the
 * portfolio page) adds what the site shows of each: title, poster, visibility and order.
 */
export function VideoTable({
  videos,
  loading,
  error,
  onDeleted,
  onChanged,
  headingId,
  detailed = false,
  editable = false,
}: {
  videos: Video[] | undefined;
  loading: boolean;
  error?: string;
  onDeleted: (publicId: string) => void;
  /** Changes the list (a video's details, or the order). Needed when `editable`. */
  onChanged?: (update: (videos: Video[]) => Video[]) => void;
  /** The heading focus moves to once a deleted row is gone. */
  headingId: string;
  detailed?: boolean;
  editable?: boolean;
}) {
  const { notify } = useFeedback();
  const list = videos ?? [];
  const idPrefix = useId();
  const moveButtonId = (direction: "up" | "down", video: Video) =>
    `${idPrefix}-move-${direction}-${video.public_id}`;
  const [announcement, setAnnouncement] = useState("");
  // The Move button that was pressed: focus stays on it once its row has moved (the browser
  // drops the focus of an element its parent moves).
  const focusAfterMove = useRef<string | null>(null);
  const pendingOrder = useRef(0);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    const button = document.getElementById(focusAfterMove.current);
    focusAfterMove.current = null;
    if (button && document.activeElement !== button) button.focus();
  }, [videos]);

  const deletion = useDeleteVideo(headingId, onDeleted);

  function replace(video: Video) {
    onChanged?.((current) =>
      current.map((item) => (item.public_id === video.public_id ? video : item)),
    );
  }

  /** The list in the order of `ids` (a video not named keeps its place at the end). */
  const arrange = (ids: readonly string[]) =>
    onChanged?.((current) => {
      const rank = new Map(ids.map((id, index) => [id, index]));
      const at = (video: Video) => rank.get(video.public_id) ?? ids.length;
      return [...current].sort((a, b) => at(a) - at(b));
    });

  async function move(video: Video, direction: "up" | "down") {
    const index = list.findIndex((item) => item.public_id === video.public_id);
    const delta = direction === "up" ? -1 : 1;
    const name = videoName(video);
    if (index + delta < 0 || index + delta >= list.length) {
      setAnnouncement(
        direction === "up" ? `“${name}” is already first.` : `“${name}” is already last.`,
      );
      return;
    }
    const before = list.map((item) => item.public_id);
    const order = moved(before, index, delta);
    focusAfterMove.current = moveButtonId(direction, video);
    arrange(order);
    setAnnouncement(`Moved “${name}” to position ${index + delta + 1} of ${list.length}.`);
    const attempt = ++pendingOrder.current;
    try {
      await reorderVideos(order);
    } catch (problem) {
      // A later move has already changed the order again: its own answer decides.
      if (attempt !== pendingOrder.current) return;
      focusAfterMove.current = moveButtonId(direction, video);
      arrange(before);
      setAnnouncement(`“${name}” was not moved.`);
      notify(problemText(problem, "The new order could not be saved. Please try again."), "error");
    }
  }

  const columns = editable
    ? ["Poster", "Video", "Visible", "Order", ""]
    : detailed
      ? ["Url", "YouTube", "Size", "Date", ""]
      : ["Url", ""];
  return (
    <>
      {list.length > 0 && error && (
        <LoadState loading={false} error={error} empty={false} emptyText="" />
      )}
      {editable && (
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      )}
      <DataTable
        label="Videos"
        columns={columns}
        placeholder={
          <TableStatus loading={loading} error={error} emptyText="No videos uploaded yet." />
        }
      >
        {list.map((video, index) => (
          <Row key={video._id}>
            {editable ? (
              <>
                <Cell label="Poster" className="md:min-w-44">
                  <PosterEditor video={video} onSaved={replace} />
                </Cell>
                <Cell label="Video" className="md:min-w-64">
                  <div className="w-full space-y-2">
                    <TitleForm video={video} onSaved={replace} />
                    <VideoLinks video={video} />
                  </div>
                </Cell>
                <Cell label="Visible" className="whitespace-nowrap">
                  <VisibleSwitch video={video} onSaved={replace} />
                </Cell>
                <Cell label="Order">
                  <div className="flex flex-col gap-1.5 max-md:flex-row max-md:flex-wrap">
                    <button
                      id={moveButtonId("up", video)}
                      type="button"
                      className={smallButton}
                      aria-disabled={index === 0 || undefined}
                      onClick={() => void move(video, "up")}
                    >
                      <span aria-hidden="true">↑</span> Move up
                      <span className="sr-only"> video “{videoName(video)}”</span>
                    </button>
                    <button
                      id={moveButtonId("down", video)}
                      type="button"
                      className={smallButton}
                      aria-disabled={index === list.length - 1 || undefined}
                      onClick={() => void move(video, "down")}
                    >
                      <span aria-hidden="true">↓</span> Move down
                      <span className="sr-only"> video “{videoName(video)}”</span>
                    </button>
                  </div>
                </Cell>
              </>
            ) : (
              <>
                <Cell label="Url" className="break-all">
                  <FileLink url={video.url} />
                </Cell>
                {detailed && (
                  <Cell label="YouTube" className="break-all">
                    {video.youtubeURL ? <YouTubeLink url={video.youtubeURL} /> : <Blank />}
                  </Cell>
                )}
                {detailed && (
                  <Cell label="Size" className="whitespace-nowrap">
                    {fileSize(video.size)}
                  </Cell>
                )}
                {detailed && (
                  <Cell label="Date" className="whitespace-nowrap">
                    {formatDate(video.date)}
                  </Cell>
                )}
              </>
            )}
            <ActionsCell>
              <button
                type="button"
                className={adminButtonDanger}
                disabled={deletion.pending?.public_id === video.public_id}
                onClick={() => void deletion.run(video)}
              >
                Delete<span className="sr-only"> video {fileName(video.url)}</span>
              </button>
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
    </>
  );
}

function useDeleteVideo(headingId: string, onDeleted: (publicId: string) => void) {
  return useDeleteAction<Video>({
    question: messages.confirmDeleteVideo,
    remove: (video) => deleteVideo(video.public_id),
    onRemoved: (video) => {
      onDeleted(video.public_id);
      focusById(headingId);
    },
    removed: messages.videoDeleted,
    // The server said no: 'Failed to…'; no answer at all (network): 'An error occurred…'.
    failed: (problem) =>
      problem instanceof ApiError && problem.status > 0
        ? messages.videoDeleteFailed
        : messages.videoDeleteError,
  });
}

function FileLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
      {url}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function YouTubeLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
      {url}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The file, its YouTube link, size and date, under the title. */
function VideoLinks({ video }: { video: Video }) {
  return (
    <div className="space-y-0.5 text-xs text-muted">
      <p className="break-all">
        <span className="font-semibold">File: </span>
        <FileLink url={video.url} />
      </p>
      <p className="break-all">
        <span className="font-semibold">YouTube: </span>
        {video.youtubeURL ? <YouTubeLink url={video.youtubeURL} /> : <Blank />}
      </p>
      <p>
        {fileSize(video.size)} · {formatDate(video.date)}
      </p>
    </div>
  );
}

function TitleForm({ video, onSaved }: { video: Video; onSaved: (video: Video) => void }) {
  const { notify } = useFeedback();
  const id = useId();
  const [value, setValue] = useState(video.title);
  const [stored, setStored] = useState(video.title);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Another save (or a reload) changed the stored title: show it.
  if (stored !== video.title) {
    setStored(video.title);
    setValue(video.title);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const saved = await updateVideo(video.public_id, { title: value });
      onSaved(saved);
      notify(saved.title ? `Title saved: “${saved.title}”.` : "Title removed.");
    } catch (problem) {
      setError(problemText(problem, "The title could not be saved. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className={adminLabel}>
        Title<span className="sr-only"> of {fileName(video.url)}</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={VIDEO_TITLE_MAX}
          placeholder="e.g. Restaurant promo"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${adminInput} min-w-0 py-1.5`}
        />
        <button
          type="submit"
          disabled={saving || value.trim() === video.title}
          className={smallButton}
        >
          Save<span className="sr-only"> title</span>
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function VisibleSwitch({ video, onSaved }: { video: Video; onSaved: (video: Video) => void }) {
  const { notify } = useFeedback();
  const id = useId();
  const [saving, setSaving] = useState(false);

  async function toggle(visible: boolean) {
    setSaving(true);
    // Shown at once; put back when the server says no.
    onSaved({ ...video, visible });
    try {
      onSaved(await updateVideo(video.public_id, { visible }));
      notify(
        visible
          ? `“${videoName(video)}” is shown on the site.`
          : `“${videoName(video)}” is hidden from the site.`,
      );
    } catch (problem) {
      onSaved(video);
      notify(problemText(problem, "The change could not be saved. Please try again."), "error");
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={video.visible}
        disabled={saving}
        onChange={(event) => void toggle(event.target.checked)}
        className="size-5 accent-brand"
      />
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Visible<span className="sr-only"> on the site: {videoName(video)}</span>
      </label>
    </div>
  );
}

/** The poster's thumbnail, and a disclosure to upload, describe or remove it. */
function PosterEditor({ video, onSaved }: { video: Video; onSaved: (video: Video) => void }) {
  const { notify } = useFeedback();
  const ids = { file: useId(), alt: useId(), error: useId() };
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const { poster } = video;
  const name = videoName(video);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const file = form.get("poster");
    const alt = String(form.get("alt") ?? "").trim();
    const chosen = file instanceof File && file.size > 0 ? file : undefined;
    if (!chosen && !poster) return setError("Choose a poster image.");
    if (!alt) {
      document.getElementById(ids.alt)?.focus();
      return setError("Alt text is required: say what the poster shows.");
    }
    setBusy(true);
    try {
      let image = poster ? { src: poster.src, variants: poster.variants } : undefined;
      if (chosen) {
        setProgress({ loaded: 0, total: chosen.size });
        const uploaded = await uploadPosterImage(chosen, setProgress);
        image = { src: uploaded.src, variants: uploaded.variants };
      }
      const saved = await updateVideo(video.public_id, { poster: { ...image!, alt } });
      onSaved(saved);
      notify(`Poster saved for “${name}”.`);
      setOpen(false);
      setFormKey((key) => key + 1);
    } catch (problem) {
      setError(problemText(problem, "The poster could not be saved. Please try again."));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function remove() {
    setError(null);
    setBusy(true);
    try {
      onSaved(await updateVideo(video.public_id, { poster: null }));
      notify(`Poster removed from “${name}”.`);
      setOpen(false);
    } catch (problem) {
      setError(problemText(problem, "The poster could not be removed. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="w-full space-y-2">
      {poster ? (
        <img
          src={poster.variants[0]?.url ?? poster.src}
          alt={poster.alt}
          width={160}
          height={90}
          className="aspect-video w-40 rounded-md object-cover ring-1 ring-slate-200"
        />
      ) : (
        <>
          <div className="flex aspect-video w-40 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-muted">
            No poster
          </div>
          <p className="max-w-64 text-xs text-muted">
            {video.youtubeURL
              ? "The site never loads YouTube’s thumbnail: add a poster, or the home page shows a built-in picture."
              : "Add a poster, or the home page shows a built-in picture."}
          </p>
        </>
      )}
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="max-w-64"
      >
        <summary className="cursor-pointer text-sm font-semibold text-brand underline">
          {poster ? "Change poster" : "Add poster"}
          <span className="sr-only"> for “{name}”</span>
        </summary>
        <form
          key={formKey}
          onSubmit={save}
          noValidate
          className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <div>
            <label htmlFor={ids.file} className={adminLabel}>
              Poster image
            </label>
            <input
              id={ids.file}
              name="poster"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className={`${fileInput} max-w-full`}
            />
          </div>
          <div>
            <label htmlFor={ids.alt} className={adminLabel}>
              Alt text
            </label>
            <input
              id={ids.alt}
              name="alt"
              defaultValue={poster?.alt ?? video.title}
              maxLength={300}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              className={`${adminInput} mt-1 py-1.5`}
            />
          </div>
          {progress && (
            <div>
              <label htmlFor={`${ids.file}-progress`} className="text-xs font-semibold text-ink">
                Uploading… {percent}%
              </label>
              <progress
                id={`${ids.file}-progress`}
                max={progress.total}
                value={progress.loaded}
                className={`${adminProgress} h-2`}
              />
            </div>
          )}
          {error && (
            <p id={ids.error} role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={smallButton}>
              Save poster
            </button>
            {poster && (
              <button
                type="button"
                disabled={busy}
                className={smallButton}
                onClick={() => void remove()}
              >
                Remove poster
              </button>
            )}
          </div>
        </form>
      </details>
    </div>
  );
}
