import { useId, useState, type FormEvent } from "react";
import { Link, useOutletContext, useSearchParams } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import { DEFAULT_RATE_PER_MINUTE, MAX_RATE_PER_MINUTE } from "../../../common/newsletter.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { NewsletterCompose } from "../../components/admin/newsletter-compose.tsx";
import {
  adminButton,
  adminInput,
  adminLabel,
  Cell,
  DataTable,
  failure,
  LoadState,
  PageTitle,
  Panel,
  Row,
  TableStatus,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  getNewsletterSettings,
  listNewsletterSends,
  saveNewsletterRate,
  SEND_STATE_LABELS,
  sendCounts,
  type NewsletterSettings,
} from "../../lib/admin/newsletter.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("Newsletter");

/** Said in place of the compose form while the site has no mail server. */
function NeedsMail({ owner }: { owner: boolean }) {
  return (
    <Panel title="Compose" id="newsletter-compose-title">
      <p className="font-semibold text-danger">
        Sending needs mail: no mail server is set up (SMTP_URL), so no newsletter can go out.
      </p>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        {owner ? (
          <>
            Set SMTP_URL in the server’s settings and restart it; the{" "}
            <Link to="/admin/mail" className="font-semibold text-brand underline">
              Mail screen
            </Link>{" "}
            shows whether mail works.
          </>
        ) : (
          "Ask an owner to set up mail."
        )}
      </p>
    </Panel>
  );
}

/** The sending rate (owners): how many mails a minute the sends may use, across the site. */
function RateForm({
  settings,
  onSaved,
}: {
  settings: NewsletterSettings;
  onSaved: (settings: NewsletterSettings) => void;
}) {
  const id = useId();
  const { notify } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rate = Number(new FormData(event.currentTarget).get("ratePerMinute"));
    if (!Number.isInteger(rate) || rate < 1 || rate > MAX_RATE_PER_MINUTE) {
      setError(`The rate must be a whole number from 1 to ${MAX_RATE_PER_MINUTE}.`);
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onSaved(await saveNewsletterRate(rate));
      notify("Sending rate saved.");
    } catch (problem) {
      setError(problemText(problem, "Not saved: the server could not be reached."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Sending rate" id="newsletter-rate-title">
      <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-3">
        <div>
          <label htmlFor={id} className={adminLabel}>
            Mails per minute
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            Keep it within what the mail provider allows. Default {DEFAULT_RATE_PER_MINUTE}.
          </p>
          <input
            id={id}
            name="ratePerMinute"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_RATE_PER_MINUTE}
            step={1}
            defaultValue={settings.ratePerMinute}
            key={settings.ratePerMinute}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            className={`${adminInput} mt-1 max-w-40`}
          />
        </div>
        <button type="submit" className={adminButton} disabled={busy}>
          {busy ? "Saving…" : "Save rate"}
        </button>
        <div aria-live="polite" className="empty:hidden">
          {error && (
            <p id={`${id}-error`} className="text-sm font-semibold text-danger">
              {error}
            </p>
          )}
        </div>
      </form>
    </Panel>
  );
}

/** Every send, newest first, each with how far it got and a link to its progress. */
function SendList() {
  const sends = useApiData(listNewsletterSends, []);
  const list = sends.data ?? [];
  return (
    <Panel title="Sends" id="newsletter-sends-title">
      <DataTable
        label="Sends"
        columns={["Subject", "Started", "State", "Progress"]}
        placeholder={
          <TableStatus
            loading={sends.loading}
            error={failure("sends", sends)}
            emptyText="No newsletter sent yet."
          />
        }
      >
        {list.map((send) => (
          <Row key={send._id}>
            <Cell label="Subject" className="[overflow-wrap:anywhere]">
              <Link
                to={`/admin/newsletter/sends/${encodeURIComponent(send._id)}`}
                className="font-semibold text-brand underline"
              >
                {send.subject}
              </Link>
            </Cell>
            <Cell label="Started" className="whitespace-nowrap">
              {formatDateTime(send.createdAt)}
            </Cell>
            <Cell label="State">{SEND_STATE_LABELS[send.state]}</Cell>
            <Cell label="Progress">{sendCounts(send)}</Cell>
          </Row>
        ))}
      </DataTable>
    </Panel>
  );
}

export default function Newsletter() {
  const { me } = useOutletContext<AdminContext>();
  const [params] = useSearchParams();
  const owner = me?.role === "owner";
  const settings = useApiData(getNewsletterSettings, []);
  const current = settings.data;

  return (
    <>
      <PageTitle>Newsletter</PageTitle>
      <LoadState
        loading={settings.loading}
        error={failure("newsletter settings", settings)}
        empty={!current}
        emptyText=""
        className="mb-6"
      />
      {current &&
        (current.canSend ? (
          <NewsletterCompose
            audience={current.audience}
            ratePerMinute={current.ratePerMinute}
            initialPostId={params.get("post") ?? undefined}
            myEmail={me?.email}
          />
        ) : (
          <NeedsMail owner={owner} />
        ))}
      <SendList />
      {current && owner && (
        <RateForm settings={current} onSaved={(saved) => settings.setData(() => saved)} />
      )}
    </>
  );
}
