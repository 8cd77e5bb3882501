import { useEffect, useId, useRef, useState } from "react";
import { MAX_REVISIONS, type RevisionKind } from "../../../common/schemas/blog.ts";
import { problemText } from "../../lib/admin-api.ts";
import { activityTime } from "../../lib/admin/audit.ts";
import {
  getRevision,
  listRevisions,
  restoreRevision,
  type AdminBlog,
  type BlogRevision,
} from "../../lib/admin/blogs.ts";
import { BlogBody } from "../blog/blog-body.tsx";
import { useFeedback } from "./feedback.tsx";
import { adminButton, adminButtonSecondary, LoadState } from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

const KIND_LABELS: Record<RevisionKind, string> = {
  create: "Created",
  update: "Saved",
  restore: "Restored",
};

/**
 * The revisions of a post in its editor (decision 0034): the list (reloaded whenever
 * `savedAt` changes), one shown in a dialog, and its restore after a confirmation.
 * `unsaved` says the editor holds changes the restore would replace.
 */
export function BlogRevisions({
  blogId,
  savedAt,
  unsaved,
  onRestored,
}: {
  blogId: string;
  /** The post's updatedAt: a save changes it, and the list is read again. */
  savedAt: string;
  unsaved: boolean;
  onRestored: (blog: AdminBlog) => void;
}) {
  const { notify, confirm } = useFeedback();
  // Read while the list is open only: an autosave every few seconds changes `savedAt`.
  const [open, setOpen] = useState(false);
  const revisions = useApiData(
    async () => (open ? listRevisions(blogId) : undefined),
    [blogId, savedAt, open],
  );
  const [shown, setShown] = useState<{ revision?: BlogRevision; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingId = useId();
  const items = revisions.data ?? [];

  useEffect(() => {
    if (shown && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [shown]);

  function close() {
    dialog.current?.close();
    setShown(null);
    if (opener.current?.isConnected) opener.current.focus();
  }

  async function show(revisionId: string, button: HTMLElement) {
    opener.current = button;
    setShown({});
    try {
      setShown({ revision: await getRevision(blogId, revisionId) });
    } catch (problem) {
      setShown({ error: problemText(problem, "Could not load this revision. Please try again.") });
    }
  }

  async function restore(revision: BlogRevision) {
    const when = activityTime(revision.createdAt);
    const agreed = await confirm(
      `Restore the revision of ${when}?`,
      "Restore",
      unsaved
        ? "Your unsaved changes in the editor will be replaced by this revision. The post's text as saved now is kept as a revision."
        : "The post's text as saved now is kept as a revision, so you can go back to it.",
    );
    if (!agreed) return;
    setBusy(true);
    try {
      const blog = await restoreRevision(blogId, revision.id);
      close();
      onRestored(blog);
      notify(`Restored the revision of ${when}.`);
    } catch (problem) {
      notify(problemText(problem, "Could not restore this revision. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  }

  const revision = shown?.revision;
  return (
    <>
      <details
        className="mb-6 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer px-4 py-3 font-bold text-navy md:px-6">
          Revisions{open && revisions.data ? ` (${items.length})` : ""}
        </summary>
        {/* Its list is read only while it is open: nothing, not even "Loading…", before. */}
        {open && (
          <div className="border-t border-slate-200 px-4 py-3 md:px-6">
            <p className="mb-3 text-sm text-muted">
              Each save keeps a revision (your saves within 5 minutes share one); the newest{" "}
              {MAX_REVISIONS} are kept.
            </p>
            <LoadState
              loading={revisions.loading || !revisions.data}
              error={
                revisions.failed ? (revisions.error ?? "Could not load the revisions.") : undefined
              }
              empty={items.length === 0}
              emptyText="No revisions yet."
            />
            {items.length > 0 && (
              <ol className="max-h-96 divide-y divide-slate-200 overflow-y-auto">
                {items.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                    <div className="min-w-0 flex-1 basis-56">
                      <p className="font-semibold wrap-anywhere text-ink">{item.title}</p>
                      <p className="text-sm text-muted">
                        {KIND_LABELS[item.kind]} {activityTime(item.createdAt)}
                        {item.authorName ? ` by ${item.authorName}` : ""}
                      </p>
                    </div>
                    <button
                      type="button"
                      className={`${adminButtonSecondary} px-3 py-1.5 text-sm`}
                      onClick={(event) => void show(item.id, event.currentTarget)}
                    >
                      Show
                      <span className="sr-only">
                        {" "}
                        the revision of {activityTime(item.createdAt)}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </details>
      <dialog
        ref={dialog}
        aria-labelledby={headingId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-navy/50"
      >
        {shown && (
          <div className="p-4 md:p-6">
            <h2 id={headingId} className="text-lg font-bold text-navy">
              {revision ? `Revision of ${activityTime(revision.createdAt)}` : "Revision"}
            </h2>
            {shown.error && (
              <p
                role="alert"
                className="mt-3 rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger"
              >
                {shown.error}
              </p>
            )}
            {!revision && !shown.error && (
              <p role="status" className="mt-3 text-muted">
                Loading…
              </p>
            )}
            {revision && (
              <>
                <p className="mt-1 text-sm text-muted">
                  {KIND_LABELS[revision.kind]}
                  {revision.authorName ? ` by ${revision.authorName}` : ""} · address /blog/
                  {revision.slug}
                </p>
                <div className="mt-4 rounded-xl p-4 ring-1 ring-slate-200 md:p-6">
                  <p className="mb-4 text-xl font-extrabold wrap-anywhere text-navy">
                    {revision.title}
                  </p>
                  <BlogBody content={revision.content} />
                </div>
                <p className="mt-3 text-sm text-muted">
                  Restoring puts back the title, text, background, address, excerpt, search fields
                  and alt text. The cover picture, the status and the publication time stay as they
                  are now.
                </p>
              </>
            )}
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <button type="button" className={adminButtonSecondary} onClick={close}>
                Close
              </button>
              {revision && (
                <button
                  type="button"
                  className={adminButton}
                  disabled={busy}
                  onClick={() => void restore(revision)}
                >
                  {busy ? "Restoring…" : "Restore this revision"}
                </button>
              )}
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
