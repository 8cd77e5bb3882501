import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import { CONTACT_NEWSLETTER_LABELS } from "../../../common/schemas/contacts.ts";
import { LEAD_STAGE_LABELS } from "../../../common/schemas/leads.ts";
import { problemText } from "../../lib/admin-api.ts";
import { getContact, mergeContact, splitContact, type Contact } from "../../lib/admin/contacts.ts";
import { useFeedback } from "./feedback.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { adminButton, adminButtonSecondary, adminInput, adminLabel, Panel } from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

const enquiries = (n: number) => `${n} ${n === 1 ? "enquiry" : "enquiries"}`;

/**
 * The person of an enquiry (issue 52, item 2): their enquiries by the same e-mail or phone,
 * newest first, each with its form, page, source, date and stage; their newsletter status;
 * merging another person in (by e-mail, phone or enquiry id) and splitting this enquiry out.
 */
export function ContactPanel({ enquiryId }: { enquiryId: string }) {
  const { notify } = useFeedback();
  const mergeId = useId();
  const contact = useApiData(() => getContact(enquiryId), [enquiryId]);
  const [other, setOther] = useState("");
  const [busy, setBusy] = useState(false);

  async function run(change: () => Promise<Contact>, done: (after: Contact) => string) {
    setBusy(true);
    try {
      const after = await change();
      contact.setData(() => after);
      notify(done(after));
      return true;
    } catch (problem) {
      notify(problemText(problem, "Could not change the contact. Please try again."), "error");
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submitMerge(event: FormEvent) {
    event.preventDefault();
    const merged = await run(
      () => mergeContact(enquiryId, other),
      (after) => `Merged: this person now has ${enquiries(after.total)}.`,
    );
    if (merged) setOther("");
  }

  const data = contact.data;
  if (!data) {
    return (
      <Panel title="Person" id="person-title">
        {contact.loading ? "Loading…" : "Could not load this person's enquiries."}
      </Panel>
    );
  }
  const others = data.total - 1;
  return (
    <Panel title="Person" id="person-title">
      <p className="text-ink">
        {others === 0
          ? "No other enquiries from this person yet (same e-mail or phone number)."
          : `${enquiries(data.total)} from this person (same e-mail or phone number, or merged by hand).`}
      </p>
      <h3 className="mt-4 font-semibold text-ink">Newsletter</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {data.newsletter.map((entry) => (
          <li key={entry.email} className="[overflow-wrap:anywhere]">
            <span className="text-muted">{entry.email}:</span>{" "}
            <span className="font-semibold text-ink">
              {CONTACT_NEWSLETTER_LABELS[entry.status]}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold text-ink">Enquiries</h3>
      <ol className="mt-2 space-y-3" aria-label="This person's enquiries, newest first">
        {data.enquiries.map((item) => {
          const current = item.id === enquiryId;
          return (
            <li
              key={item.id}
              className={`rounded-lg p-3 ${current ? "bg-brand/5 ring-1 ring-brand/30" : "bg-slate-50"}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                {current ? (
                  <span className="font-semibold text-ink">
                    {item.serviceName || "Enquiry"} (this enquiry)
                  </span>
                ) : (
                  <Link
                    to={`/admin/enquiries/${encodeURIComponent(item.id)}`}
                    className="font-semibold text-brand underline"
                  >
                    {item.serviceName || "Enquiry"}
                  </Link>
                )}
                <StatusBadge status={item.status} />
                {item.manual && <span className="text-xs text-muted">joined by hand</span>}
              </div>
              <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
                <dt className="text-muted">Received</dt>
                <dd className="text-ink">{formatDateTime(item.createdAt)}</dd>
                <dt className="text-muted">From</dt>
                <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">
                  {item.name}, {item.email}
                  {item.phoneNumber ? `, ${item.phoneNumber}` : ""}
                </dd>
                <dt className="text-muted">Page</dt>
                <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">
                  {item.page || "Not known"}
                </dd>
                <dt className="text-muted">Source</dt>
                <dd className="text-ink">{item.sourceName}</dd>
                <dt className="text-muted">Stage</dt>
                <dd className="text-ink">{LEAD_STAGE_LABELS[item.stage]}</dd>
              </dl>
            </li>
          );
        })}
      </ol>
      {data.total > data.enquiries.length && (
        <p className="mt-2 text-sm text-muted">
          The newest {data.enquiries.length} of {data.total} are listed.
        </p>
      )}
      {others > 0 && (
        <div className="mt-4">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => splitContact(enquiryId),
                () => "Split: this enquiry is now a person of its own.",
              )
            }
            className={adminButtonSecondary}
          >
            Not the same person: split this enquiry out
          </button>
        </div>
      )}
      <form onSubmit={submitMerge} className="mt-4">
        <label htmlFor={mergeId} className={adminLabel}>
          Merge with another person
        </label>
        <p id={`${mergeId}-hint`} className="text-sm text-muted">
          Their e-mail address, phone number or an enquiry&apos;s id.
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={mergeId}
            aria-describedby={`${mergeId}-hint`}
            value={other}
            onChange={(e) => setOther(e.target.value)}
            required
            maxLength={254}
            autoComplete="off"
            className={`${adminInput} min-w-0 flex-1`}
          />
          <button type="submit" disabled={busy} className={adminButton}>
            Merge
          </button>
        </div>
      </form>
    </Panel>
  );
}
