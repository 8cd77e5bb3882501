import { siteServicesContext } from "../../common/load-context.ts";
import { robotsTxt } from "../lib/feeds.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(siteServicesContext).origin), {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
}
