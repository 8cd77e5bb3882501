import { type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  newPasswordErrors,
  newPasswordRefusal,
  NewPasswordFields,
  SubmitButton,
  TextField,
  useAccountForm,
  useLinkToken,
} from "../../components/admin/account-forms.tsx";
import { acceptInvitation } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Accept the invitation");

/** The page an invitation mail links to (`#token=…`): name and password make the account. */
export default function AcceptInvite() {
  const navigate = useNavigate();
  const { form, busy, errors, problem, submit } = useAccountForm<"name" | "password" | "confirm">();
  const token = useLinkToken();

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
    await submit(
      found,
      async () => {
        await acceptInvitation(token, name, password);
        navigate("/admin/dashboard", { replace: true });
      },
      { leaves: true, fieldErrors: newPasswordRefusal },
    );
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
            This link is incomplete. Open the whole invitation link again, or ask the owner for a
            new invitation.
          </FormMessage>
        ) : (
          <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField label="Your name" name="name" autoComplete="name" error={errors.name} />
            <NewPasswordFields
              errors={errors}
              label="Password"
              confirmLabel="Confirm the password"
            />
            <SubmitButton
              busy={busy}
              busyText="Making your account…"
              disabled={token === undefined}
            >
              Make my account
            </SubmitButton>
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
