import { useState, type FormEvent } from "react";
import { Link, useOutletContext } from "react-router";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import {
  accountMessages,
  emailChangeSchema,
  nameChangeSchema,
  roleDescriptions,
  roleLabels,
} from "../../../common/schemas/accounts.ts";
import {
  FormMessage,
  newPasswordErrors,
  NewPasswordFields,
  PasswordField,
  SubmitButton,
  TextField,
  useAccountForm,
} from "../../components/admin/account-forms.tsx";
import { DevicesPanel } from "../../components/admin/devices-panel.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { PasskeysPanel } from "../../components/admin/passkeys.tsx";
import { TwoStepPanel } from "../../components/admin/two-step-panel.tsx";
import { adminButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { ApiError } from "../../lib/admin-api.ts";
import {
  changeMyEmail,
  changePassword,
  setMyName,
  setMyWeeklyReport,
  type Me,
} from "../../lib/admin/accounts.ts";
import { getMail } from "../../lib/admin/mail.ts";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("My account");

type Field = "current" | "password" | "confirm";

/** The refusals of the current password, whichever form asked it. */
const currentPasswordRefusals: readonly string[] = [
  accountMessages.wrongCurrentPassword,
  accountMessages.emailNeedsPassword,
];

/**
 * A refusal (400) as the fields' errors: the fields the answer names (decision 0053, by the
 * request's names in `names`), else the current password's when it is refused, else `rest`'s.
 */
function refusedFields<F extends string>(
  error: unknown,
  names: Record<string, F>,
  rest: F,
): Partial<Record<F, string>> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const named = Object.entries(error.fields).flatMap(([path, message]) =>
    names[path] ? [[names[path], message] as const] : [],
  );
  if (named.length > 0) return Object.fromEntries(named) as Partial<Record<F, string>>;
  return currentPasswordRefusals.includes(error.message)
    ? ({ [names.currentPassword ?? rest]: error.message } as Partial<Record<F, string>>)
    : ({ [rest]: error.message } as Partial<Record<F, string>>);
}

/** A refusal of the password change: the current password's, else the new one's. */
const refusedField = (error: unknown) =>
  refusedFields<Field>(error, { currentPassword: "current", newPassword: "password" }, "password");

function ChangePassword() {
  const { notify } = useFeedback();
  const { form, busy, errors, problem, submit } = useAccountForm<Field>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const data = new FormData(target);
    const current = String(data.get("current") ?? "");
    const password = String(data.get("password") ?? "");
    const found = {
      ...(current ? {} : { current: "The current password is required." }),
      ...newPasswordErrors(password, String(data.get("confirm") ?? "")),
    };
    await submit(
      found,
      async () => {
        await changePassword(current, password);
        target.reset();
        notify("Password changed. Your other sessions are signed out; this one stays signed in.");
      },
      { fieldErrors: refusedField },
    );
  }

  return (
    <Panel title="Change password" id="password-title">
      <p className="-mt-2 mb-4 text-sm text-muted">
        Changing the password signs your account out on every other device and browser.
      </p>
      <form ref={form} onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
        <PasswordField
          label="Current password"
          name="current"
          autoComplete="current-password"
          error={errors.current}
        />
        <NewPasswordFields errors={errors} />
        <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
        <SubmitButton busy={busy} busyText="Changing…" className={adminButton}>
          Change password
        </SubmitButton>
      </form>
    </Panel>
  );
}

function NameForm({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const { notify } = useFeedback();
  const { form, busy, errors, problem, submit } = useAccountForm<"name">();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = nameChangeSchema.safeParse({
      name: new FormData(event.currentTarget).get("name"),
    });
    await submit(parsed.success ? {} : { name: parsed.error.issues[0]?.message }, async () => {
      if (!parsed.success) return;
      onSaved(await setMyName(parsed.data.name));
      notify("Name saved.");
    });
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        defaultValue={me.name}
        hint="How the back office and the activity log name you."
        error={errors.name}
      />
      <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
      <SubmitButton busy={busy} busyText="Saving…" className={adminButton}>
        Save name
      </SubmitButton>
    </form>
  );
}

/** What the weekly report's switch means now, said plainly (never more than will happen). */
function weeklyReportStatus(on: boolean, mail: boolean | undefined) {
  if (mail === undefined) return null;
  if (!mail) {
    return on
      ? "Ticked, but mail is not set up: no report is sent until it is."
      : "Off. Mail is not set up either: the report needs it.";
  }
  return on
    ? `On: each Monday at 08:00 ${AGENCY_TIME_ZONE_NAME} the report on the week before goes to your e-mail address above.`
    : "Off: no weekly report is mailed to you.";
}

/**
 * The owner's switch of the weekly traffic report (issue 33): on by default; the status
 * under it says what happens, and without mail that nothing is sent.
 */
function WeeklyReportForm({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const { notify } = useFeedback();
  const { form, busy, problem, submit } = useAccountForm<"weeklyReport">();
  const mail = useApiData(async () => (await getMail()).status.configured, []);
  const status = weeklyReportStatus(me.weeklyReport, mail.data);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const on = new FormData(event.currentTarget).get("weeklyReport") === "on";
    await submit({}, async () => {
      const saved = await setMyWeeklyReport(on);
      onSaved(saved);
      notify(
        !saved.weeklyReport
          ? "Weekly report turned off."
          : mail.data
            ? "Weekly report turned on."
            : "Weekly report ticked; no report is sent until mail is set up.",
      );
    });
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <p className="text-sm text-muted">
        Last week’s visitors, page views, enquiries and conversion, with the top pages and sources,
        each compared with the week before.
      </p>
      <label className="flex items-start gap-3 font-semibold text-ink">
        <input
          type="checkbox"
          name="weeklyReport"
          defaultChecked={me.weeklyReport}
          aria-describedby="weekly-report-status"
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        Send me the weekly traffic report by e-mail (Mondays at 08:00)
      </label>
      <p id="weekly-report-status" className="text-sm text-muted">
        {mail.loading && !status && "Checking whether mail is set up…"}
        {status}
        {mail.data === false && (
          <>
            {" "}
            <Link to="/admin/mail" className="font-semibold text-brand underline">
              Set up mail on the Mail screen
            </Link>
            .
          </>
        )}
        {mail.failed && "Whether mail is set up could not be checked."}
      </p>
      <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
      <SubmitButton busy={busy} busyText="Saving…" className={adminButton}>
        Save
      </SubmitButton>
    </form>
  );
}

type EmailField = "email" | "current";

/**
 * A new e-mail address, with the current password: with mail a link to the new address
 * confirms it; without mail the change is made at once (the answer says which).
 */
function EmailForm({ me, onChanged }: { me: Me; onChanged: (email: string) => void }) {
  const { form, busy, errors, problem, submit } = useAccountForm<EmailField>();
  const [done, setDone] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const data = new FormData(target);
    const parsed = emailChangeSchema.safeParse({
      email: data.get("email"),
      currentPassword: data.get("current"),
    });
    setDone(undefined);
    const found: Partial<Record<EmailField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === "currentPassword" ? "current" : "email";
        found[key] ??= issue.message;
      }
    }
    await submit(
      found,
      async () => {
        if (!parsed.success) return;
        const answer = await changeMyEmail(parsed.data.email, parsed.data.currentPassword);
        target.reset();
        if (answer.changed) {
          onChanged(answer.email);
          setDone(`Your e-mail address is now ${answer.email}. Use it to sign in.`);
        } else {
          setDone(
            `A link was mailed to ${answer.email}. Open it within 1 hour to confirm the new address; until then your address stays ${me.email}.`,
          );
        }
      },
      {
        fieldErrors: (error) =>
          error instanceof ApiError && error.status === 409
            ? { email: error.message }
            : refusedFields(error, { currentPassword: "current", email: "email" }, "email"),
      },
    );
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <p className="text-sm text-muted">
        When the site can send mail, a link goes to the new address and the change is made when you
        open it. When it cannot, the change is made at once. Either way you give your password.
      </p>
      <TextField
        label="New e-mail address"
        name="email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <PasswordField
        label="Your password"
        name="current"
        autoComplete="current-password"
        error={errors.current}
      />
      <div aria-live="polite">
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        {done && <FormMessage kind="success">{done}</FormMessage>}
      </div>
      <SubmitButton busy={busy} busyText="Saving…" className={adminButton}>
        Change e-mail address
      </SubmitButton>
    </form>
  );
}

export default function Account() {
  const context = useOutletContext<AdminContext>();
  const [saved, setSaved] = useState<Partial<Me>>({});
  // Signing out the other devices may remove passkeys: the Passkeys panel then loads again.
  const [passkeysSeen, setPasskeysSeen] = useState(0);
  const me = context.me ? { ...context.me, ...saved } : undefined;
  return (
    <>
      <PageTitle>My account</PageTitle>
      <Panel title="Your details" id="details-title">
        {me ? (
          <dl className="grid max-w-xl gap-x-6 sm:grid-cols-[8rem_1fr] sm:gap-y-3">
            <dt className="font-semibold text-muted">Name</dt>
            <dd className="mb-3 break-words sm:mb-0">
              {me.name || <span className="text-muted">not given</span>}
            </dd>
            <dt className="font-semibold text-muted">E-mail</dt>
            <dd className="mb-3 break-all sm:mb-0">{me.email}</dd>
            <dt className="font-semibold text-muted">Role</dt>
            <dd>
              <span>{roleLabels[me.role]}</span>
              <span className="block text-sm text-muted">{roleDescriptions[me.role]}</span>
            </dd>
          </dl>
        ) : (
          <p role="status" className="text-muted">
            Loading…
          </p>
        )}
      </Panel>
      {me && (
        <Panel title="Change your name" id="name-title">
          <NameForm me={me} onSaved={(next) => setSaved((s) => ({ ...s, name: next.name }))} />
        </Panel>
      )}
      {me && (
        <Panel title="Change your e-mail address" id="email-title">
          <EmailForm me={me} onChanged={(email) => setSaved((s) => ({ ...s, email }))} />
        </Panel>
      )}
      {me?.role === "owner" && (
        <Panel title="Weekly traffic report" id="weekly-report-title">
          <WeeklyReportForm
            me={me}
            onSaved={(next) => setSaved((s) => ({ ...s, weeklyReport: next.weeklyReport }))}
          />
        </Panel>
      )}
      <ChangePassword />
      <PasskeysPanel key={passkeysSeen} />
      <TwoStepPanel />
      <DevicesPanel onPasskeysChanged={() => setPasskeysSeen((n) => n + 1)} />
    </>
  );
}
