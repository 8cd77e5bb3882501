import { homeWordDefaults } from "../../../common/content/page-words.ts";
import { deferredForm } from "./deferred-forms.tsx";

/**
 * The e-mail sign-up both blocks share. The server renders it in full; its submit handling
 * (signup-form-enhanced.tsx) is loaded when the form is about to be used (deferred-forms.tsx).
 */
const SignupForm = deferredForm<{ intent: string; submitLabel: string; dark: boolean }>(
  (forms) => forms.SignupForm,
  (props) => props.intent,
);

/** The home page's newsletter box: an e-mail input and 'Subscribe Now'. */
export function NewsletterBox({
  words = homeWordDefaults,
}: {
  /** Its heading and paragraph (the home page's, edited in Site content). */
  words?: Pick<typeof homeWordDefaults, "newsletterHeading" | "newsletterText">;
}) {
  return (
    <section aria-labelledby="newsletter-title" className="bg-white py-16">
      <div className="container-page">
        <div className="rounded-3xl bg-gradient-to-br from-brand to-navy px-6 py-12 text-center md:px-12">
          <h2 id="newsletter-title" className="text-3xl font-extrabold text-white">
            {words.newsletterHeading}
          </h2>
          {words.newsletterText && (
            <p className="mx-auto mt-3 mb-8 max-w-2xl text-brand-100">{words.newsletterText}</p>
          )}
          <SignupForm intent="newsletter" submitLabel="Subscribe Now" dark />
        </div>
      </div>
    </section>
  );
}

/** The blog's 'Don’t Miss Out on the Latest Insights' block. */
export function InsightsSignup({
  heading,
  text,
  button,
}: {
  heading: string;
  text: string;
  button: string;
}) {
  return (
    <section aria-labelledby="insights-title" className="bg-white py-16 md:py-20">
      <div className="container-page">
        <div className="rounded-3xl bg-accent-50 px-6 py-12 text-center ring-1 ring-accent/30 md:px-12">
          <h2 id="insights-title" className="text-3xl font-extrabold text-navy">
            {heading}
          </h2>
          {text ? (
            <p className="mx-auto mt-3 mb-8 max-w-2xl text-ink">{text}</p>
          ) : (
            <div className="mb-8" />
          )}
          <SignupForm intent="insights" submitLabel={button} dark={false} />
        </div>
      </div>
    </section>
  );
}
