import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { forgotPasswordSchema } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  TextField,
  useFocusInvalid,
} from "../../components/admin/account-forms.tsx";
import { adminButton } from "../../components/admin/ui.tsx";
import { problemText } from "../../lib/admin-api.ts";
import { requestPasswordReset } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Forgot password");

/** Asks for a reset link by e-mail; the answer never tells whether the address has an account. */
export default function ForgotPassword() {
  const { form, focusInvalid } = useFocusInvalid();
  const [busy, setBusy] = useState(false);
  const [emailError, setEmailError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = forgotPasswordSchema.safeParse({ email: data.get("email") });
    setProblem(undefined);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      focusInvalid();
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      setSent(await requestPasswordReset(parsed.data.email));
    } catch (error) {
      setProblem(problemText(error, "The server could not be reached. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot password?"
      intro="Give the e-mail address of your back office account. We will send you a link to choose a new password."
    >
      <div className="mt-6 space-y-4">
        <div aria-live="polite">{sent && <FormMessage kind="success">{sent}</FormMessage>}</div>
        {!sent && (
          <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              error={emailError}
            />
            <div aria-live="polite">
              {problem && <FormMessage kind="error">{problem}</FormMessage>}
            </div>
            <button type="submit" disabled={busy} className={`${adminButton} w-full py-3`}>
              {busy ? "Sending the link…" : "Send the link"}
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
