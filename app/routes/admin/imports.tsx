import { useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import { IMPORT_KIND_LABELS, IMPORT_STATE_LABELS } from "../../../common/schemas/imports.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminLabel,
  Cell,
  DataTable,
  failure,
  fileInput,
  PageTitle,
  Panel,
  Row,
  TableStatus,
  UploadBar,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  exportWordPress,
  listImports,
  uploadImport,
  type UploadProgress,
} from "../../lib/admin/imports.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Import");

/** The export file up, with its progress; then the import's own page (preview, start). */
function UploadPanel() {
  const ids = { file: useId(), hint: useId(), progress: useId() };
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem("Choose the export file to import.");
      return;
    }
    abort.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    try {
      const id = await uploadImport(file, setProgress, abort.current.signal);
      navigate(`/admin/imports/${id}`);
    } catch (error) {
      setProblem(
        error instanceof DOMException && error.name === "AbortError"
          ? "Upload cancelled."
          : problemText(error, "The upload failed: the server could not be reached."),
      );
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  return (
    <Panel title="Move in from WordPress or Ghost" id="import-upload-title">
      <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4">
        <div className="space-y-2 text-sm text-ink">
          <p>
            In WordPress, choose <strong>Tools → Export → All content</strong> and download the
            file. In Ghost, choose <strong>Settings → Advanced → Export content</strong>.
          </p>
          <p>
            Upload it here (up to 200 MB). You will see what it holds before anything is imported,
            then choose which posts to take and whether to bring their pictures. Old addresses (
            <code>/2023/05/a-post/</code>, <code>/?p=123</code>, <code>/category/news/</code>) are
            redirected to the new ones.
          </p>
        </div>
        <div>
          <label htmlFor={ids.file} className={adminLabel}>
            Export file
          </label>
          <p id={ids.hint} className="text-sm text-muted">
            A WordPress export (.xml) or a Ghost export (.json).
          </p>
          <input
            id={ids.file}
            type="file"
            accept=".xml,.json,application/xml,text/xml,application/json"
            aria-describedby={ids.hint}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className={fileInput}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={adminButton} disabled={busy}>
            {busy ? "Uploading…" : "Upload and preview"}
          </button>
          {busy && (
            <button
              type="button"
              className={adminButtonDanger}
              onClick={() => abort.current?.abort()}
            >
              Cancel upload
            </button>
          )}
        </div>
        <UploadBar id={ids.progress} progress={progress} />
        <div aria-live="polite">
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

/** Leave as easily: the whole site as a file WordPress's importer takes. */
function ExportPanel() {
  const { notify } = useFeedback();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await exportWordPress();
    } catch (problem) {
      notify(problemText(problem, "The export failed. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Leave as easily" id="import-export-title">
      <p className="mb-4 max-w-2xl text-sm text-ink">
        Download the site's posts, pages, tags and pictures as a WordPress export. In WordPress,
        choose <strong>Tools → Import → WordPress</strong>, upload the file and tick “Download and
        import file attachments”.
      </p>
      <button type="button" className={adminButtonSecondary} onClick={run} disabled={busy}>
        {busy ? "Exporting…" : "Download WordPress export"}
      </button>
    </Panel>
  );
}

export default function Imports() {
  const imports = useApiData(listImports, []);
  const list = imports.data ?? [];
  return (
    <>
      <PageTitle>Import</PageTitle>
      <UploadPanel />
      <Panel title="Imports" id="imports-title">
        <DataTable
          label="Imports"
          columns={["File", "Site", "State", "Uploaded"]}
          placeholder={
            <TableStatus
              loading={imports.loading}
              error={failure("imports", imports)}
              emptyText="No imports yet."
            />
          }
        >
          {list.map((item) => (
            <Row key={item.id}>
              <Cell label="File" className="[overflow-wrap:anywhere]">
                <Link
                  to={`/admin/imports/${item.id}`}
                  className="font-semibold text-brand underline"
                >
                  {item.fileName}
                </Link>
                <span className="block text-xs text-muted">{IMPORT_KIND_LABELS[item.kind]}</span>
              </Cell>
              <Cell label="Site" className="[overflow-wrap:anywhere]">
                {item.site.title || item.site.url || "—"}
              </Cell>
              <Cell label="State">{IMPORT_STATE_LABELS[item.state]}</Cell>
              <Cell label="Uploaded" className="whitespace-nowrap">
                {formatDateTime(item.createdAt)}
              </Cell>
            </Row>
          ))}
        </DataTable>
      </Panel>
      <ExportPanel />
    </>
  );
}
