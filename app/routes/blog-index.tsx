import { data, Form, Link, redirect } from "react-router";
import { derivedDescription } from "../lib/search-descriptions.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { defaultSingles } from "../../common/content/defaults.ts";
import { messages } from "../../common/messages.ts";
import { BLOG_PAGE_SIZE, type Blog } from "../../common/schemas/blog.ts";
import { BlogError } from "../components/blog/blog-error.tsx";
import { BlogCardGrid } from "../components/blog/blog-card.tsx";
import { Pager } from "../components/blog/pager.tsx";
import { InsightsSignup } from "../components/forms/newsletter-form.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { useIdentity } from "../lib/identity.ts";
import { identityFrom, originFrom, pageTitle, seo } from "../lib/seo.ts";
import type { Route } from "./+types/blog-index";
import { logLoadFailure } from "../lib/load-failure.server.ts";
import { islandsPage } from "../islands/switch.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export { siteFormAction as action } from "../lib/site-form-action.ts";

/** The address of a page of the list (and of a search): `/blog` for the first. */
export function blogListHref(page: number, q = ""): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

const notFound = () => data("There is no such page of the blog.", { status: 404 });

/**
 * A page of BLOG_PAGE_SIZE posts, newest first (`?page=N`), of every post or of those the
 * search (`?q=`) finds. `?page=1` and an empty `?page=` lead to the address without it
 * (301); a page that is not a whole number, or past the last, is 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const asked = url.searchParams.get("page");
  if (asked === "" || asked === "1") throw redirect(blogListHref(1, q), 301);
  if (asked !== null && !/^[1-9][0-9]{0,5}$/.test(asked)) throw notFound();
  const page = asked === null ? 1 : Number(asked);
  const services = context.get(siteServicesContext);
  // The blog's words (Site content, "Blog page"): today's when they cannot be read.
  const words = await services.content
    .all()
    .then((content) => content["blog-page"])
    .catch(() => defaultSingles["blog-page"]);
  let list;
  try {
    list = await services.blogs.page({ q: q || undefined, page, pageSize: BLOG_PAGE_SIZE });
  } catch (error) {
    logLoadFailure("Could not load the blog list", error);
    return { q, page, pageCount: 1, total: 0, blogs: [] as Blog[], failed: true, words };
  }
  const pageCount = Math.max(1, Math.ceil(list.total / BLOG_PAGE_SIZE));
  if (page > pageCount) throw notFound();
  return { q, page, pageCount, total: list.total, blogs: list.items, failed: false, words };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFrom(matches);
  if (!loaderData) {
    return [
      { title: pageTitle("Page not found", identityFrom(matches)) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { q, page, pageCount } = loaderData;
  const title = q ? `Search: ${q} | Blog` : "Blog";
  const link = (rel: "prev" | "next", to: number) => ({
    tagName: "link",
    rel,
    href: `${origin}${blogListHref(to, q)}`,
  });
  return [
    ...seo({
      title: page > 1 ? `${title} (page ${page})` : title,
      description: derivedDescription("blog", identityFrom(matches)),
      // A search is not indexed; its canonical address is the blog's.
      path: q ? "/blog" : blogListHref(page),
      origin,
      identity: identityFrom(matches),
      noindex: Boolean(q),
      // What staff set for the blog is its first page's, not a search's or a later page's.
      ...(!q && page === 1 && { matches }),
    }),
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(page < pageCount ? [link("next", page + 1)] : []),
  ];
};

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const identity = useIdentity();
  const { q, page, pageCount, total, blogs, failed, words } = loaderData;
  return (
    <>
      <PageHero
        title={words.heroTitle || `${identity.name} Blog`}
        subtitle={words.heroText || undefined}
        crumb="Blog"
      >
        <Form method="get" role="search" className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="blog-search" className="sr-only">
            Search the blog
          </label>
          <input
            id="blog-search"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={200}
            placeholder="Search articles"
            className="w-0 min-w-0 flex-1 rounded-full border-0 bg-white px-5 py-3 text-ink focus:ring-2 focus:ring-accent focus:outline-none"
          />
          <button
            type="submit"
            className="rounded-full bg-accent px-6 py-3 font-bold text-navy hover:bg-accent-soft"
          >
            Search
          </button>
        </Form>
      </PageHero>
      <section aria-label="Articles" className="bg-brand-50 py-16 md:py-20">
        <div className="container-page">
          {words.introText && (
            <p className="mx-auto max-w-3xl text-center text-lg text-ink">{words.introText}</p>
          )}
          {q && !failed && (
            <p className="mt-6 text-center text-muted" aria-live="polite">
              {total === 0
                ? `No articles match “${q}”.`
                : `${total} article${total === 1 ? "" : "s"} match “${q}”.`}{" "}
              <Link to="/blog" className="font-semibold text-brand underline">
                Show all articles
              </Link>
            </p>
          )}
          {failed ? (
            <p role="alert" className="mt-10 text-center font-semibold text-danger">
              {messages.blogsFetchFailed}
            </p>
          ) : blogs.length === 0 ? (
            q ? (
              <p className="mt-10 text-center text-muted">
                Try other words, or fewer of them: the search finds the articles that hold every
                word.
              </p>
            ) : (
              <p className="mt-10 text-center text-muted">No articles yet. Check back soon.</p>
            )
          ) : (
            <>
              <BlogCardGrid blogs={blogs} className="mt-10" />
              <Pager page={page} count={pageCount} href={(to) => blogListHref(to, q)} />
            </>
          )}
        </div>
      </section>
      <InsightsSignup
        heading={words.newsletterHeading}
        text={words.newsletterText}
        button={words.newsletterButton}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BlogError
      error={error}
      notFound={{
        title: "There is no such page of the blog",
        subtitle: "The list may have grown shorter since the link was made.",
      }}
    />
  );
}
