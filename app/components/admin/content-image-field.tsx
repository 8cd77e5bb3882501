import { useEffect, useRef, useState } from "react";
import type { ContentImage } from "../../../common/schemas/content.ts";
import { problemText, type UploadProgress } from "../../lib/admin-api.ts";
import { uploadContentImage } from "../../lib/admin/content.ts";
import { describedBy, FieldError, FieldHint, type FieldProps } from "./content-fields.tsx";
import {
  adminButtonSecondary,
  adminInput,
  adminLabel,
  fileInput,
  fileSize,
  adminProgress,
} from "./ui.tsx";

/** The pictures the server takes (recognised from their bytes there). */
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";

/**
 * A picture of an item: the current one, a file that uploads as soon as it is chosen (with
 * progress and Cancel), and its alt text, which is required. `altId` is the alt text's id.
 */
export function ImageField({
  field,
  id,
  altId,
  value,
  error,
  altError,
  onChange,
  onUploading,
}: FieldProps<ContentImage> & {
  altId: string;
  altError?: string;
  onUploading: (uploading: boolean) => void;
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [status, setStatus] = useState<{ text: string; failed?: boolean } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  // The alt text typed while a file uploads is kept when the upload ends.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  // Leaving the page cancels an upload under way.
  useEffect(() => () => abort.current?.abort(), []);

  async function start(file: File | undefined) {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStatus(null);
    setProgress({ loaded: 0, total: file.size });
    onUploading(true);
    try {
      const uploaded = await uploadContentImage(file, setProgress, controller.signal);
      onChange({ ...latest.current, src: uploaded.src, variants: uploaded.variants });
      setStatus({ text: `Uploaded ${file.name}. Save to keep it.` });
    } catch (problem) {
      if (controller.signal.aborted) {
        setStatus({ text: "Upload cancelled. The picture was not changed." });
      } else {
        setStatus({
          text: problemText(problem, "The upload failed. Check the connection and try again."),
          failed: true,
        });
      }
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
        // Cleared in place (not remounted): focus stays on the file input.
        if (fileRef.current) fileRef.current.value = "";
        onUploading(false);
      }
    }
  }

  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const altHint = "Describe the picture for people who cannot see it (e.g. “Kola Foods logo”).";

  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className={`${adminLabel} px-1`}>
        {field.label}
        {field.optional && <span className="font-normal text-muted"> (optional)</span>}
      </legend>
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex h-24 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
          {value.src ? (
            <img src={value.src} alt={value.alt} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="px-2 text-center text-xs text-muted">No picture yet</span>
          )}
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={id} className={adminLabel}>
            {value.src ? "Replace the picture" : "Choose a picture"}
          </label>
          <input
            ref={fileRef}
            id={id}
            type="file"
            accept={ACCEPT}
            onChange={(event) => void start(event.target.files?.[0])}
            className={fileInput}
            {...describedBy(id, true, error)}
          />
          <FieldHint id={id}>
            PNG, JPEG, WebP, GIF or AVIF. It uploads at once; Save keeps it.
            {field.hint && ` ${field.hint}`}
          </FieldHint>
          <FieldError id={id} error={error} />
          {field.optional && value.src && !progress && (
            <button
              type="button"
              className={`${adminButtonSecondary} mt-2`}
              onClick={() => {
                onChange({ src: "", alt: "", variants: [] });
                setStatus({ text: "Picture removed. Save to keep the change." });
                fileRef.current?.focus();
              }}
            >
              Remove the picture
            </button>
          )}
          {field.builtIn && value.src !== field.builtIn.src && !progress && (
            <button
              type="button"
              className={`${adminButtonSecondary} mt-2 ml-2`}
              onClick={() => {
                onChange({ ...field.builtIn!, variants: [] });
                setStatus({ text: "The built-in picture is back. Save to keep the change." });
                fileRef.current?.focus();
              }}
            >
              Use the built-in picture
            </button>
          )}
        </div>
      </div>
      {progress && (
        <div className="mt-3 space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <label htmlFor={`${id}-progress`} className={adminLabel}>
              Uploading… {percent}%
            </label>
            <span className="text-sm text-muted">
              {fileSize(progress.loaded)} of {fileSize(progress.total)}
            </span>
          </div>
          <progress
            id={`${id}-progress`}
            max={Math.max(1, progress.total)}
            value={progress.loaded}
            className={`${adminProgress} h-3`}
          />
          <button
            type="button"
            className={adminButtonSecondary}
            onClick={() => {
              abort.current?.abort();
              // The button goes with the bar: focus returns to the file input.
              fileRef.current?.focus();
            }}
          >
            Cancel upload
          </button>
        </div>
      )}
      <div aria-live="polite">
        {status && (
          <p
            className={`mt-2 rounded-lg px-3 py-2 text-sm font-semibold ${
              status.failed ? "bg-red-50 text-danger" : "bg-slate-100 text-ink"
            }`}
          >
            {status.text}
          </p>
        )}
      </div>
      <div className="mt-3">
        <label htmlFor={altId} className={adminLabel}>
          Alt text
          {field.decorative ? (
            <span className="font-normal text-muted"> (blank: decoration)</span>
          ) : (
            field.optional &&
            !value.src && <span className="font-normal text-muted"> (with a picture)</span>
          )}
        </label>
        <input
          id={altId}
          type="text"
          value={value.alt}
          required={!field.decorative && (!field.optional || Boolean(value.src))}
          autoComplete="off"
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
          className={`${adminInput} mt-1`}
          {...describedBy(altId, true, altError)}
        />
        <FieldHint id={altId}>{altHint}</FieldHint>
        <FieldError id={altId} error={altError} />
      </div>
    </fieldset>
  );
}
