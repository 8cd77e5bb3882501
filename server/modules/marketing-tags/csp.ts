import type { FastifyInstance } from "fastify";
import { tagHosts, type MarketingTagIds } from "../../../common/marketing-tags.ts";

/** Answers that never run a tag: the API, the back office, uploads and built files. */
const NEVER_TAGGED = /^\/(?:api|admin|media|assets|icons)(?:[/?.]|$)/i;

/**
 * Adds the hosts of the marketing tags that are on (and only those) to the CSP of the
 * public pages (issue 50). With no tag on the policy stays as the security headers made it:
 * nothing but this site.
 */
export function allowMarketingTagHosts(
  app: FastifyInstance,
  current: () => Promise<MarketingTagIds>,
): void {
  app.addHook("onRequest", async (request, reply) => {
    if (NEVER_TAGGED.test(request.url)) return;
    const policy = reply.raw.getHeader("content-security-policy");
    if (typeof policy !== "string") return;
    const hosts = Object.entries(tagHosts(await current())).filter(([, list]) => list.length);
    if (hosts.length === 0) return;
    let next = policy;
    for (const [directive, list] of hosts) {
      const extra = list.join(" ");
      next = next.replace(
        new RegExp(`(^|;)\\s*${directive} ([^;]*)`),
        (_match, start: string, sources: string) =>
          `${start}${directive} ${sources.replace(/^'none'$/, "").trim()} ${extra}`.replace(
            /  +/g,
            " ",
          ),
      );
    }
    reply.raw.setHeader("content-security-policy", next);
  });
}
