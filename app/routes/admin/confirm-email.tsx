import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  AuthCard,
  FormMessage,
  SubmitButton,
  useAccountForm,
  useLinkToken,
} from "../../components/admin/account-forms.tsx";
import { confirmEmail } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Confirm your new e-mail address");

/**
 * The page the confirmation mail of a new e-mail address links to (`#token=…`, taken out of
 * the address bar once read). A button confirms: a mail program that opens links to look at
 * them changes nothing.
 */
export default function ConfirmEmail() {
  const { busy, problem, submit } = useAccountForm<never>();
  const token = useLinkToken();
  const [done, setDone] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    await submit({}, async () => setDone(await confirmEmail(token)));
  }

  return (
    <AuthCard title="Confirm your new e-mail address">
      <div className="mt-6 space-y-4">
        <div aria-live="polite">
          {done && <FormMessage kind="success">{done}</FormMessage>}
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
        </div>
        {token === null ? (
          <FormMessage kind="error">
            This link is incomplete. Open it again from the e-mail, or ask for a new one on My
            account.
          </FormMessage>
        ) : (
          !done && (
            <form onSubmit={onSubmit} noValidate>
              <SubmitButton busy={busy} busyText="Confirming…" disabled={token === undefined}>
                Use this address
              </SubmitButton>
            </form>
          )
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
