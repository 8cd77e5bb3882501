import { siteServicesContext } from "../../common/load-context.ts";
import { feedPosts } from "../lib/feed-posts.server.ts";
import { rssXml } from "../lib/feeds.ts";
import type { Route } from "./+types/tag-rss";

/** RSS 2.0 feed of a tag: its latest 50 public posts, newest first; 404 for no such tag. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { origin, blogs, identity } = context.get(siteServicesContext);
  const [tag, { items }, { name }] = await Promise.all([
    blogs.tag(params.slug),
    blogs.page({ tag: params.slug, page: 1, pageSize: 50 }),
    identity.get(),
  ]);
  if (!tag) {
    throw new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  }
  return new Response(rssXml(origin, feedPosts(items), name, tag), {
    headers: {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=600",
    },
  });
}
