import { data, isRouteErrorResponse } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { messages } from "../../common/messages.ts";
import type { Blog } from "../../common/schemas/blog.ts";
import { BlogArticle, postMeta } from "../components/blog/blog-article.tsx";
import { BlogCardGrid } from "../components/blog/blog-card.tsx";
import { BlogError } from "../components/blog/blog-error.tsx";
import { identityFrom, originFrom } from "../lib/seo.ts";
import type { Route } from "./+types/blog-post";
import { logLoadFailure } from "../lib/load-failure.server.ts";
import { showPost } from "../lib/shown-post.ts";
import { islandsPage } from "../islands/switch.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  let blog;
  try {
    blog = await services.blogs.get(params.id);
  } catch (error) {
    logLoadFailure("Could not load a blog post", error);
    throw data(messages.blogFetchFailed, { status: 500 });
  }
  if (!blog) throw data(messages.blogNotFound, { status: 404 });
  let related: Blog[] = [];
  try {
    related = blog.tags.length > 0 ? await services.blogs.related(blog._id) : [];
  } catch (error) {
    // The post is what the visitor came for: without its related posts it is still shown.
    logLoadFailure("Could not load a post's related posts", error);
  }
  return { ...showPost(blog), related };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const origin = originFrom(matches);
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      {
        title: `${notFound ? messages.blogNotFound : messages.blogFetchFailed} | ${identityFrom(matches).name}`,
      },
      { name: "robots", content: "noindex" },
    ];
  }
  return postMeta(loaderData.blog, origin, { identity: identityFrom(matches) });
};

/** /blog/{id} and /blog/{slug}: an id of UUID shape finds the post by id, else by slug. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { blog, body, related } = loaderData;
  return (
    <>
      <BlogArticle blog={blog} body={body} />
      {related.length > 0 && (
        <section aria-labelledby="related" className="container-page pb-16">
          <h2 id="related" className="text-2xl font-extrabold text-navy md:text-3xl">
            Related posts
          </h2>
          <BlogCardGrid blogs={related} className="mt-8" />
        </section>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BlogError
      error={error}
      notFound={{
        title: messages.blogNotFound,
        subtitle: "The article may have been removed, or the link may be mistyped.",
      }}
    />
  );
}
