import { data, redirect } from "react-router";
import { formatDate } from "../../common/format.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { messages } from "../../common/messages.ts";
import { BlogArticle, postMeta } from "../components/blog/blog-article.tsx";
import { BlogError } from "../components/blog/blog-error.tsx";
import { postPath } from "../lib/feeds.ts";
import { identityFrom, originFrom, pageTitle } from "../lib/seo.ts";
import type { Route } from "./+types/blog-preview";
import { logLoadFailure } from "../lib/load-failure.server.ts";
import { showPost } from "../lib/shown-post.ts";
import { personalIslandsPage } from "../islands/switch.ts";

const NOT_FOUND = "This preview link does not work";

/**
 * /blog/preview/{token}: a draft or scheduled post for whoever has its private link, signed
 * out, never indexed nor cached. Once the post is public the link leads to its address; a
 * replaced or unknown link is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  let post;
  try {
    post = await context.get(siteServicesContext).blogs.preview(params.token);
  } catch (error) {
    logLoadFailure("Could not load a post preview", error);
    throw data(messages.blogFetchFailed, { status: 500 });
  }
  if (!post) throw data(NOT_FOUND, { status: 404 });
  if (post.public) throw redirect(postPath(post));
  return showPost(post);
}

export function headers(): HeadersInit {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) {
    return [
      { title: pageTitle(NOT_FOUND, identityFrom(matches)) },
      { name: "robots", content: "noindex" },
    ];
  }
  // The share cards are the post's own; the canonical link is the address it will have.
  return [
    ...postMeta(loaderData.blog, originFrom(matches), {
      noindex: true,
      identity: identityFrom(matches),
    }).map((tag) => ("title" in tag ? { title: `Preview: ${tag.title}` } : tag)),
  ];
};

/** No React in the browser: its links into the site are document loads (decision 0053). */
export const handle = personalIslandsPage;

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { blog, body } = loaderData;
  const scheduled = blog.status === "scheduled";
  return (
    <BlogArticle
      blog={blog}
      body={body}
      dateLabel={scheduled ? `Scheduled for ${formatDate(blog.date)}` : "Not published yet"}
      notice={
        <p
          role="note"
          aria-label="Preview"
          className="mb-6 rounded-2xl bg-accent px-5 py-3 font-semibold text-navy shadow"
        >
          <strong className="mr-2 rounded bg-navy px-2 py-0.5 text-sm tracking-wide text-white uppercase">
            Preview
          </strong>
          {scheduled
            ? `This post is scheduled: it appears on the site on ${formatDate(blog.date)}. Only people with this link can see it now.`
            : "This post is a draft: only people with this link can see it."}
        </p>
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BlogError
      error={error}
      notFound={{
        title: NOT_FOUND,
        subtitle: "It may have been replaced by a newer link. Ask for the current one.",
      }}
    />
  );
}
