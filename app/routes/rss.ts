import { siteServicesContext } from "../../common/load-context.ts";
import { feedPosts } from "../lib/feed-posts.server.ts";
import { rssXml } from "../lib/feeds.ts";
import type { Route } from "./+types/rss";

/** RSS 2.0 feed of the blog: the latest 50 posts, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { origin, blogs, identity } = context.get(siteServicesContext);
  const [{ items }, { name }] = await Promise.all([
    blogs.page({ page: 1, pageSize: 50 }),
    identity.get(),
  ]);
  return new Response(rssXml(origin, feedPosts(items), name), {
    headers: {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=600",
    },
  });
}
