import { siteServicesContext } from "../../common/load-context.ts";
import { sitemapXml } from "../lib/feeds.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { origin, blogs } = context.get(siteServicesContext);
  return new Response(sitemapXml(origin, await blogs.list()), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=600",
    },
  });
}
