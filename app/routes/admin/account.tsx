import { useState, type FormEvent } from "react";
import { useOutletContext } from "react-router";
import { roleDescriptions, roleLabels } from "../../../common/schemas/accounts.ts";
import {
  FormMessage,
  newPasswordErrors,
  NEW_PASSWORD_HINT,
  PasswordField,
  useFocusInvalid,
} from "../../components/admin/account-forms.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { adminButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import { changePassword } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("My account");

interface Errors {
  current?: string;
  password?: string;
  confirm?: string;
}

function ChangePassword() {
  const { notify } = useFeedback();
  const { form, focusInvalid } = useFocusInvalid();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const data = new FormData(target);
    const current = String(data.get("current") ?? "");
    const password = String(data.get("password") ?? "");
    const found: Errors = {
      ...(current ? {} : { current: "The current password is required." }),
      ...newPasswordErrors(password, String(data.get("confirm") ?? "")),
    };
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length > 0) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      await changePassword(current, password);
      target.reset();
      notify("Password changed. Your other sessions are signed out; this one stays signed in.");
    } catch (error) {
      // A wrong current password is the field's error; anything else is the form's.
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        /current password/i.test(error.message)
      ) {
        setErrors({ current: error.message });
        focusInvalid();
      } else if (error instanceof ApiError && error.status === 400) {
        setErrors({ password: error.message });
        focusInvalid();
      } else {
        setProblem(problemText(error, "The server could not be reached. Please try again."));
      }
    } finally {
      setBusy(false);
    }
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
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          error={errors.password}
        />
        <PasswordField
          label="Confirm the new password"
          name="confirm"
          autoComplete="new-password"
          error={errors.confirm}
        />
        <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
        <button type="submit" disabled={busy} className={adminButton}>
          {busy ? "Changing…" : "Change password"}
        </button>
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
