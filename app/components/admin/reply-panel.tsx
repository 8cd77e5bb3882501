import { useId, useState, type FormEvent } from "react";
import { serviceTypeName } from "../../../common/enquiry-fields.ts";
import { formatDateTime } from "../../../common/format.ts";
import { Link } from "react-router";
import { filledTemplate, type LeadReply } from "../../../common/schemas/leads.ts";
import { problemText } from "../../lib/admin-api.ts";
import { listReplies, listReplyTemplates, sendReply } from "../../lib/admin/leads.ts";
import { useFeedback } from "./feedback.tsx";
import { adminButton, adminInput, adminLabel, Panel } from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

const STATE_WORDS: Record<LeadReply["state"], string> = {
  sent: "Sent",
  pending: "Waiting to be sent",
  "given-up": "Not sent: the mail server kept refusing it",
  "not-configured": "Not sent: mail is not set up",
};

/**
 * A reply to the visitor from the inbox (issue 52, item 3): from a template with the lead's
 * name and package filled in, or written from scratch; sent through the outbox and kept
 * here with whether it went.
 */
export function ReplyPanel({
  enquiry,
}: {
  enquiry: { _id: string; name: string; package: string; serviceType: string };
}) {
  const { notify } = useFeedback();
  const ids = { template: useId(), subject: useId(), body: useId() };
  const replies = useApiData(() => listReplies(enquiry._id), [enquiry._id]);
  const templates = useApiData(listReplyTemplates, []);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);

  function startFrom(id: string) {
    const template = templates.data?.find((item) => item.id === id);
    if (!template) return;
    const filled = filledTemplate(template, {
      name: enquiry.name,
      package: enquiry.package || serviceTypeName(enquiry.serviceType) || "our services",
    });
    setSubject(filled.subject);
    setBody(filled.body);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const sent = await sendReply(enquiry._id, { subject, body });
      replies.setData((list) => [...(list ?? []), sent]);
      setSubject("");
      setBody("");
      notify("Reply queued.");
    } catch (problem) {
      notify(problemText(problem, "Could not send the reply. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Replies" id="replies-title">
      {(replies.data ?? []).length > 0 && (
        <ol className="mb-4 space-y-3">
          {(replies.data ?? []).map((reply) => (
            <li key={reply.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-sm text-muted">
                {reply.authorName}, {formatDateTime(reply.createdAt)} · {STATE_WORDS[reply.state]}
              </p>
              <p className="mt-1 font-semibold text-ink">{reply.subject}</p>
              <p className="mt-1 whitespace-pre-wrap text-ink">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={ids.template} className={adminLabel}>
            Start from a template
          </label>
          <select
            id={ids.template}
            defaultValue=""
            onChange={(e) => startFrom(e.target.value)}
            className={`${adminInput} mt-1`}
          >
            <option value="">Write my own</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.id} value={template.id}>
                {template.label}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-muted">
            {templates.failed ? "The templates could not be loaded. " : ""}
            <Link to="/admin/reply-templates" className="text-brand underline">
              Edit the templates
            </Link>
          </p>
        </div>
        <div>
          <label htmlFor={ids.subject} className={adminLabel}>
            Subject
          </label>
          <input
            id={ids.subject}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            maxLength={200}
            className={`${adminInput} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={ids.body} className={adminLabel}>
            Reply
          </label>
          <textarea
            id={ids.body}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            required
            rows={8}
            className={`${adminInput} mt-1`}
          />
        </div>
        <button type="submit" disabled={busy} className={adminButton}>
          {busy ? "Sending…" : "Send reply"}
        </button>
      </form>
    </Panel>
  );
}
