import { useId, useRef, useState, type FormEvent } from "react";
import { Form, useSearchParams } from "react-router";
import { formatDate, formatDateTime } from "../../../common/format.ts";
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "../../../common/newsletter.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
import { Pager, usePageInRange, usePaging, withoutItem } from "../../components/admin/pager.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminInput,
  adminLabel,
  failure,
  fileInput,
  fileSize,
  ActionsCell,
  Blank,
  Cell,
  DataTable,
  focusById,
  LoadState,
  PageTitle,
  Panel,
  Row,
  UploadBar,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { problemText } from "../../lib/admin-api.ts";
import { getNewsletterSettings } from "../../lib/admin/newsletter.ts";
import {
  deleteSubscriber,
  exportSubscribers,
  importSubscribers,
  listSubscribers,
  type AdminSubscriber,
  type SubscriberImportResult,
  type UploadProgress,
} from "../../lib/admin/subscribers.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Subscribers");

/** The status in the address, when it is one of the statuses (anything else: all). */
function statusOf(value: string | null): SubscriberStatus | undefined {
  return SUBSCRIBER_STATUSES.find((status) => status === value);
}

/**
 * Said while sign-ups skip the confirmation mail: without it nothing proves an address is
 * its owner's, and staff should know before they send to the list.
 */
function DoubleOptInNotice() {
  // A failure (say, an older server) shows nothing: the notice is a warning, not the screen.
  const settings = useApiData(getNewsletterSettings, []);
  if (settings.data?.doubleOptIn !== false) return null;
  return (
    <p className="mb-6 rounded-lg bg-accent-50 px-4 py-3 text-sm text-ink ring-1 ring-accent/40">
      <strong>Double opt-in is off: mail is not set up.</strong> New sign-ups count as confirmed at
      once, without a confirmation mail, until SMTP_URL is set.
    </p>
  );
}

/**
 * When and where consent was given (a pending address has not confirmed yet); the wording
 * recorded with it opens below.
 */
function Consent({ subscriber }: { subscriber: AdminSubscriber }) {
  const { consentAt, consentSource, consentText, status } = subscriber;
  if (!consentAt && !consentText) return <Blank />;
  return (
    <div className="max-w-xs min-w-40">
      <p>
        {consentAt
          ? formatDateTime(consentAt)
          : status === "pending"
            ? "Not confirmed yet"
            : "Date not recorded"}
      </p>
      {consentSource && (
        // A sign-up records its page (a path); an import records "import".
        <p className="text-xs break-all text-muted">
          {consentSource.startsWith("/") ? `Form on ${consentSource}` : `By ${consentSource}`}
        </p>
      )}
      {consentText && (
        <details className="mt-1">
          <summary className="cursor-pointer font-semibold text-brand">
            Wording<span className="sr-only"> agreed to by {subscriber.email}</span>
          </summary>
          <p className="mt-1 text-muted">{consentText}</p>
        </details>
      )}
    </div>
  );
}

/** Import: a CSV file up, then what was added, left alone and refused (by line). */
function ImportPanel({ onImported }: { onImported: () => void }) {
  const ids = { file: useId(), hint: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<SubscriberImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const busy = progress !== null;
  const abort = useRef<AbortController | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    setProblem(null);
    if (!file) {
      setProblem("Choose a CSV file to import.");
      return;
    }
    abort.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    try {
      const answer = await importSubscribers(file, setProgress, abort.current.signal);
      setResult(answer);
      setFile(null);
      setFileKey((key) => key + 1);
      if (answer.added > 0) onImported();
    } catch (error) {
      setProblem(
        error instanceof DOMException && error.name === "AbortError"
          ? "Import cancelled."
          : problemText(error, "The import failed: the server could not be reached."),
      );
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  return (
    <Panel title="Import subscribers" id="subscribers-import-title">
      <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-3">
        <div>
          <label htmlFor={ids.file} className={adminLabel}>
            CSV file
          </label>
          <p id={ids.hint} className="text-sm text-muted">
            A header row naming two columns: <code className="font-semibold">email</code> (the
            address) and <code className="font-semibold">consent</code> (the wording each person
            agreed to, or how and when they agreed, e.g. “Signed up at our stand, Lagos, March
            2026”). Imported addresses count as confirmed: import only people who agreed. Known
            addresses are left as they are. At most {fileSize(MAX_IMPORT_BYTES)} and{" "}
            {MAX_IMPORT_ROWS.toLocaleString("en-US")} rows a file: split a longer list.
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
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={adminButton} disabled={busy}>
            {busy ? "Importing…" : "Import"}
          </button>
          {busy && (
            <button
              type="button"
              className={adminButtonDanger}
              onClick={() => abort.current?.abort()}
            >
              Cancel import
            </button>
          )}
        </div>
        <UploadBar id={`${ids.file}-progress`} progress={progress} />
        <div aria-live="polite">
          {problem && (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger">
              {problem}
            </p>
          )}
          {result && (
            <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
              <p className="font-semibold text-navy">
                Added {result.added}, unchanged {result.unchanged}
                {result.errors.length > 0 ? `, refused ${result.errors.length}` : ""}.
              </p>
              {result.errors.length > 0 && (
                <>
                  <p className="mt-2 text-sm font-semibold text-ink">Lines refused:</p>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                    {result.errors.map((error) => (
                      <li key={`${error.line}-${error.message}`}>
                        Line {error.line}: {error.message}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
        </div>
      </form>
    </Panel>
  );
}

export default function Subscribers() {
  const paging = usePaging();
  const { params, page, pageSize } = paging;
  const [, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const status = statusOf(params.get("status"));
  const ids = { search: useId(), status: useId() };
  const subscribers = useApiData(
    () => listSubscribers({ q, status, page, pageSize }),
    [q, status, page, pageSize],
  );
  const list = subscribers.data?.items ?? [];
  const total = subscribers.data?.total ?? 0;
  const { reload, setData } = subscribers;
  usePageInRange(paging, subscribers.loading ? undefined : subscribers.data?.total);
  const remove = useDeleteAction<AdminSubscriber>({
    question: (subscriber) =>
      `Erase ${subscriber.email}? The address and its history (consent, status, mails sent) are deleted for good.`,
    action: "Erase",
    remove: (subscriber) => deleteSubscriber(subscriber._id),
    onRemoved: (subscriber) => {
      // Gone at once; then the same page again, so the next subscriber moves up into it
      // (emptied, the page before it is shown: usePageInRange).
      setData((current) => withoutItem(current, subscriber._id));
      reload();
      focusById("subscribers-title");
    },
    removed: "Subscriber erased.",
    failed: "Could not erase the subscriber. Please try again.",
  });

  // A blank search or status is left out of the address, as the filter bars do; a new search
  // starts at page 1 (no page is sent) and keeps the page size.
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") next.set(name, value.trim());
    }
    setParams(next);
  };

  return (
    <>
      <PageTitle actions={<ExportButton download={() => exportSubscribers({ q, status })} />}>
        Subscribers
      </PageTitle>
      <DoubleOptInNotice />
      <Panel title="Newsletter subscribers" id="subscribers-title">
        <Form
          method="get"
          role="search"
          onSubmit={search}
          className="mb-4 flex max-w-2xl flex-wrap items-end gap-2"
        >
          <div className="min-w-48 flex-1">
            <label htmlFor={ids.search} className="sr-only">
              Search subscribers
            </label>
            <input
              id={ids.search}
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              placeholder="Search e-mail addresses"
              className={adminInput}
            />
          </div>
          <div>
            <label htmlFor={ids.status} className="sr-only">
              Status
            </label>
            <select
              id={ids.status}
              name="status"
              defaultValue={status ?? ""}
              key={status ?? ""}
              className={adminInput}
            >
              <option value="">All statuses</option>
              {SUBSCRIBER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {SUBSCRIBER_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <input type="hidden" name="pageSize" value={pageSize} />
          <button type="submit" className={adminButton}>
            Search
          </button>
        </Form>
        <p className="mb-3 text-sm text-muted" aria-live="polite">
          {subscribers.loading ? "Loading…" : `${total} subscriber${total === 1 ? "" : "s"}`}
        </p>
        <LoadState
          loading={subscribers.loading}
          error={failure("subscribers", subscribers)}
          empty={total === 0}
          emptyText={q || status ? "No subscribers match." : "No subscribers yet."}
        />
        {list.length > 0 && (
          <DataTable label="Subscribers" columns={["Email", "Status", "Subscribed", "Consent", ""]}>
            {list.map((subscriber) => (
              <Row key={subscriber._id}>
                <Cell label="Email" className="[overflow-wrap:anywhere]">
                  {subscriber.email}
                </Cell>
                <Cell label="Status" className="whitespace-nowrap">
                  <span>
                    <span className="font-semibold">
                      {SUBSCRIBER_STATUS_LABELS[subscriber.status]}
                    </span>
                    <span className="block text-xs text-muted">
                      since {formatDate(subscriber.statusAt)}
                    </span>
                  </span>
                </Cell>
                <Cell label="Subscribed" className="whitespace-nowrap">
                  {formatDate(subscriber.date)}
                </Cell>
                <Cell label="Consent" className="text-sm">
                  <Consent subscriber={subscriber} />
                </Cell>
                <ActionsCell>
                  <button
                    type="button"
                    className={adminButtonDanger}
                    disabled={remove.pending?._id === subscriber._id}
                    onClick={() => void remove.run(subscriber)}
                  >
                    Erase<span className="sr-only"> {subscriber.email}</span>
                  </button>
                </ActionsCell>
              </Row>
            ))}
          </DataTable>
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          onPage={paging.goTo}
          onPageSize={paging.setPageSize}
        />
      </Panel>
      <ImportPanel onImported={reload} />
    </>
  );
}
