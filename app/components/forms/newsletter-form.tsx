import { useId } from "react";
import { useFormAction } from "react-router";
import { newsletterMessages } from "../../lib/newsletter-messages.ts";
import { fieldMessage, FormStatus, SubmitButton } from "./fields.tsx";
import { useJsonSubmit } from "./use-form-submit.ts";

/** The e-mail sign-up both newsletter blocks share (POST /api/newsletter). */
function SignupForm({
  intent,
  submitLabel,
  dark,
}: {
  intent: string;
  submitLabel: string;
  dark: boolean;
}) {
  const action = useFormAction();
  const inputId = useId();
  const { formRef, onSubmit, status, busy, values, errorFor } = useJsonSubmit({
    intent,
    schema: "newsletter",
    url: "/api/newsletter",
    payload: (form) => ({ email: String(new FormData(form).get("email") ?? "").trim() }),
    successMessage: ({ status }) =>
      status === 201 ? newsletterMessages.subscribed : newsletterMessages.already,
  });
  const email = values?.email;
  const emailError = errorFor("email");
  const emailErrorId = `${inputId}-error`;
  return (
    <form
      ref={formRef}
      id={intent}
      method="post"
      action={`${action}#${intent}`}
      noValidate
      onSubmit={onSubmit}
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
          aria-describedby={emailError ? emailErrorId : undefined}
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
      {emailError && (
        <p
          id={emailErrorId}
          className={`mt-2 text-sm font-semibold ${dark ? "text-white" : "text-danger"}`}
        >
          {fieldMessage("Email address", emailError)}
        </p>
      )}
      <div className="mt-3">
        <FormStatus status={status} />
      </div>
    </form>
  );
}

/** The home page's newsletter box: an e-mail input and 'Subscribe Now'. */
export function NewsletterBox() {
  return (
    <section aria-labelledby="newsletter-title" className="bg-white py-16">
      <div className="container-page">
        <div className="rounded-3xl bg-gradient-to-br from-brand to-navy px-6 py-12 text-center md:px-12">
          <h2 id="newsletter-title" className="text-3xl font-extrabold text-white">
            Subscribe to Our Newsletter
          </h2>
          <p className="mx-auto mt-3 mb-8 max-w-2xl text-brand-100">
            Marketing tips, offers and insights for Nigerian businesses, once or twice a month. No
            spam.
          </p>
          <SignupForm intent="newsletter" submitLabel="Subscribe Now" dark />
        </div>
      </div>
    </section>
  );
}

/** The blog's 'Don’t Miss Out on the Latest Insights' block. */
export function InsightsSignup() {
  return (
    <section aria-labelledby="insights-title" className="bg-white py-16 md:py-20">
      <div className="container-page">
        <div className="rounded-3xl bg-accent-50 px-6 py-12 text-center ring-1 ring-accent/30 md:px-12">
          <h2 id="insights-title" className="text-3xl font-extrabold text-navy">
            Don’t Miss Out on the Latest Insights
          </h2>
          <p className="mx-auto mt-3 mb-8 max-w-2xl text-ink">
            Get new articles on social media, ads, branding and growth in your inbox.
          </p>
          <SignupForm intent="insights" submitLabel="Subscribe" dark={false} />
        </div>
      </div>
    </section>
  );
}
