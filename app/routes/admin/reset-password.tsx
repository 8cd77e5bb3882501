import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  newPasswordErrors,
  NewPasswordFields,
  SubmitButton,
  useAccountForm,
  useLinkToken,
} from "../../components/admin/account-forms.tsx";
import { adminButton } from "../../components/admin/ui.tsx";
import { resetPassword } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Choose a new password");

/**
 * The page a reset mail links to (`#token=…`): the token is read from the fragment, which
 * no server sees, then taken out of the address bar and the history.
 */
export default function ResetPassword() {
  const { form, busy, errors, problem, submit } = useAccountForm<"password" | "confirm">();
  const token = useLinkToken();
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    await submit(newPasswordErrors(password, String(data.get("confirm") ?? "")), async () => {
      await resetPassword(token, password);
      setDone(true);
    });
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
            This link is incomplete. Open the whole link again, or{" "}
            <Link to="/admin/forgot-password" className="underline">
              ask for a new link
            </Link>
            .
          </FormMessage>
        ) : (
          <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
            <NewPasswordFields errors={errors} />
            <SubmitButton busy={busy} busyText="Saving…" disabled={token === undefined}>
              Save the new password
            </SubmitButton>
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
