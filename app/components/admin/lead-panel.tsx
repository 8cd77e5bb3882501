import { useId, useState, type FormEvent } from "react";
import { formatDateTime } from "../../../common/format.ts";
import {
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  type LeadStage,
  type LeadUpdate,
} from "../../../common/schemas/leads.ts";
import { problemText } from "../../lib/admin-api.ts";
import { addNote, getLead, listNotes, listOwners, updateLead } from "../../lib/admin/leads.ts";
import { useFeedback } from "./feedback.tsx";
import { adminButton, adminInput, adminLabel, Panel } from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

/**
 * An enquiry's lead (issue 52): owner, stage (a reason when lost), value in naira, the next
 * follow-up date, and its notes with time and author. Each change is saved at once.
 */
export function LeadPanel({ enquiryId }: { enquiryId: string }) {
  const { notify } = useFeedback();
  const ids = { owner: useId(), stage: useId(), reason: useId(), value: useId(), due: useId() };
  const noteId = useId();
  const lead = useApiData(() => getLead(enquiryId), [enquiryId]);
  const owners = useApiData(listOwners, []);
  const notes = useApiData(() => listNotes(enquiryId), [enquiryId]);
  const [reason, setReason] = useState("");
  const [lostPending, setLostPending] = useState(false);
  const [note, setNote] = useState("");

  async function save(change: LeadUpdate, done = "Lead saved.") {
    try {
      const saved = await updateLead(enquiryId, change);
      lead.setData(() => saved);
      notify(done);
      return true;
    } catch (problem) {
      notify(problemText(problem, "Could not save the lead. Please try again."), "error");
      return false;
    }
  }

  async function submitNote(event: FormEvent) {
    event.preventDefault();
    try {
      const added = await addNote(enquiryId, note);
      notes.setData((list) => [...(list ?? []), added]);
      setNote("");
      notify("Note added.");
    } catch (problem) {
      notify(problemText(problem, "Could not add the note. Please try again."), "error");
    }
  }

  const data = lead.data;
  if (!data) return <Panel title="Lead">{lead.loading ? "Loading…" : "Could not load."}</Panel>;
  const stage: LeadStage | "" = lostPending ? "lost" : data.stage;
  return (
    <Panel title="Lead" id="lead-title">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.owner} className={adminLabel}>
            Owner
          </label>
          <select
            id={ids.owner}
            value={data.ownerId ?? ""}
            onChange={(e) => void save({ ownerId: e.target.value || null }, "Owner saved.")}
            className={`${adminInput} mt-1`}
          >
            <option value="">Nobody</option>
            {(owners.data ?? []).map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.stage} className={adminLabel}>
            Stage
          </label>
          <select
            id={ids.stage}
            value={stage}
            onChange={(e) => {
              const next = e.target.value as LeadStage;
              if (next === "lost") setLostPending(true);
              else {
                setLostPending(false);
                void save({ stage: next }, `Moved to ${LEAD_STAGE_LABELS[next]}.`);
              }
            }}
            className={`${adminInput} mt-1`}
          >
            {LEAD_STAGES.map((option) => (
              <option key={option} value={option}>
                {LEAD_STAGE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {(lostPending || data.stage === "lost") && (
          <form
            className="sm:col-span-2"
            onSubmit={async (event) => {
              event.preventDefault();
              if (await save({ stage: "lost", lostReason: reason }, "Marked as lost."))
                setLostPending(false);
            }}
          >
            <label htmlFor={ids.reason} className={adminLabel}>
              Why was it lost?
            </label>
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                id={ids.reason}
                value={lostPending ? reason : (data.lostReason ?? "")}
                onChange={(e) => {
                  setLostPending(true);
                  setReason(e.target.value);
                }}
                required
                maxLength={300}
                className={`${adminInput} min-w-0 flex-1`}
              />
              <button type="submit" className={adminButton}>
                Save reason
              </button>
            </div>
          </form>
        )}
        <div>
          <label htmlFor={ids.value} className={adminLabel}>
            Value (naira)
          </label>
          <input
            id={ids.value}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={data.value ?? ""}
            key={`value-${data.value ?? ""}`}
            onBlur={(e) => {
              const text = e.target.value.trim();
              const value = text === "" ? null : Number(text);
              if (value !== data.value) void save({ value }, "Value saved.");
            }}
            className={`${adminInput} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={ids.due} className={adminLabel}>
            Next follow-up
          </label>
          <input
            id={ids.due}
            type="date"
            defaultValue={data.followUpOn ?? ""}
            key={`due-${data.followUpOn ?? ""}`}
            onChange={(e) => {
              const value = e.target.value || null;
              if (value !== data.followUpOn) void save({ followUpOn: value }, "Follow-up saved.");
            }}
            className={`${adminInput} mt-1`}
          />
        </div>
      </div>
      <h3 className="mt-6 font-semibold text-ink">Notes</h3>
      {(notes.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-muted">No notes yet.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {(notes.data ?? []).map((item) => (
            <li key={item.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-sm text-muted">
                {item.authorName}, {formatDateTime(item.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-ink">{item.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submitNote} className="mt-4">
        <label htmlFor={noteId} className={adminLabel}>
          Add a note
        </label>
        <textarea
          id={noteId}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          maxLength={5000}
          required
          className={`${adminInput} mt-1`}
        />
        <button type="submit" className={`${adminButton} mt-2`}>
          Add note
        </button>
      </form>
    </Panel>
  );
}
