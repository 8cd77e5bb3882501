import { useId, useState } from "react";
import { formatDateTime } from "../../../common/format.ts";
import { MAX_REVIEW_NOTE_LENGTH, type AdminBlog } from "../../../common/schemas/blog.ts";
import { problemText } from "../../lib/admin-api.ts";
import { returnToDraft, submitForReview } from "../../lib/admin/blogs.ts";
import { useFeedback } from "./feedback.tsx";
import { adminButton, adminButtonSecondary, adminInput, adminLabel } from "./ui.tsx";

/**
 * The review of a saved post (decision 0051), in the editor's Publishing box: an author
 * sends a draft for review and reads an editor's note; an editor or an owner sees who sent
 * it and when, and publishes it (the Publishing choice above) or sends it back with a note.
 */
export function ReviewPanel({
  post,
  author,
  unsaved,
  onChanged,
}: {
  post: AdminBlog;
  author: boolean;
  unsaved: boolean;
  onChanged: (post: AdminBlog) => void;
}) {
  const { notify } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const ids = { note: useId(), hint: useId() };

  async function run(call: () => Promise<AdminBlog>, done: string) {
    setBusy(true);
    try {
      onChanged(await call());
      notify(done, "success");
    } catch (problem) {
      notify(problemText(problem, "the server could not be reached."), "error");
    } finally {
      setBusy(false);
    }
  }

  if (post.status === "draft") {
    // An editor's own draft: nothing to say here.
    if (!author && !post.reviewNote) return null;
    return (
      <div className="space-y-2 border-t border-slate-200 pt-3">
        {post.reviewNote && (
          <div className="rounded-lg bg-accent-50 px-3 py-2 text-sm text-ink">
            <p className="font-semibold">Sent back to draft with a note:</p>
            <p className="whitespace-pre-line">{post.reviewNote}</p>
          </div>
        )}
        {author && (
          <>
            <button
              type="button"
              className={adminButton}
              disabled={busy || unsaved}
              aria-describedby={ids.hint}
              onClick={() =>
                void run(
                  () => submitForReview(post._id),
                  "Sent for review: the editors have been told.",
                )
              }
            >
              Submit for review
            </button>
            <p id={ids.hint} className="text-sm text-muted">
              {unsaved
                ? "Save your changes first, then send the post for review."
                : "An editor or an owner reads it and publishes it, or sends it back with a note."}
            </p>
          </>
        )}
      </div>
    );
  }
  if (post.status !== "review") return null;
  const since = post.submittedAt ? formatDateTime(post.submittedAt) : "";
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <p className="rounded-lg bg-accent-50 px-3 py-2 text-sm font-semibold text-ink">
        Waiting for review
        {post.submittedBy ? `: sent by ${post.submittedBy}` : ""}
        {since ? ` on ${since}` : ""}.
      </p>
      {author ? (
        <p className="text-sm text-muted">
          An editor or an owner publishes it. You may still change it; saving keeps it waiting.
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-muted">
            To publish it, choose “Publish now” or “Schedule” above and save.
          </p>
          <label htmlFor={ids.note} className={adminLabel}>
            Note for the author (optional)
          </label>
          <textarea
            id={ids.note}
            value={note}
            rows={3}
            maxLength={MAX_REVIEW_NOTE_LENGTH}
            onChange={(event) => setNote(event.target.value)}
            className={adminInput}
          />
          <button
            type="button"
            className={adminButtonSecondary}
            disabled={busy}
            onClick={() =>
              void run(() => returnToDraft(post._id, note), "Sent back to draft.").then(() =>
                setNote(""),
              )
            }
          >
            Send back to draft
          </button>
        </div>
      )}
    </div>
  );
}
