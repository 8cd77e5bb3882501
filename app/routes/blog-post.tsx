import { data, isRouteErrorResponse } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { messages } from "../../common/messages.ts";
import { BlogArticle, postMeta } from "../components/blog/blog-article.tsx";
import { BlogError } from "../components/blog/blog-error.tsx";
import { identityFrom, originFrom } from "../lib/seo.ts";
import type { Route } from "./+types/blog-post";
import { logLoadFailure } from "../lib/load-failure.server.ts";
import { showPost } from "../lib/shown-post.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  let blog;
  try {
    blog = await context.get(siteServicesContext).blogs.get(params.id);
  } catch (error) {
    logLoadFailure("Could not load a blog post", error);
    throw data(messages.blogFetchFailed, { status: 500 });
  }
  if (!blog) throw data(messages.blogNotFound, { status: 404 });
  return showPost(blog);
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
  return <BlogArticle blog={loaderData.blog} body={loaderData.body} />;
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
