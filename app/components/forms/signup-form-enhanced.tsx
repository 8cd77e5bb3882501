import { useId } from "react";
import { useFormAction, useLocation } from "react-router";
import { NEWSLETTER_CONSENT } from "../../../common/newsletter.ts";
import { signupMessage } from "../../lib/newsletter-messages.ts";
import { fieldMessage, FormStatus, SubmitButton } from "./fields.tsx";
import { useJsonSubmit } from "./use-form-submit.ts";

/**
 * The e-mail sign-up both newsletter blocks share (POST /api/newsletter), with its submit
 * handling. The blocks show it through `SignupForm` of newsletter-form.tsx, which loads this
 * module when the form is about to be used (docs/decisions/0016).
 */
export function SignupForm({
  intent,
  submitLabel,
  dark,
}: {
  intent: string;
  submitLabel: string;
  dark: boolean;
}) {
  const action = useFormAction();
  // The page the sign-up came from, kept with the consent (decision 0036). Without
  // JavaScript the form posts to its own page, whose path the action records instead.
  const source = useLocation().pathname;
  const inputId = useId();
  const { formRef, onSubmit, status, busy, values, errorFor } = useJsonSubmit({
    intent,
    schema: "newsletter",
    url: "/api/newsletter",
    payload: (form) => ({ email: String(new FormData(form).get("email") ?? "").trim(), source }),
    // The same message for a new and a known address: 202 asks to confirm by mail.
    successMessage: ({ status }) => signupMessage(status),
  });
  const email = values?.email;
  const emailError = errorFor("email");
  const emailErrorId = `${inputId}-error`;
  const consentId = `${inputId}-consent`;
  return (
    <form
      ref={formRef}
      id={intent}
      method="post"
      action={`${action}#${intent}`}
      noValidate
      onSubmit={onSubmit}
      data-island="form"
      className="mx-auto w-full max-w-xl"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value="newsletter" />
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email address"
          defaultValue={typeof email === "string" ? email : undefined}
          maxLength={254}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${emailErrorId} ${consentId}` : consentId}
          className={`min-w-0 flex-1 rounded-full border px-5 py-3 text-ink focus:ring-2 focus:outline-none ${
            dark
              ? "border-white/30 bg-white focus:ring-accent"
              : "border-slate-300 bg-white focus:ring-brand/30"
          }`}
        />
        <SubmitButton
          busy={busy}
          label={submitLabel}
          busyLabel="sending..."
          className="rounded-full bg-accent px-6 py-3 font-bold text-navy transition-colors hover:bg-accent-soft disabled:cursor-wait disabled:opacity-70"
        />
      </div>
      {/* Always in the page, hidden while the address is fine (app/islands/forms-submit.ts). */}
      <p
        id={emailErrorId}
        hidden={!emailError}
        data-field-error=""
        data-label="Email address"
        className={`mt-2 text-sm font-semibold ${dark ? "text-white" : "text-danger"}`}
      >
        {emailError ? fieldMessage("Email address", emailError) : null}
      </p>
      {/* The wording recorded as the consent given (common/newsletter.ts). */}
      <p id={consentId} className={`mt-3 text-xs ${dark ? "text-brand-100" : "text-muted"}`}>
        {NEWSLETTER_CONSENT}
      </p>
      <div className="mt-3">
        <FormStatus status={status} />
      </div>
    </form>
  );
}
