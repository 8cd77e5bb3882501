import { useId, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import {
  REDIRECT_STATUS_LABELS,
  REDIRECT_STATUSES,
  type RedirectStatus,
} from "../../../common/schemas/redirects.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { Pager, usePageInRange, usePaging } from "../../components/admin/pager.tsx";
import {
  ActionsCell,
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  adminLinkButton,
  Blank,
  Cell,
  DataTable,
  failure,
  fileInput,
  focusById,
  PageTitle,
  Panel,
  Row,
  TableStatus,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  deleteRedirect,
  dismissNotFound,
  importRedirects,
  listNotFound,
  listRedirects,
  saveRedirect,
  type NotFoundEntry,
  type Redirect,
  type RedirectImportResult,
} from "../../lib/admin/redirects.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Redirects");

const FORM_TITLE = "redirect-form-title";

interface Draft {
  id?: string;
  from: string;
  to: string;
  status: RedirectStatus;
}
const EMPTY: Draft = { from: "", to: "", status: 301 };

/** Add or change one redirect. */
function RedirectForm({
  draft,
  onDraft,
  onSaved,
}: {
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onSaved: () => void;
}) {
  const ids = { status: useId(), fromHint: useId(), toHint: useId() };
  const { notify } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setBusy(true);
    try {
      await saveRedirect({ from: draft.from, to: draft.to, status: draft.status }, draft.id);
      notify(draft.id ? "Redirect saved." : "Redirect added.");
      onDraft(EMPTY);
      onSaved();
    } catch (error) {
      setProblem(
        problemText(error, "The redirect could not be saved: the server could not be reached."),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title={draft.id ? "Change the redirect" : "Add a redirect"} id={FORM_TITLE}>
      <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-4 md:grid-cols-2">
        <div>
          <label htmlFor="redirect-from" className={adminLabel}>
            Old address (from)
          </label>
          <p id={ids.fromHint} className="text-sm text-muted">
            A path here, e.g. /2023/05/news/ or /?p=123.
          </p>
          <input
            id="redirect-from"
            value={draft.from}
            onChange={(event) => onDraft({ ...draft, from: event.target.value })}
            aria-describedby={ids.fromHint}
            className={adminInput}
            autoComplete="off"
            required
          />
        </div>
        <div>
          <label htmlFor="redirect-to" className={adminLabel}>
            New address (to)
          </label>
          <p id={ids.toHint} className="text-sm text-muted">
            A path here (/blog/news) or https://….
          </p>
          <input
            id="redirect-to"
            value={draft.to}
            onChange={(event) => onDraft({ ...draft, to: event.target.value })}
            aria-describedby={ids.toHint}
            className={adminInput}
            autoComplete="off"
            required
          />
        </div>
        <div>
          <label htmlFor={ids.status} className={adminLabel}>
            Kind
          </label>
          <select
            id={ids.status}
            value={draft.status}
            onChange={(event) =>
              onDraft({ ...draft, status: Number(event.target.value) as RedirectStatus })
            }
            className={adminInput}
          >
            {REDIRECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REDIRECT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <button type="submit" className={adminButton} disabled={busy}>
            {busy ? "Saving…" : draft.id ? "Save redirect" : "Add redirect"}
          </button>
          {(draft.id || draft.from || draft.to) && (
            <button type="button" className={adminButtonSecondary} onClick={() => onDraft(EMPTY)}>
              Cancel
            </button>
          )}
        </div>
        <div aria-live="polite" className="md:col-span-2">
          {problem && (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger">
              {problem}
            </p>
          )}
        </div>
      </form>
    </Panel>
  );
}

function RedirectList({
  onEdit,
  version,
}: {
  onEdit: (redirect: Redirect) => void;
  version: number;
}) {
  const paging = usePaging();
  const { params, page, pageSize } = paging;
  const [, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const searchId = useId();
  const list = useApiData(() => listRedirects({ q, page, pageSize }), [q, page, pageSize, version]);
  usePageInRange(paging, list.loading ? undefined : list.data?.total);
  const items = list.data?.items ?? [];
  const remove = useDeleteAction<Redirect>({
    question: (redirect) =>
      `Remove the redirect from ${redirect.from}? The old address will answer "not found" again.`,
    action: "Remove",
    remove: (redirect) => deleteRedirect(redirect.id),
    onRemoved: () => {
      list.reload();
      focusById("redirects-title");
    },
    removed: "Redirect removed.",
    failed: "Could not remove the redirect. Please try again.",
  });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("q");
    const next = new URLSearchParams();
    if (typeof value === "string" && value.trim()) next.set("q", value.trim());
    setParams(next);
  };
  return (
    <Panel title="Redirects" id="redirects-title">
      <form
        role="search"
        onSubmit={search}
        className="mb-4 flex max-w-xl flex-wrap items-end gap-2"
      >
        <div className="min-w-48 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search redirects
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search old and new addresses"
            className={adminInput}
          />
        </div>
        <button type="submit" className={adminButton}>
          Search
        </button>
      </form>
      <DataTable
        label="Redirects"
        columns={["From", "To", "Kind", "Hits", "Last hit", ""]}
        placeholder={
          <TableStatus
            loading={list.loading}
            error={failure("redirects", list)}
            emptyText={q ? "No redirects match." : "No redirects yet."}
          />
        }
      >
        {items.map((redirect) => (
          <Row key={redirect.id}>
            <Cell label="From" className="font-mono text-xs [overflow-wrap:anywhere]">
              {redirect.from}
              {redirect.source === "import" && (
                <span className="ml-1 rounded bg-slate-100 px-1 font-sans whitespace-nowrap text-muted">
                  import
                </span>
              )}
            </Cell>
            <Cell label="To" className="font-mono text-xs [overflow-wrap:anywhere]">
              {redirect.to}
            </Cell>
            <Cell label="Kind">{redirect.status}</Cell>
            <Cell label="Hits" className="tabular-nums">
              {redirect.hits.toLocaleString("en-US")}
            </Cell>
            <Cell label="Last hit" className="whitespace-nowrap">
              {redirect.lastHitAt ? formatDateTime(redirect.lastHitAt) : <Blank />}
            </Cell>
            <ActionsCell>
              <button type="button" className={adminLinkButton} onClick={() => onEdit(redirect)}>
                Edit<span className="sr-only"> the redirect from {redirect.from}</span>
              </button>
              <button
                type="button"
                className={adminButtonDanger}
                disabled={remove.pending?.id === redirect.id}
                onClick={() => void remove.run(redirect)}
              >
                Remove<span className="sr-only"> the redirect from {redirect.from}</span>
              </button>
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
      <Pager
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPage={paging.goTo}
        onPageSize={paging.setPageSize}
        label="Pages of redirects"
      />
    </Panel>
  );
}

function CsvImport({ onImported }: { onImported: () => void }) {
  const ids = { file: useId(), hint: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedirectImportResult>();
  const [problem, setProblem] = useState<string>();
  const [fileKey, setFileKey] = useState(0);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setResult(undefined);
    if (!file) {
      setProblem("Choose a CSV file to import.");
      return;
    }
    setBusy(true);
    try {
      const answer = await importRedirects(file);
      setResult(answer);
      setFile(null);
      setFileKey((key) => key + 1);
      if (answer.added + answer.updated > 0) onImported();
    } catch (error) {
      setProblem(problemText(error, "The import failed: the server could not be reached."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Import redirects from a CSV file" id="redirects-csv-title">
      <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-3">
        <div>
          <label htmlFor={ids.file} className={adminLabel}>
            CSV file
          </label>
          <p id={ids.hint} className="text-sm text-muted">
            A header row naming the columns <code className="font-semibold">from</code>,{" "}
            <code className="font-semibold">to</code> and, if you like,{" "}
            <code className="font-semibold">status</code> (301 or 302; 301 when blank). A known old
            address is changed.
          </p>
          <input
            key={fileKey}
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={ids.hint}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className={fileInput}
          />
        </div>
        <button type="submit" className={adminButton} disabled={busy}>
          {busy ? "Importing…" : "Import"}
        </button>
        <div aria-live="polite">
          {problem && (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger">
              {problem}
            </p>
          )}
          {result && (
            <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
              <p className="font-semibold text-navy">
                Added {result.added}, changed {result.updated}
                {result.errors.length > 0 ? `, refused ${result.errors.length}` : ""}.
              </p>
              {result.errors.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                  {result.errors.map((error) => (
                    <li key={`${error.line}-${error.message}`}>
                      Line {error.line}: {error.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </form>
    </Panel>
  );
}

/** The addresses that answered 404, newest first, each one click from a redirect. */
function NotFoundList({
  onRedirect,
  version,
}: {
  onRedirect: (path: string) => void;
  version: number;
}) {
  const [bots, setBots] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const botsId = useId();
  const { notify } = useFeedback();
  const list = useApiData(
    () => listNotFound({ bots, page, pageSize }),
    [bots, page, pageSize, version],
  );
  const items = list.data?.items ?? [];
  async function dismiss(entry: NotFoundEntry) {
    try {
      await dismissNotFound(entry.path);
      list.reload();
    } catch (error) {
      notify(problemText(error, "Could not remove the address. Please try again."), "error");
    }
  }
  return (
    <Panel title="Not found" id="not-found-title">
      <p className="mb-3 max-w-2xl text-sm text-muted">
        Addresses visitors asked for that answered “not found”, the latest first. Redirect one to
        the page it meant, or dismiss it.
      </p>
      <label htmlFor={botsId} className="mb-4 flex items-center gap-2 text-sm text-ink">
        <input
          id={botsId}
          type="checkbox"
          className="h-4 w-4 accent-brand"
          checked={bots}
          onChange={(event) => {
            setBots(event.target.checked);
            setPage(1);
          }}
        />
        Also show the addresses only bots asked for
      </label>
      <DataTable
        label="Not found"
        columns={["Address", "Visitors", "Bots", "Last asked", ""]}
        placeholder={
          <TableStatus
            loading={list.loading}
            error={failure("addresses", list)}
            emptyText="No address has answered “not found” lately."
          />
        }
      >
        {items.map((entry) => (
          <Row key={entry.path}>
            <Cell label="Address" className="font-mono text-xs [overflow-wrap:anywhere]">
              {entry.path}
            </Cell>
            <Cell label="Visitors" className="tabular-nums">
              {entry.hits.toLocaleString("en-US")}
            </Cell>
            <Cell label="Bots" className="tabular-nums">
              {entry.botHits.toLocaleString("en-US")}
            </Cell>
            <Cell label="Last asked" className="whitespace-nowrap">
              {formatDateTime(entry.lastSeenAt)}
            </Cell>
            <ActionsCell>
              <button
                type="button"
                className={adminLinkButton}
                onClick={() => onRedirect(entry.path)}
              >
                Redirect<span className="sr-only"> {entry.path}</span>
              </button>
              <button
                type="button"
                className={adminButtonDanger}
                onClick={() => void dismiss(entry)}
              >
                Dismiss<span className="sr-only"> {entry.path}</span>
              </button>
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
      <Pager
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        label="Pages of addresses not found"
      />
    </Panel>
  );
}

export default function Redirects() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [version, setVersion] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const changed = () => setVersion((v) => v + 1);
  const edit = (next: Draft) => {
    setDraft(next);
    formRef.current?.scrollIntoView({ block: "start" });
    // The field to fill next: the new address.
    setTimeout(() => document.getElementById("redirect-to")?.focus(), 0);
  };
  return (
    <>
      <PageTitle>Redirects</PageTitle>
      <div ref={formRef} className="scroll-mt-4">
        <RedirectForm draft={draft} onDraft={setDraft} onSaved={changed} />
      </div>
      <RedirectList
        version={version}
        onEdit={(redirect) =>
          edit({ id: redirect.id, from: redirect.from, to: redirect.to, status: redirect.status })
        }
      />
      <NotFoundList version={version} onRedirect={(path) => edit({ ...EMPTY, from: path })} />
      <CsvImport onImported={changed} />
    </>
  );
}
