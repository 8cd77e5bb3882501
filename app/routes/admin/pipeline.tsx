import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { serviceTypeName } from "../../../common/enquiry-fields.ts";
import { naira } from "../../../common/format.ts";
import { sourceName } from "../../../common/lead-source.ts";
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from "../../../common/schemas/leads.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { FilterBar, FilterSelect } from "../../components/admin/filter-bar.tsx";
import {
  adminButton,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  failure,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  getPipeline,
  listOwners,
  updateLead,
  type LeadCard,
  type Pipeline as Board,
} from "../../lib/admin/leads.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Pipeline");

/** The address's value of the "Direct" source (the API's source key is ""). */
const DIRECT = "-";

/**
 * The board of the lead pipeline (issue 52): a column per stage with its count and value in
 * naira; cards move by drag and drop, or from the keyboard (the arrow keys on a card, or its
 * buttons). Filters by owner, stage and source are in the address.
 */
export default function PipelineBoard() {
  const [params] = useSearchParams();
  const { notify } = useFeedback();
  const filter = new URLSearchParams();
  for (const name of ["owner", "stage"] as const) {
    const value = params.get(name);
    if (value) filter.set(name, value);
  }
  const source = params.get("source");
  if (source) filter.set("source", source === DIRECT ? "" : source);
  const query = filter.toString();
  const board = useApiData(() => getPipeline(query), [query]);
  const owners = useApiData(listOwners, []);
  const [announcement, setAnnouncement] = useState("");
  const [losing, setLosing] = useState<LeadCard | undefined>();
  const dragged = useRef<string | undefined>(undefined);
  const boardRef = useRef<HTMLDivElement>(null);
  const [focusLead, setFocusLead] = useState<string | undefined>();
  useEffect(() => {
    if (!focusLead) return;
    const link = boardRef.current?.querySelector<HTMLElement>(
      `[data-lead="${CSS.escape(focusLead)}"]`,
    );
    if (link) {
      link.focus();
      setFocusLead(undefined);
    }
  }, [focusLead, board.data]);

  const sources = [
    ...new Set(
      (board.data?.stages ?? []).flatMap((stage) => stage.leads.map((lead) => lead.source)),
    ),
  ].sort();

  /** Moves the card in the board's data (counts and values too), as the server now has it. */
  function moved(data: Board | undefined, card: LeadCard, to: LeadStage): Board {
    const stages = (data?.stages ?? []).map((column) => {
      const leads = column.leads.filter((lead) => lead.enquiryId !== card.enquiryId);
      const left = leads.length < column.leads.length;
      const entering = column.stage === to;
      const value = card.value ?? 0;
      return {
        ...column,
        count: column.count - (left ? 1 : 0) + (entering ? 1 : 0),
        value: column.value - (left ? value : 0) + (entering ? value : 0),
        leads: entering ? [{ ...card, stage: to }, ...leads] : leads,
      };
    });
    return { stages, truncated: data?.truncated ?? false };
  }

  async function move(card: LeadCard, to: LeadStage, lostReason?: string) {
    if (card.stage === to) return;
    if (to === "lost" && !lostReason) {
      setLosing(card);
      return;
    }
    try {
      const saved = await updateLead(card.enquiryId, {
        stage: to,
        ...(lostReason ? { lostReason } : {}),
      });
      board.setData((data) => moved(data, { ...card, ...saved }, to));
      const words = `Moved ${card.name} to ${LEAD_STAGE_LABELS[to]}.`;
      setAnnouncement(words);
      notify(words);
      // The card keeps the focus in its new column (once it is drawn there).
      setFocusLead(card.enquiryId);
    } catch (problem) {
      notify(problemText(problem, "Could not move the lead. Please try again."), "error");
    }
  }

  function step(card: LeadCard, by: -1 | 1) {
    const next = LEAD_STAGES[LEAD_STAGES.indexOf(card.stage) + by];
    if (next) void move(card, next);
  }

  function onKey(event: KeyboardEvent, card: LeadCard) {
    if (event.target !== event.currentTarget) return;
    if (event.key === "ArrowRight") step(card, 1);
    else if (event.key === "ArrowLeft") step(card, -1);
    else return;
    event.preventDefault();
  }

  const cardOf = (id: string | undefined) =>
    board.data?.stages.flatMap((stage) => stage.leads).find((lead) => lead.enquiryId === id);

  function onDrop(event: DragEvent, stage: LeadStage) {
    event.preventDefault();
    const card = cardOf(dragged.current ?? event.dataTransfer.getData("text/plain"));
    dragged.current = undefined;
    if (card) void move(card, stage);
  }

  const shown = params.get("stage")
    ? LEAD_STAGES.filter((stage) => stage === params.get("stage"))
    : LEAD_STAGES;

  return (
    <>
      <PageTitle>Pipeline</PageTitle>
      <FilterBar label="Filter the pipeline" clearTo="/admin/pipeline">
        <FilterSelect
          label="Owner"
          name="owner"
          value={params.get("owner") ?? ""}
          remountKey={`owner-${owners.data?.length ?? 0}`}
          className="min-w-0 flex-[1_1_12rem]"
          options={[
            ["", "Anyone"],
            ["none", "Nobody"],
            ...(owners.data ?? []).map((owner) => [owner.id, owner.name] as const),
          ]}
        />
        <FilterSelect
          label="Stage"
          name="stage"
          value={params.get("stage") ?? ""}
          className="min-w-0 flex-[1_1_10rem]"
          options={[["", "All"], ...LEAD_STAGES.map((s) => [s, LEAD_STAGE_LABELS[s]] as const)]}
        />
        <FilterSelect
          label="Source"
          name="source"
          value={source ?? ""}
          remountKey={`source-${sources.length}`}
          className="min-w-0 flex-[1_1_10rem]"
          options={[
            ["", "All"],
            ...[...new Set([...sources.map((key) => key || DIRECT), ...(source ? [source] : [])])]
              .sort()
              .map((key) => [key, key === DIRECT ? sourceName("") : sourceName(key)] as const),
          ]}
        />
      </FilterBar>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <p className="mb-3 text-sm text-muted">
        Drag a card to another stage, or focus its name and press the left or right arrow key.
      </p>
      <LoadState
        loading={board.loading && !board.data}
        error={failure("pipeline", board)}
        empty={false}
        emptyText=""
      />
      {losing && (
        <LostReason
          card={losing}
          onCancel={() => setLosing(undefined)}
          onSave={async (reason) => {
            await move(losing, "lost", reason);
            setLosing(undefined);
          }}
        />
      )}
      {board.data && (
        <div
          ref={boardRef}
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-5"
          aria-label="Pipeline board"
          role="region"
        >
          {board.data.stages
            .filter((column) => shown.includes(column.stage))
            .map((column) => (
              // Drag and drop is the pointer's way; the keyboard moves cards from their links.
              <section
                key={column.stage}
                aria-labelledby={`stage-${column.stage}`}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, column.stage)}
                data-stage={column.stage}
                className="min-h-40 rounded-2xl bg-slate-100 p-3"
              >
                <h2 id={`stage-${column.stage}`} className="font-bold text-navy">
                  {LEAD_STAGE_LABELS[column.stage]}{" "}
                  <span className="font-normal text-muted">({column.count})</span>
                </h2>
                <p className="mb-3 text-sm text-ink">{naira(column.value)}</p>
                <ul className="space-y-2">
                  {column.leads.map((card) => (
                    <li
                      key={card.enquiryId}
                      draggable
                      onDragStart={(event) => {
                        dragged.current = card.enquiryId;
                        event.dataTransfer.setData("text/plain", card.enquiryId);
                        event.dataTransfer.effectAllowed = "move";
                      }}
                      className="cursor-grab rounded-lg bg-white p-3 break-words shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand"
                    >
                      <Link
                        to={`/admin/enquiries/${card.enquiryId}`}
                        data-lead={card.enquiryId}
                        aria-describedby="pipeline-keys"
                        onKeyDown={(event) => onKey(event, card)}
                        className="font-semibold text-brand underline"
                      >
                        {card.name}
                      </Link>
                      {card.companyName && <p className="text-sm text-ink">{card.companyName}</p>}
                      <p className="text-sm text-muted">
                        {serviceTypeName(card.serviceType) || "No service given"} ·{" "}
                        {sourceName(card.source)}
                      </p>
                      <p className="text-sm text-ink">
                        {card.value !== null ? naira(card.value) : "No value yet"}
                        {card.ownerName ? ` · ${card.ownerName}` : ""}
                      </p>
                      {card.followUpOn && (
                        <p className="text-sm text-muted">Follow up {card.followUpOn}</p>
                      )}
                      {card.stage === "lost" && card.lostReason && (
                        <p className="text-sm text-muted">Lost: {card.lostReason}</p>
                      )}
                      <div className="mt-2 flex gap-2">
                        {LEAD_STAGES.indexOf(card.stage) > 0 && (
                          <button
                            type="button"
                            onClick={() => step(card, -1)}
                            className="rounded px-2 py-1 text-sm text-brand ring-1 ring-slate-300"
                            aria-label={`Move ${card.name} to ${LEAD_STAGE_LABELS[LEAD_STAGES[LEAD_STAGES.indexOf(card.stage) - 1]!]}`}
                          >
                            ←
                          </button>
                        )}
                        {LEAD_STAGES.indexOf(card.stage) < LEAD_STAGES.length - 1 && (
                          <button
                            type="button"
                            onClick={() => step(card, 1)}
                            className="rounded px-2 py-1 text-sm text-brand ring-1 ring-slate-300"
                            aria-label={`Move ${card.name} to ${LEAD_STAGE_LABELS[LEAD_STAGES[LEAD_STAGES.indexOf(card.stage) + 1]!]}`}
                          >
                            →
                          </button>
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
                {column.count > column.leads.length && (
                  <p className="mt-2 text-sm text-muted">
                    And {column.count - column.leads.length} more.
                  </p>
                )}
              </section>
            ))}
        </div>
      )}
      <p id="pipeline-keys" className="sr-only">
        Press the right arrow key to move it to the next stage, the left arrow key to the one
        before.
      </p>
    </>
  );
}

/** The reason asked when a card is moved to Lost. */
function LostReason({
  card,
  onCancel,
  onSave,
}: {
  card: LeadCard;
  onCancel: () => void;
  onSave: (reason: string) => Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // The question takes the focus when it opens (the card's move started it).
  useEffect(() => input.current?.focus(), []);
  return (
    <Panel title={`Why was ${card.name} lost?`} id={`${id}-title`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSave(reason.trim());
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={adminLabel}>
            Reason
          </label>
          <input
            id={id}
            ref={input}
            required
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={`${adminInput} mt-1`}
          />
        </div>
        <button type="submit" className={adminButton}>
          Mark as lost
        </button>
        <button type="button" onClick={onCancel} className={adminButtonSecondary}>
          Cancel
        </button>
      </form>
    </Panel>
  );
}
