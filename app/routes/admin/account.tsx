import { type FormEvent } from "react";
import { useOutletContext } from "react-router";
import { roleDescriptions, roleLabels } from "../../../common/schemas/accounts.ts";
import {
  FormMessage,
  newPasswordErrors,
  NewPasswordFields,
  PasswordField,
  SubmitButton,
  useAccountForm,
} from "../../components/admin/account-forms.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { adminButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { ApiError } from "../../lib/admin-api.ts";
import { changePassword } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("My account");

type Field = "current" | "password" | "confirm";

/** A refusal (400) is a field's error: the current password's when it names it. */
function refusedField(error: unknown): Partial<Record<Field, string>> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return /current password/i.test(error.message)
    ? { current: error.message }
    : { password: error.message };
}

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

export default function Account() {
  const { me } = useOutletContext<AdminContext>();
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
      <ChangePassword />
    </>
  );
}
