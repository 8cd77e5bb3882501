import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  newPasswordErrors,
  NEW_PASSWORD_HINT,
  PasswordField,
  useLinkToken,
  TextField,
  useFocusInvalid,
} from "../../components/admin/account-forms.tsx";
import { adminButton } from "../../components/admin/ui.tsx";
import { problemText } from "../../lib/admin-api.ts";
import { acceptInvitation } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Accept the invitation");

/** The page an invitation mail links to (`#token=…`): name and password make the account. */
export default function AcceptInvite() {
  const navigate = useNavigate();
  const { form, focusInvalid } = useFocusInvalid();
  const token = useLinkToken();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; password?: string; confirm?: string }>({});
  const [problem, setProblem] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const found = {
      ...(name ? {} : { name: "Your name is required." }),
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
      await acceptInvitation(token, name, password);
      navigate("/admin/dashboard", { replace: true });
    } catch (error) {
      setProblem(problemText(error, "The server could not be reached. Please try again."));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Join the back office"
      intro="You were invited to the back office. Give your name and choose a password to make your account."
    >
      <div className="mt-6 space-y-4">
        <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
        {problem === accountMessages.inviteUsedOrExpired ? null : token === null ? (
          <FormMessage kind="error">
            This link is incomplete. Open it again from the invitation e-mail, or ask the owner for
            a new invitation.
          </FormMessage>
        ) : (
          <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField label="Your name" name="name" autoComplete="name" error={errors.name} />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="new-password"
              hint={NEW_PASSWORD_HINT}
              error={errors.password}
            />
            <PasswordField
              label="Confirm the password"
              name="confirm"
              autoComplete="new-password"
              error={errors.confirm}
            />
            <button
              type="submit"
              disabled={busy || token === undefined}
              className={`${adminButton} w-full py-3`}
            >
              {busy ? "Making your account…" : "Make my account"}
            </button>
          </form>
        )}
        <p className="text-center text-sm">
          <Link to="/admin/login" className="font-semibold text-brand underline">
            Already have an account? Sign in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
