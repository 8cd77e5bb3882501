import { useId, useState, type FormEvent } from "react";
import { formatDateTime } from "../../../common/format.ts";
import {
  AUTO_REPLY_NAME,
  NAME_LEFT_OUT,
  VISITOR_MAIL_LIMIT,
  autoReplySchema,
  mailKindLabels,
  SMTP_SECURITY,
  smtpSecurityLabels,
  smtpSettingsInputSchema,
  testMailInputSchema,
  type MailFailure,
  type MailStatus,
  type SmtpSettingsView,
} from "../../../common/schemas/mail.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import {
  FieldError,
  FormMessage,
  PasswordField,
  SubmitButton,
  TextField,
  useAccountForm,
} from "../../components/admin/account-forms.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminInput,
  adminLabel,
  Cell,
  DataTable,
  failure,
  PageTitle,
  Panel,
  Row,
  TableStatus,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { ApiError } from "../../lib/admin-api.ts";
import {
  getMail,
  saveAutoReply,
  saveMailSettings,
  sendTestMail,
  type AutoReply,
  type MailOverview,
  type TestMailResult,
} from "../../lib/admin/mail.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Mail");

const when = (iso: string) => `${formatDateTime(iso)} (${AGENCY_TIME_ZONE_NAME})`;

const securityWords = (security: SmtpSettingsView["security"]) =>
  security ? smtpSecurityLabels[security] : "";

/** The mail server as the environment sets it: shown, not editable here. */
function EnvironmentSettings({ settings }: { settings: SmtpSettingsView }) {
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-muted">
        These settings come from the server’s environment (SMTP_URL), which wins over this screen:
        change them there and restart the server, or remove SMTP_URL to set the mail server here.
      </p>
      <dl className="grid max-w-2xl gap-x-6 sm:grid-cols-[10rem_1fr] sm:gap-y-3">
        <dt className="font-semibold text-muted">Mail server</dt>
        <dd className="mb-3 wrap-anywhere sm:mb-0">
          {settings.host}:{settings.port} ({securityWords(settings.security)})
        </dd>
        <dt className="font-semibold text-muted">User</dt>
        <dd className="mb-3 wrap-anywhere sm:mb-0">
          {settings.user || <span className="text-muted">none</span>}
        </dd>
        <dt className="font-semibold text-muted">Sender</dt>
        <dd className="mb-3 wrap-anywhere sm:mb-0">{settings.from}</dd>
        <dt className="font-semibold text-muted">Enquiries go to</dt>
        <dd className="wrap-anywhere">
          {settings.notifyTo ?? (
            <span className="text-muted">not set (NOTIFY_TO): enquiries are not mailed</span>
          )}
        </dd>
      </dl>
    </>
  );
}

type ServerField = "host" | "port" | "security" | "user" | "password" | "from" | "notifyTo";

/** The owner's form of the mail server: used by every instance from the next mail on. */
function ServerForm({
  settings,
  onSaved,
}: {
  settings: SmtpSettingsView;
  onSaved: (settings: SmtpSettingsView) => void;
}) {
  const { notify } = useFeedback();
  const { form, busy, errors, problem, submit } = useAccountForm<ServerField>();
  const securityId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const removePassword = data.get("removePassword") === "on";
    const parsed = smtpSettingsInputSchema.safeParse({
      host: data.get("host"),
      port: data.get("port"),
      security: data.get("security"),
      user: data.get("user"),
      // Left empty: the stored password stays (unless removed).
      ...(password !== "" ? { password } : removePassword ? { password: "" } : {}),
      from: data.get("from"),
      notifyTo: data.get("notifyTo"),
    });
    const found: Partial<Record<ServerField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as ServerField;
        found[key] ??= issue.message;
      }
    }
    await submit(found, async () => {
      if (!parsed.success) return;
      const saved = await saveMailSettings(parsed.data);
      onSaved(saved);
      notify("Mail server saved: the site uses it from the next mail on.");
    });
  }

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="mail-settings-title"
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <TextField
          label="Host"
          name="host"
          autoComplete="off"
          hint="The mail server’s name, such as smtp.example.com."
          defaultValue={settings.host ?? ""}
          error={errors.host}
        />
      </div>
      <TextField
        label="Port"
        name="port"
        type="number"
        autoComplete="off"
        defaultValue={settings.port === null ? "587" : String(settings.port)}
        error={errors.port}
      />
      <div>
        <label htmlFor={securityId} className={adminLabel}>
          Security
        </label>
        <select
          id={securityId}
          name="security"
          defaultValue={settings.security ?? "starttls"}
          aria-invalid={errors.security ? true : undefined}
          aria-describedby={`${securityId}-error`}
          className={`${adminInput} mt-1`}
        >
          {SMTP_SECURITY.map((choice) => (
            <option key={choice} value={choice}>
              {smtpSecurityLabels[choice]}
            </option>
          ))}
        </select>
        <FieldError id={`${securityId}-error`} error={errors.security} />
      </div>
      <TextField
        label="User (optional)"
        name="user"
        autoComplete="off"
        defaultValue={settings.user}
        error={errors.user}
      />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint={
            settings.passwordSet
              ? "A password is kept. Leave this empty to keep it."
              : "No password is kept."
          }
          error={errors.password}
        />
        {settings.passwordSet && (
          <label className="mt-2 flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" name="removePassword" className="size-5 accent-brand" />
            Remove the kept password
          </label>
        )}
      </div>
      <TextField
        label="Sender (From)"
        name="from"
        type="email"
        autoComplete="off"
        defaultValue={settings.from}
        error={errors.from}
      />
      <TextField
        label="Enquiries go to (optional)"
        name="notifyTo"
        type="email"
        autoComplete="off"
        hint="Empty: enquiries are not mailed."
        defaultValue={settings.notifyTo ?? ""}
        error={errors.notifyTo}
      />
      <div aria-live="polite" className="sm:col-span-2 empty:hidden">
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
      </div>
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyText="Saving…" className={adminButton}>
          Save mail server
        </SubmitButton>
      </div>
    </form>
  );
}

function Settings({
  status,
  settings,
  onSaved,
}: {
  status: MailStatus;
  settings: SmtpSettingsView;
  onSaved: (settings: SmtpSettingsView) => void;
}) {
  return (
    <Panel title="Mail server" id="mail-settings-title">
      {status.configured ? (
        <p className="mb-4 font-semibold text-success">Mail is set up: the site can send mail.</p>
      ) : (
        <div className="mb-4 space-y-2">
          <p className="font-semibold text-danger">Mail is not set up: the site sends no mail.</p>
          <p className="max-w-3xl text-sm text-muted">
            Until a mail server is saved here, invitations and password links are shown to you to
            hand over yourself, the forgot-password page tells people to ask an owner, and no
            auto-reply goes.
          </p>
        </div>
      )}
      {settings.source === "environment" ? (
        <EnvironmentSettings settings={settings} />
      ) : (
        // Made again after a save: its fields show what is stored (the password empty).
        <ServerForm key={settings.updatedAt ?? "none"} settings={settings} onSaved={onSaved} />
      )}
    </Panel>
  );
}

function TestMessage({ configured }: { configured: boolean }) {
  const { form, busy, errors, problem, submit } = useAccountForm<"to">();
  const [result, setResult] = useState<TestMailResult & { to: string }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = testMailInputSchema.safeParse({
      to: new FormData(event.currentTarget).get("to"),
    });
    setResult(undefined);
    await submit(parsed.success ? {} : { to: parsed.error.issues[0]?.message }, async () => {
      if (!parsed.success) return;
      setResult({ ...(await sendTestMail(parsed.data.to)), to: parsed.data.to });
    });
  }

  return (
    <Panel title="Send a test message" id="mail-test-title">
      <p className="-mt-2 mb-4 text-sm text-muted">
        {configured
          ? "The answer says whether the mail server accepted it. Then check that it arrived."
          : "Mail is not set up, so nothing can be sent."}
      </p>
      <form
        ref={form}
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-2xl items-start gap-4 sm:grid-cols-[minmax(0,1fr)_auto]"
      >
        <TextField label="Send to" name="to" type="email" autoComplete="email" error={errors.to} />
        <SubmitButton busy={busy} busyText="Sending…" className={`${adminButton} sm:mt-6`}>
          Send test message
        </SubmitButton>
        <div aria-live="polite" className="sm:col-span-2 empty:hidden">
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
          {result &&
            (result.accepted ? (
              <FormMessage kind="success">
                The mail server accepted the test message to {result.to}. Check that it arrived.
                {result.response && (
                  <>
                    {" "}
                    Its answer: <code className="wrap-anywhere">{result.response}</code>
                  </>
                )}
              </FormMessage>
            ) : (
              <FormMessage kind="error">
                Not sent: {result.error ?? "the mail server did not accept it."}
                {result.response && result.response !== result.error && (
                  <>
                    {" "}
                    Its answer: <code className="wrap-anywhere">{result.response}</code>
                  </>
                )}
              </FormMessage>
            ))}
        </div>
      </form>
    </Panel>
  );
}

type ReplyField = "subject" | "text";

function AutoReplyForm({
  reply,
  configured,
  onSaved,
}: {
  reply: AutoReply;
  configured: boolean;
  onSaved: (reply: AutoReply) => void;
}) {
  const { notify } = useFeedback();
  const { form, busy, errors, problem, submit } = useAccountForm<ReplyField>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = autoReplySchema.safeParse({
      enabled: data.get("enabled") === "on",
      subject: data.get("subject"),
      text: data.get("text"),
    });
    const found: Partial<Record<ReplyField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as ReplyField;
        found[key] ??= issue.message;
      }
    }
    await submit(found, async () => {
      if (!parsed.success) return;
      const saved = await saveAutoReply(parsed.data);
      onSaved(saved);
      notify(saved.enabled ? "Auto-reply saved and switched on." : "Auto-reply saved; it is off.");
    });
  }

  return (
    <Panel title="Auto-reply to enquiries" id="auto-reply-title">
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-muted">
        When it is on, each new enquiry also mails the visitor this message, once, at the address
        they gave; one address gets at most one every {VISITOR_MAIL_LIMIT.gapMinutes} minutes and{" "}
        {VISITOR_MAIL_LIMIT.perDay} a day. {AUTO_REPLY_NAME} stands for their name when it is a
        plain name; anything else (a link, digits, a sentence) becomes “{NAME_LEFT_OUT}”.
        {!configured && " Mail is not set up: no auto-reply goes until it is."}
      </p>
      <form ref={form} onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4">
        <label className="flex items-center gap-3 font-semibold text-ink">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={reply.enabled}
            className="size-5 accent-brand"
          />
          Send an auto-reply to each new enquiry
        </label>
        <TextField
          label="Subject"
          name="subject"
          defaultValue={reply.subject}
          error={errors.subject}
        />
        <div>
          <label htmlFor="auto-reply-text" className={adminLabel}>
            Text
          </label>
          <textarea
            id="auto-reply-text"
            name="text"
            rows={8}
            defaultValue={reply.text}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby="auto-reply-text-error"
            className={`${adminInput} mt-1`}
          />
          <FieldError id="auto-reply-text-error" error={errors.text} />
        </div>
        <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
        <SubmitButton busy={busy} busyText="Saving…" className={adminButton}>
          Save auto-reply
        </SubmitButton>
      </form>
    </Panel>
  );
}

function Failures({
  failures,
  state,
}: {
  failures: MailFailure[];
  state: { loading: boolean; error?: string };
}) {
  return (
    <Panel title="Mails that failed" id="mail-failures-title">
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-muted">
        The newest mails the site could not send yet. Each is tried again for three days, less often
        each time, then given up.
      </p>
      <DataTable
        label="Mails that failed"
        columns={["Queued", "What", "To", "Error", "Next"]}
        placeholder={
          <TableStatus loading={state.loading} error={state.error} emptyText="No failed mails." />
        }
      >
        {failures.map((mail) => (
          <Row key={mail.id}>
            <Cell label="Queued">{when(mail.createdAt)}</Cell>
            <Cell label="What">
              {mailKindLabels[mail.kind as keyof typeof mailKindLabels] ?? mail.kind}
            </Cell>
            <Cell label="To" className="[overflow-wrap:anywhere]">
              {mail.to ?? <span className="text-muted">not known</span>}
            </Cell>
            <Cell label="Error" className="[overflow-wrap:anywhere]">
              {mail.error}
            </Cell>
            <Cell label="Next">
              {mail.givenUpAt
                ? `Given up ${when(mail.givenUpAt)}`
                : mail.nextAttemptAt
                  ? `Next try ${when(mail.nextAttemptAt)}`
                  : ""}
            </Cell>
          </Row>
        ))}
      </DataTable>
    </Panel>
  );
}

/** What the screen loads: the overview, or word that only an owner may see it. */
type Loaded = { overview: MailOverview } | { ownerOnly: true };

export default function Mail() {
  const mail = useApiData<Loaded>(async () => {
    try {
      return { overview: await getMail() };
    } catch (problem) {
      if (problem instanceof ApiError && problem.status === 403) return { ownerOnly: true };
      throw problem;
    }
  }, []);
  const overview = mail.data && "overview" in mail.data ? mail.data.overview : undefined;

  if (mail.data && "ownerOnly" in mail.data) {
    return (
      <>
        <PageTitle>Mail</PageTitle>
        <Panel>
          <p role="alert" className="font-semibold text-navy">
            Only an owner can see the mail settings.
          </p>
        </Panel>
      </>
    );
  }

  const configured = overview?.status.configured ?? false;
  return (
    <>
      <PageTitle>Mail</PageTitle>
      {mail.loading && !overview && (
        <p role="status" className="mb-6 text-muted">
          Loading…
        </p>
      )}
      {mail.failed && (
        <p role="alert" className="mb-6 font-semibold text-danger">
          {failure("mail settings", mail)}
        </p>
      )}
      {overview && (
        <>
          <Settings
            status={overview.status}
            settings={overview.settings}
            onSaved={() => void mail.reload()}
          />
          <TestMessage configured={configured} />
          <AutoReplyForm
            reply={overview.autoReply}
            configured={configured}
            onSaved={(autoReply) =>
              mail.setData((data) =>
                data && "overview" in data
                  ? { overview: { ...data.overview, autoReply } }
                  : (data as Loaded),
              )
            }
          />
          <Failures
            failures={overview.failures}
            state={{ loading: mail.loading, error: failure("failed mails", mail) }}
          />
        </>
      )}
    </>
  );
}
