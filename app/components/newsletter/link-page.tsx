import { Form, Link, useNavigation } from "react-router";
import { PageHero } from "../sections/page-hero.tsx";

/**
 * The page of a subscriber's link (confirm, unsubscribe; decision 0036): a heading, one
 * sentence, and, while the link can still act, one button. The button posts to the page
 * itself, so it works without JavaScript; opening the link (GET) changes nothing, since
 * mail scanners open links too.
 */
export function NewsletterLinkPage({
  title,
  text,
  button,
}: {
  title: string;
  text: string;
  /** The button's label; none once the link has acted or when it does not work. */
  button?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <PageHero title={title} subtitle={<span role="status">{text}</span>}>
      {button ? (
        <Form method="post" className="mt-8">
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-accent px-7 py-3 font-bold text-navy transition-colors hover:bg-accent-soft disabled:cursor-wait disabled:opacity-70"
          >
            {button}
          </button>
        </Form>
      ) : (
        <p className="mt-8">
          <Link
            to="/"
            className="inline-flex rounded-full bg-white px-6 py-3 font-semibold text-brand hover:bg-brand-50"
          >
            Back to the home page
          </Link>
        </p>
      )}
    </PageHero>
  );
}

/** Never indexed, never stored by a cache: each link is one person's. */
export const linkPageHeaders = (): HeadersInit => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
});
