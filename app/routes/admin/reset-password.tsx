import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  newPasswordErrors,
  NEW_PASSWORD_HINT,
  PasswordField,
  useLinkToken,
  useFocusInvalid,
} from "../../components/admin/account-forms.tsx";
import { adminButton } from "../../components/admin/ui.tsx";
import { problemText } from "../../lib/admin-api.ts";
import { resetPassword } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Choose a new password");

/**
 * The page a reset mail links to (`#token=…`): the token is read from the fragment, which
 * no server sees, then taken out of the address bar and the history.
 */
export default function ResetPassword() {
  const { form, focusInvalid } = useFocusInvalid();
  const token = useLinkToken();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const found = newPasswordErrors(password, String(data.get("confirm") ?? ""));
    setErrors(found);
    setProblem(undefined);
    if (found.password || found.confirm) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setProblem(problemText(error, "The server could not be reached. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password">
      <div className="mt-6 space-y-4">
        <div aria-live="polite">
          {done && (
            <FormMessage kind="success">
              Your password is changed, and every other session of your account is signed out. You
              are signed in here.
            </FormMessage>
          )}
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
        </div>
        {problem === accountMessages.linkUsedOrExpired ? (
          <Link to="/admin/forgot-password" className={`${adminButton} w-full py-3`}>
            Ask for a new link
          </Link>
        ) : done ? (
          <Link to="/admin/dashboard" className={`${adminButton} w-full py-3`}>
            Continue to the back office
          </Link>
        ) : token === null ? (
          <FormMessage kind="error">
            This link is incomplete. Open it again from the e-mail, or{" "}
            <Link to="/admin/forgot-password" className="underline">
              ask for a new link
            </Link>
            .
          </FormMessage>
        ) : (
          <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
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
            <button
              type="submit"
              disabled={busy || token === undefined}
              className={`${adminButton} w-full py-3`}
            >
              {busy ? "Saving…" : "Save the new password"}
            </button>
          </form>
        )}
        <p className="text-center text-sm">
          <Link to="/admin/login" className="font-semibold text-brand underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
