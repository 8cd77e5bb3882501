import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from "react";
import { MAX_IMAGE_ALT_LENGTH } from "../../../common/schemas/blog.ts";
import { problemText } from "../../lib/admin-api.ts";
import { uploadImage } from "../../lib/admin/media.ts";
import {
  imageLine,
  insertLink,
  insertOwnLine,
  shortcutOf,
  toggleInline,
  toggleLineMark,
  type PointAction,
  type TextEdit,
} from "../../lib/admin/markdown-edit.ts";
import { EditorDialog } from "./editor-dialog.tsx";
import { PointToolbar } from "./point-toolbar.tsx";
import { adminButtonDanger, adminInput, adminLabel } from "./ui.tsx";

/** The first image among pasted or dropped files, if any. */
const imageOf = (files: FileList | undefined | null) =>
  [...(files ?? [])].find((file) => file.type.startsWith("image/")) ?? null;

type Dialog = { kind: "link"; at: TextEdit } | { kind: "alt"; at: TextEdit; src: string } | null;

/**
 * One point of a post: its box with a formatting toolbar and Ctrl/Cmd+B, I, K; an image
 * chosen, pasted or dropped is uploaded (with its progress), then its alt text is asked
 * and `![alt](src)` goes on its own line at the caret.
 */
export function PointField({
  id,
  index,
  value,
  canRemove,
  onChange,
  onRemove,
  onUploading,
}: {
  id: string;
  index: number;
  value: string;
  canRemove: boolean;
  onChange: (value: string) => void;
  onRemove: () => void;
  /** Tells the editor an upload runs (autosave waits for it). */
  onUploading: (uploading: boolean) => void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const nextSelection = useRef<{ start: number; end: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [altError, setAltError] = useState<string | null>(null);
  const ids = { hint: useId(), url: useId(), alt: useId(), altError: useId(), error: useId() };

  // After a toolbar change the text box has its new value: put the selection back.
  useLayoutEffect(() => {
    const selection = nextSelection.current;
    if (!selection || !box.current) return;
    nextSelection.current = null;
    box.current.focus();
    box.current.setSelectionRange(selection.start, selection.end);
  }, [value]);

  const current = (): TextEdit => ({
    text: value,
    start: box.current?.selectionStart ?? value.length,
    end: box.current?.selectionEnd ?? value.length,
  });
  const apply = (edit: TextEdit) => {
    nextSelection.current = { start: edit.start, end: edit.end };
    if (edit.text === value) {
      // Nothing to re-render: set the selection now.
      box.current?.focus();
      box.current?.setSelectionRange(edit.start, edit.end);
      nextSelection.current = null;
    }
    onChange(edit.text);
  };

  async function upload(file: File, at: TextEdit) {
    setUploadError(null);
    setProgress(0);
    onUploading(true);
    try {
      const { src } = await uploadImage(file, setProgress);
      setAlt("");
      setDecorative(false);
      setAltError(null);
      setDialog({ kind: "alt", at, src });
    } catch (problem) {
      setUploadError(
        `The image was not uploaded: ${problemText(problem, "the server could not be reached.")}`,
      );
    } finally {
      setProgress(null);
      onUploading(false);
    }
  }

  function chooseImage() {
    const at = current();
    // A file input made for this choice only: no extra field in the form.
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "image/png,image/jpeg,image/webp,image/gif,image/avif";
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      if (file) void upload(file, at);
    });
    input.click();
  }

  function act(action: PointAction) {
    const at = current();
    if (action === "bold" || action === "italic") apply(toggleInline(at, action));
    else if (action === "link") {
      setUrl("");
      setDialog({ kind: "link", at });
    } else if (action === "image") chooseImage();
    else apply(toggleLineMark(at, action));
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = shortcutOf(event);
    if (!action) return;
    event.preventDefault();
    act(action);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = imageOf(event.clipboardData?.files);
    if (!file) return;
    event.preventDefault();
    void upload(file, current());
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const file = imageOf(event.dataTransfer?.files);
    if (!file) return;
    event.preventDefault();
    void upload(file, current());
  };

  const close = () => setDialog(null);
  const uploading = progress !== null;
  const describedBy = [ids.hint, uploadError ? ids.error : ""].filter(Boolean).join(" ");

  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-semibold">
          Point {index + 1}
        </label>
        <button
          type="button"
          onClick={onRemove}
          disabled={!canRemove}
          className={`${adminButtonDanger} px-2 py-0.5 text-sm`}
        >
          Remove<span className="sr-only"> point {index + 1}</span>
        </button>
      </div>
      <PointToolbar controls={id} disabled={uploading} onAction={act} />
      <textarea
        ref={box}
        id={id}
        value={value}
        rows={3}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDrop={onDrop}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes("Files")) e.preventDefault();
        }}
        aria-describedby={describedBy}
        // As tall as its lines (where the browser can), up to most of the screen.
        className={`${adminInput} mt-1 field-sizing-content min-h-20 max-h-[70vh]`}
      />
      <p id={ids.hint} className="sr-only">
        Ctrl or Command with B: bold, I: italic, K: link. Paste or drop an image to add it.
      </p>
      {uploading && (
        <div className="mt-2 flex items-center gap-3 text-sm text-muted">
          <span id={`${id}-progress`}>Uploading image…</span>
          <div
            role="progressbar"
            aria-labelledby={`${id}-progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-brand transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        </div>
      )}
      {uploadError && (
        <p id={ids.error} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {uploadError}
        </p>
      )}
      {dialog?.kind === "link" && (
        <EditorDialog
          title="Add a link"
          submitLabel="Add link"
          onCancel={close}
          onSubmit={() => {
            if (!url.trim()) return;
            close();
            apply(insertLink(dialog.at, url));
          }}
        >
          <div>
            <label htmlFor={ids.url} className={adminLabel}>
              Link address
            </label>
            <input
              id={ids.url}
              required
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              className={`${adminInput} mt-1`}
            />
          </div>
        </EditorDialog>
      )}
      {dialog?.kind === "alt" && (
        <EditorDialog
          title="Describe the image"
          submitLabel="Insert image"
          onCancel={close}
          onSubmit={() => {
            if (!alt.trim() && !decorative) {
              setAltError("Describe the image, or tick “Decorative” if it only decorates.");
              return;
            }
            close();
            apply(insertOwnLine(dialog.at, imageLine(decorative ? "" : alt, dialog.src)));
          }}
        >
          <img src={dialog.src} alt="" className="max-h-40 rounded-lg ring-1 ring-slate-200" />
          <div>
            <label htmlFor={ids.alt} className={adminLabel}>
              Alt text
            </label>
            <input
              id={ids.alt}
              value={alt}
              disabled={decorative}
              maxLength={MAX_IMAGE_ALT_LENGTH}
              onChange={(e) => {
                setAlt(e.target.value);
                setAltError(null);
              }}
              aria-invalid={altError ? true : undefined}
              aria-describedby={altError ? ids.altError : undefined}
              className={`${adminInput} mt-1`}
            />
            {altError && (
              <p id={ids.altError} className="mt-1 text-sm font-semibold text-danger">
                {altError}
              </p>
            )}
          </div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={decorative}
              onChange={(e) => {
                setDecorative(e.target.checked);
                setAltError(null);
              }}
              className="size-4 accent-brand"
            />
            Decorative: it shows nothing a reader needs
          </label>
        </EditorDialog>
      )}
    </div>
  );
}
