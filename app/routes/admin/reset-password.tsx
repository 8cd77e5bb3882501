import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import {
  AuthCard,
  FormMessage,
  newPasswordErrors,
  newPasswordRefusal,
  NewPasswordFields,
  SubmitButton,
  useAccountForm,
  useLinkToken,
} from "../../components/admin/account-forms.tsx";
import { RecentPasskeysOffer } from "../../components/admin/recent-passkeys.tsx";
import { SecondStepForm, type Challenge } from "../../components/admin/second-step-form.tsx";
import { adminButton } from "../../components/admin/ui.tsx";
import { setToken } from "../../lib/admin-api.ts";
import { resetPassword } from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Choose a new password");

/** Where the page is: the new password, then (with a second step) the code, then done. */
type Stage = { at: "password" } | { at: "second-step"; challenge: Challenge } | { at: "done" };

/**
 * The page a reset mail (or an owner's password link) links to (`#token=…`): the token is
 * read from the fragment, which no server sees, then taken out of the address bar and the
 * history. The link sets the password only (issue 46): an account with an authenticator app
 * or a passkey then gives that second step here, as on the sign-in page, and is offered to
 * remove the passkeys added in the last hours.
 */
export default function ResetPassword() {
  const navigate = useNavigate();
  const { form, busy, errors, problem, submit } = useAccountForm<"password" | "confirm">();
  const token = useLinkToken();
  const [stage, setStage] = useState<Stage>({ at: "password" });
  const [secondStepAsked, setSecondStepAsked] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    await submit(
      newPasswordErrors(password, String(data.get("confirm") ?? "")),
      async () => {
        const answer = await resetPassword(token, password);
        if ("secondStep" in answer) {
          setSecondStepAsked(true);
          setStage({ at: "second-step", challenge: answer.secondStep });
        } else {
          setStage({ at: "done" });
        }
      },
      { fieldErrors: newPasswordRefusal },
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <div className="mt-6 space-y-4">
        {stage.at === "second-step" && (
          <>
            <FormMessage kind="success">
              Your password is changed, and every session of your account is signed out.
            </FormMessage>
            <SecondStepForm
              challenge={stage.challenge}
              intro="Your account has a second step: give it to sign in here. The link alone does not sign anyone in."
              backLabel="Sign in on the sign-in page instead"
              onToken={(signedIn) => {
                setToken(signedIn);
                setStage({ at: "done" });
              }}
              onBack={() => navigate("/admin/login", { replace: true })}
            />
          </>
        )}
        {stage.at === "done" && (
          <>
            <FormMessage kind="success">
              Your password is changed, and every other session of your account is signed out. You
              are signed in here.
            </FormMessage>
            {secondStepAsked && <RecentPasskeysOffer />}
            <Link to="/admin/dashboard" className={`${adminButton} w-full py-3`}>
              Continue to the back office
            </Link>
          </>
        )}
        {stage.at === "password" && (
          <>
            <div aria-live="polite">
              {problem && <FormMessage kind="error">{problem}</FormMessage>}
            </div>
            {problem === accountMessages.linkUsedOrExpired ? (
              <Link to="/admin/forgot-password" className={`${adminButton} w-full py-3`}>
                Ask for a new link
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
          </>
        )}
        {stage.at === "password" && (
          <p className="text-center text-sm">
            <Link to="/admin/login" className="font-semibold text-brand underline">
              Back to sign in
            </Link>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
