import { data, isRouteErrorResponse } from "react-router";
import { formatDate } from "../../common/format.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { parsePost } from "../../common/post-format.ts";
import { BlogBlocks } from "../components/blog/blog-blocks.tsx";
import { NotFoundPage } from "../components/sections/not-found.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import type { Route } from "./+types/newsletter-issue";
import { islandsPage } from "../islands/switch.ts";

// /newsletter/{id}: a sent newsletter in the browser, the "View in the browser" link of its
// mail (issue 32). The same for every recipient (their own links are in the mail only), in
// the site's layout, never indexed: the page of a post sent is the post's own address. An
// unknown id, or a post's newsletter while the post is not on the site (scheduled and not
// out yet, unpublished, deleted: issue 46), is the site's 404.

/**
 * A post's newsletter goes when the post does: never kept by a shared cache (a CDN, the
 * render cache), which would show it after. A message of its own never changes.
 */
const CHANGEABLE = "private, no-store";

export async function loader({ params, context }: Route.LoaderArgs) {
  const issue = await context.get(siteServicesContext).newsletterSends.webView(params.id);
  if (!issue) throw data("Not found", { status: 404 });
  // The body in the post format, parsed here: the parser stays out of the page's scripts.
  return data(
    { subject: issue.subject, date: issue.date, blocks: parsePost(issue.body) },
    issue.fixed ? undefined : { headers: { "Cache-Control": CHANGEABLE } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { "X-Robots-Tag": "noindex", ...(cacheControl ? { "Cache-Control": cacheControl } : {}) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.subject ?? "Page not found", identityFrom(matches)) },
  { name: "robots", content: "noindex" },
];

/** No React in the browser: its links into the site are document loads (decision 0053). */
export const handle = islandsPage;

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { subject, date, blocks } = loaderData;
  return (
    <>
      <PageHero title={subject} crumb="Newsletter" />
      <div className="bg-white py-16 md:py-20">
        <article className="container-page max-w-3xl">
          <p className="mb-8 text-sm text-gray-600">Newsletter of {formatDate(date)}</p>
          <BlogBlocks blocks={blocks} />
        </article>
      </div>
    </>
  );
}

/** An unknown send: today's 404 page; any other failure goes to the layout's. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
