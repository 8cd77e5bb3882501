import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { forgotPasswordSchema } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  SubmitButton,
  TextField,
  useAccountForm,
} from "../../components/admin/account-forms.tsx";
import { requestPasswordReset } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Forgot password");

/**
 * Asks for a reset link by e-mail; the answer never tells whether the address has an
 * account. Without mail the server's answer says so, and who to ask (an owner).
 */
export default function ForgotPassword() {
  const { form, busy, errors, problem, submit } = useAccountForm<"email">();
  const [sent, setSent] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = forgotPasswordSchema.safeParse({ email: data.get("email") });
    await submit(parsed.success ? {} : { email: parsed.error.issues[0]?.message }, async () => {
      if (parsed.success) setSent(await requestPasswordReset(parsed.data.email));
    });
  }

  return (
    <AuthCard
      title="Forgot password?"
      intro="Give the e-mail address of your back office account to get a link to choose a new password."
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
              error={errors.email}
            />
            <div aria-live="polite">
              {problem && <FormMessage kind="error">{problem}</FormMessage>}
            </div>
            <SubmitButton busy={busy} busyText="Sending the link…">
              Send the link
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
