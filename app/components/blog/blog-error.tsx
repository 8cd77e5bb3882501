import { isRouteErrorResponse, Link } from "react-router";
import { messages } from "../../../common/messages.ts";
import { PageHero } from "../sections/page-hero.tsx";

/**
 * What a blog route shows when its loader fails: a 404 says what was not found and why
 * (`notFound`), anything else the spec's 'Failed to fetch blog'; both lead back to the blog.
 */
export function BlogError({
  error,
  notFound,
}: {
  error: unknown;
  notFound: { title: string; subtitle: string };
}) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHero
        title={missing ? notFound.title : messages.blogFetchFailed}
        subtitle={missing ? notFound.subtitle : "Please reload the page in a moment."}
        crumb="Blog"
      />
      <section className="bg-white py-16 text-center">
        <Link
          to="/blog"
          className="inline-flex rounded-full bg-brand px-6 py-3 font-bold text-white hover:bg-brand-700"
        >
          Back to the blog
        </Link>
      </section>
    </>
  );
}
