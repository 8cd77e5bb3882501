import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { LoadState, PageTitle, Panel, adminProgress } from "../../components/admin/ui.tsx";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import {
  getNewsletterSend,
  SEND_STATE_LABELS,
  sendCounts,
  type NewsletterSend,
} from "../../lib/admin/newsletter.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/newsletter-progress";

export const meta = adminMeta("Newsletter send");

/** How often a send still going is asked again. */
const POLL_MS = 1500;

const when = (iso: string) => `${formatDateTime(iso)} (${AGENCY_TIME_ZONE_NAME})`;

/** Reads the send, and again every POLL_MS while it is sending; stops when done or left. */
function useSend(id: string) {
  const [send, setSend] = useState<NewsletterSend>();
  // Whether its mails wait for a later time (a scheduled post), as of the last read.
  const [early, setEarly] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await getNewsletterSend(id);
        if (!live) return;
        setSend(answer);
        setEarly(Date.parse(answer.dueAt) > Date.now());
        setProblem(undefined);
        if (answer.state === "sending") timer = setTimeout(read, POLL_MS);
      } catch (error) {
        if (!live) return;
        // A send that is not there will not appear: stop. A network failure: try again.
        const missing = error instanceof ApiError && error.status === 404;
        setProblem(
          missing
            ? "There is no such send."
            : problemText(error, "The server could not be reached: trying again."),
        );
        if (!missing) timer = setTimeout(read, POLL_MS * 2);
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return { send, problem, early };
}

export default function NewsletterProgress({ params }: Route.ComponentProps) {
  const { send, problem, early } = useSend(params.id);
  const handled = send ? send.sent + send.failed : 0;
  const due = send?.state === "sending" && early;

  return (
    <>
      <PageTitle>Newsletter send</PageTitle>
      <p className="-mt-3 mb-6">
        <Link to="/admin/newsletter" className="font-semibold text-brand underline">
          Back to the newsletter
        </Link>
      </p>
      <LoadState loading={!send} error={problem} empty={!send} emptyText="" className="mb-6" />
      {send && (
        <Panel title={send.subject} id="newsletter-send-title">
          <dl className="mb-4 grid max-w-2xl gap-x-6 text-sm sm:grid-cols-[8rem_1fr] sm:gap-y-2">
            <dt className="font-semibold text-muted">Started</dt>
            <dd className="mb-2 sm:mb-0">{when(send.createdAt)}</dd>
            <dt className="font-semibold text-muted">State</dt>
            <dd className="mb-2 sm:mb-0">{SEND_STATE_LABELS[send.state]}</dd>
            {send.finishedAt && (
              <>
                <dt className="font-semibold text-muted">Finished</dt>
                <dd>{when(send.finishedAt)}</dd>
              </>
            )}
          </dl>
          {due && (
            <p className="mb-3 text-sm text-ink">
              The mails go when the post is published: {when(send.dueAt)}.
            </p>
          )}
          <label htmlFor="newsletter-send-progress" className="text-sm font-semibold text-ink">
            Progress
          </label>
          <progress
            id="newsletter-send-progress"
            // An empty send (nobody to mail) is complete, not stuck at nothing.
            max={Math.max(send.total, 1)}
            value={send.total === 0 ? 1 : handled}
            className={`${adminProgress} mt-1 h-3 max-w-2xl`}
          />
          {/* The numbers are announced as they change; "Done" once, when it is. */}
          <div aria-live="polite" className="mt-3">
            {send.state === "done" ? (
              <p className="font-semibold text-navy">
                Done: {send.sent} sent, {send.failed} failed.
              </p>
            ) : (
              <p className="text-ink">{sendCounts(send)}.</p>
            )}
          </div>
          {send.state === "done" && send.failed > 0 && (
            <p className="mt-2 max-w-2xl text-sm text-muted">
              A failed mail is one the mail server did not accept (the address may be wrong).
            </p>
          )}
        </Panel>
      )}
    </>
  );
}
