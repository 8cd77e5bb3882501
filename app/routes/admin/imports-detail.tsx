import { useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import {
  IMPORT_KIND_LABELS,
  IMPORT_STATE_LABELS,
  SOURCE_STATUS_LABELS,
  SOURCE_STATUSES,
  type Import,
  type ImportReportItem,
  type SourceStatus,
} from "../../../common/schemas/imports.ts";
import {
  adminButton,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  Blank,
  Cell,
  DataTable,
  LoadState,
  PageTitle,
  Panel,
  Row,
  adminProgress,
} from "../../components/admin/ui.tsx";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import { getImport, startImport } from "../../lib/admin/imports.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/imports-detail";

export const meta = adminMeta("Import");

/** How often an import being read or run is asked again. */
const POLL_MS = 1500;
/** Report rows shown at first, and added by "Show more". */
const REPORT_STEP = 100;

/** Reads the import, and again every POLL_MS while it is read or run; stops when left. */
function useImport(id: string) {
  const [item, setItem] = useState<Import>();
  const [problem, setProblem] = useState<string>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await getImport(id);
        if (!live) return;
        setItem(answer);
        setProblem(undefined);
        if (answer.state === "reading" || answer.state === "running") {
          timer = setTimeout(read, POLL_MS);
        }
      } catch (error) {
        if (!live) return;
        const missing = error instanceof ApiError && error.status === 404;
        setProblem(
          missing
            ? "There is no such import."
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
  }, [id, version]);
  return { item, problem, reload: () => setVersion((v) => v + 1), setItem };
}

const COUNT_ROWS: [keyof Import["counts"], string][] = [
  ["posts", "Posts"],
  ["pages", "Pages"],
  ["attachments", "Pictures (attachments)"],
  ["categories", "Categories (become tags)"],
  ["tags", "Tags"],
  ["authors", "Authors"],
  ["other", "Other items (menus, custom types: not imported)"],
];

/** What the file holds, and the owner's choices; Start. */
function Preview({ item, onStarted }: { item: Import; onStarted: (item: Import) => void }) {
  const ids = { pictures: useId(), site: useId(), siteHint: useId() };
  const present = SOURCE_STATUSES.filter((status) => (item.counts.statuses[status] ?? 0) > 0);
  const [statuses, setStatuses] = useState<SourceStatus[]>(present);
  const [pictures, setPictures] = useState(true);
  const [siteUrl, setSiteUrl] = useState(item.site.url);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const others = Object.entries(item.counts.statuses).filter(
    ([status]) => !(SOURCE_STATUSES as readonly string[]).includes(status),
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (statuses.length === 0) {
      setProblem("Choose at least one status to import.");
      return;
    }
    setBusy(true);
    try {
      onStarted(await startImport(item.id, { statuses, pictures, siteUrl: siteUrl.trim() }));
    } catch (error) {
      setProblem(
        problemText(error, "The import could not be started: the server could not be reached."),
      );
      setBusy(false);
    }
  }

  return (
    <>
      <Panel title="What the file holds" id="import-preview-title">
        <dl className="grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          {COUNT_ROWS.map(([key, label]) => (
            <div key={key} className="contents">
              <dt className="text-ink">{label}</dt>
              <dd className="text-right font-semibold tabular-nums">
                {(item.counts[key] as number).toLocaleString("en-US")}
              </dd>
            </div>
          ))}
        </dl>
        {others.length > 0 && (
          <p className="mt-3 max-w-xl text-sm text-muted">
            Not imported: {others.map(([status, count]) => `${count} ${status}`).join(", ")} (trash,
            revisions and unsaved drafts).
          </p>
        )}
      </Panel>
      <Panel title="Choose what to import" id="import-choices-title">
        <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-5">
          <fieldset>
            <legend className={adminLabel}>Posts and pages with these statuses</legend>
            <div className="mt-2 space-y-2">
              {SOURCE_STATUSES.map((status) => {
                const count = item.counts.statuses[status] ?? 0;
                return (
                  <label key={status} className="flex items-center gap-2 text-sm text-ink">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand"
                      checked={statuses.includes(status)}
                      disabled={count === 0}
                      onChange={(event) =>
                        setStatuses((current) =>
                          event.target.checked
                            ? [...current, status]
                            : current.filter((s) => s !== status),
                        )
                      }
                    />
                    <span>
                      {SOURCE_STATUS_LABELS[status]}{" "}
                      <span className="text-muted">({count.toLocaleString("en-US")})</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div>
            <label
              htmlFor={ids.pictures}
              className="flex items-center gap-2 text-sm font-semibold text-ink"
            >
              <input
                id={ids.pictures}
                type="checkbox"
                className="h-4 w-4 accent-brand"
                checked={pictures}
                onChange={(event) => setPictures(event.target.checked)}
              />
              Bring the pictures (fetched from the old site, then resized here)
            </label>
          </div>
          <div>
            <label htmlFor={ids.site} className={adminLabel}>
              The old site's address
            </label>
            <p id={ids.siteHint} className="text-sm text-muted">
              {item.kind === "ghost"
                ? "A Ghost export does not say it: needed to fetch the pictures."
                : "As the file says; change it if the site has moved."}
            </p>
            <input
              id={ids.site}
              type="url"
              inputMode="url"
              placeholder="https://old.example.com"
              value={siteUrl}
              onChange={(event) => setSiteUrl(event.target.value)}
              aria-describedby={ids.siteHint}
              className={adminInput}
            />
          </div>
          <button type="submit" className={adminButton} disabled={busy}>
            {busy ? "Starting…" : "Start the import"}
          </button>
          <div aria-live="polite">
            {problem && (
              <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger">
                {problem}
              </p>
            )}
          </div>
        </form>
      </Panel>
    </>
  );
}

const summary = (item: Import) =>
  `${item.report.imported.toLocaleString("en-US")} imported, ${item.report.updated.toLocaleString("en-US")} updated, ${item.report.skipped.toLocaleString("en-US")} skipped`;

function Progress({ item }: { item: Import }) {
  const { total, done } = item.progress;
  return (
    <Panel title="Importing" id="import-progress-title">
      <label htmlFor="import-progress" className="text-sm font-semibold text-ink">
        Progress
      </label>
      <progress
        id="import-progress"
        max={Math.max(total, 1)}
        value={total === 0 ? 1 : done}
        className={`${adminProgress} mt-1 h-3 max-w-2xl`}
      />
      <p aria-live="polite" className="mt-3 text-ink">
        {done.toLocaleString("en-US")} of {total.toLocaleString("en-US")} items: {summary(item)}.
      </p>
      <p className="mt-2 max-w-2xl text-sm text-muted">
        You can leave this page: the import goes on, and goes on after a restart of the server.
      </p>
    </Panel>
  );
}

type Filter = "all" | "imported" | "updated" | "skipped" | "notes";
const FILTERS: [Filter, string][] = [
  ["all", "Everything"],
  ["imported", "Imported"],
  ["updated", "Updated"],
  ["skipped", "Skipped"],
  ["notes", "With notes"],
];
const OUTCOME_LABELS: Record<ImportReportItem["outcome"], string> = {
  imported: "Imported",
  updated: "Updated",
  skipped: "Skipped",
};
const KIND_LABELS: Record<string, string> = {
  post: "Post",
  page: "Page",
  attachment: "Picture",
  term: "Tag",
  other: "Other",
};

function Report({ item }: { item: Import }) {
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>("all");
  const [shown, setShown] = useState(REPORT_STEP);
  const rows = (item.report.items ?? []).filter((row) =>
    filter === "all" ? true : filter === "notes" ? row.notes.length > 0 : row.outcome === filter,
  );
  return (
    <Panel title="Report" id="import-report-title">
      <p className="mb-2 font-semibold text-navy" aria-live="polite">
        Done: {summary(item)}
        {item.report.withNotes > 0
          ? `; ${item.report.withNotes.toLocaleString("en-US")} with notes`
          : ""}
        .
      </p>
      <p className="mb-4 max-w-2xl text-sm text-muted">
        A note says what could not be kept as it was (a table, a picture that could not be fetched,
        a plugin's shortcode). Old addresses now lead to the new ones: see{" "}
        <Link to="/admin/redirects" className="font-semibold text-brand underline">
          Redirects
        </Link>
        .
      </p>
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={filterId} className={adminLabel}>
            Show
          </label>
          <select
            id={filterId}
            className={adminInput}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setShown(REPORT_STEP);
            }}
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <p className="pb-2 text-sm text-muted">
          {rows.length.toLocaleString("en-US")} item{rows.length === 1 ? "" : "s"}
        </p>
      </div>
      <DataTable
        label="Report"
        columns={["Item", "Outcome", "Details", "New address"]}
        placeholder="Nothing to show."
      >
        {rows.slice(0, shown).map((row) => (
          <Row key={`${row.kind}-${row.sourceId}`}>
            <Cell label="Item" className="[overflow-wrap:anywhere]">
              <span className="font-semibold">{row.title || "(no title)"}</span>
              <span className="block text-xs text-muted">
                {KIND_LABELS[row.kind] ?? row.kind} · {row.sourceStatus}
              </span>
            </Cell>
            <Cell label="Outcome" className="whitespace-nowrap">
              {OUTCOME_LABELS[row.outcome]}
            </Cell>
            <Cell label="Details" className="text-sm [overflow-wrap:anywhere]">
              {row.reason || row.notes.length > 0 ? (
                <div>
                  {row.reason && <p>{row.reason}</p>}
                  {row.notes.length > 0 && (
                    <ul className="list-disc space-y-0.5 pl-4">
                      {row.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  )}
                </div>
              ) : (
                <Blank />
              )}
            </Cell>
            <Cell label="New address" className="text-sm [overflow-wrap:anywhere]">
              {row.target && row.outcome !== "skipped" ? (
                <a
                  href={row.target}
                  className="text-brand underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  {row.target}
                </a>
              ) : (
                <Blank />
              )}
            </Cell>
          </Row>
        ))}
      </DataTable>
      {rows.length > shown && (
        <button
          type="button"
          className={`${adminButtonSecondary} mt-4`}
          onClick={() => setShown((count) => count + REPORT_STEP)}
        >
          Show {Math.min(REPORT_STEP, rows.length - shown)} more
        </button>
      )}
    </Panel>
  );
}

export default function ImportDetail({ params }: Route.ComponentProps) {
  const { item, problem, setItem, reload } = useImport(params.id);
  return (
    <>
      <PageTitle>Import</PageTitle>
      <p className="-mt-3 mb-6">
        <Link to="/admin/imports" className="font-semibold text-brand underline">
          Back to Import
        </Link>
      </p>
      <LoadState loading={!item} error={problem} empty={!item} emptyText="" className="mb-6" />
      {item && (
        <>
          <Panel title={item.fileName} id="import-file-title">
            <dl className="grid max-w-2xl gap-x-6 text-sm sm:grid-cols-[8rem_1fr] sm:gap-y-2">
              <dt className="font-semibold text-muted">Kind</dt>
              <dd className="mb-2 sm:mb-0">{IMPORT_KIND_LABELS[item.kind]}</dd>
              {(item.site.title || item.site.url) && (
                <>
                  <dt className="font-semibold text-muted">Site</dt>
                  <dd className="mb-2 [overflow-wrap:anywhere] sm:mb-0">
                    {[item.site.title, item.site.url].filter(Boolean).join(" · ")}
                  </dd>
                </>
              )}
              <dt className="font-semibold text-muted">Uploaded</dt>
              <dd className="mb-2 sm:mb-0">{formatDateTime(item.createdAt)}</dd>
              <dt className="font-semibold text-muted">State</dt>
              <dd>{IMPORT_STATE_LABELS[item.state]}</dd>
            </dl>
          </Panel>
          {item.state === "reading" && (
            <p role="status" className="mb-6 text-ink">
              Reading the file… The preview shows here in a moment.
            </p>
          )}
          {item.state === "failed" && (
            <p
              role="alert"
              className="mb-6 rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger"
            >
              {item.error}
            </p>
          )}
          {item.state === "ready" && (
            <Preview
              item={item}
              onStarted={(next) => {
                setItem(next);
                // Asked again every POLL_MS while it runs.
                reload();
              }}
            />
          )}
          {item.state === "running" && <Progress item={item} />}
          {item.state === "done" && <Report item={item} />}
        </>
      )}
    </>
  );
}
