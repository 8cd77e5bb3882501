import { data, redirect } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { BLOG_PAGE_SIZE } from "../../common/schemas/blog.ts";
import { BlogCardGrid } from "../components/blog/blog-card.tsx";
import { BlogError } from "../components/blog/blog-error.tsx";
import { Pager } from "../components/blog/pager.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { tagFeedPath, tagPath, tagTitle } from "../lib/feeds.ts";
import { logLoadFailure } from "../lib/load-failure.server.ts";
import { useIdentity } from "../lib/identity.ts";
import { identityFrom, originFrom, pageTitle, seo } from "../lib/seo.ts";
import type { Route } from "./+types/blog-tag";
import { islandsPage } from "../islands/switch.ts";

const notFound = () => data("There is no such tag.", { status: 404 });

/**
 * /blog/tag/{slug}: a page of BLOG_PAGE_SIZE of the tag's public posts, newest first
 * (`?page=N`, as /blog). A tag without public posts, or a page past the last, is 404;
 * `?page=1` leads to the address without it.
 */
/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("page");
  if (asked === "" || asked === "1") throw redirect(tagPath(params.slug), 301);
  if (asked !== null && !/^[1-9][0-9]{0,5}$/.test(asked)) throw notFound();
  const page = asked === null ? 1 : Number(asked);
  const { blogs } = context.get(siteServicesContext);
  let tag, list;
  try {
    [tag, list] = await Promise.all([
      blogs.tag(params.slug),
      blogs.page({ tag: params.slug, page, pageSize: BLOG_PAGE_SIZE }),
    ]);
  } catch (error) {
    logLoadFailure("Could not load a tag's posts", error);
    throw data("Failed to fetch blogs.", { status: 500 });
  }
  if (!tag) throw notFound();
  const pageCount = Math.max(1, Math.ceil(list.total / BLOG_PAGE_SIZE));
  if (page > pageCount) throw notFound();
  // The title and the feed's address are made here, on the server: the page's scripts stay
  // without them (the post page shares their module, and its scripts have a budget).
  return {
    tag,
    title: tagTitle(tag.name),
    feed: tagFeedPath(tag.slug),
    page,
    pageCount,
    total: list.total,
    blogs: list.items,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFrom(matches);
  if (!loaderData) {
    return [
      { title: pageTitle("Page not found", identityFrom(matches)) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { tag, title, feed, page, pageCount } = loaderData;
  const link = (rel: "prev" | "next", to: number) => ({
    tagName: "link",
    rel,
    href: `${origin}${tagPath(tag.slug, to)}`,
  });
  return [
    ...seo({
      title: page > 1 ? `${title} (page ${page})` : title,
      description: `Articles about ${tag.name} from the experts at ${identityFrom(matches).name}.`,
      path: tagPath(tag.slug, page),
      origin,
      identity: identityFrom(matches),
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title,
      href: `${origin}${feed}`,
    },
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(page < pageCount ? [link("next", page + 1)] : []),
  ];
};

export default function BlogTag({ loaderData }: Route.ComponentProps) {
  const identity = useIdentity();
  const { tag, title, page, pageCount, total, blogs } = loaderData;
  return (
    <>
      <PageHero
        title={title}
        subtitle={`${total} article${total === 1 ? "" : "s"} from the ${identity.name} blog.`}
        crumb="Blog"
      />
      <section aria-label="Articles" className="bg-brand-50 py-16 md:py-20">
        <div className="container-page">
          <BlogCardGrid blogs={blogs} />
          <Pager page={page} count={pageCount} href={(to) => tagPath(tag.slug, to)} />
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BlogError
      error={error}
      notFound={{
        title: "There is no such tag",
        subtitle: "No published article has this tag, or the link may be mistyped.",
      }}
    />
  );
}
