import type { FastifyInstance } from "fastify";
import type { RedirectService } from "./service.ts";

// Where redirects meet the requests (issue 51, decision 0044): a GET or HEAD whose address
// has a redirect is answered with it before any page is made, from the memory map; an
// address that answers 404 is counted for the "Not found" list. Neither reads the database.

/** Paths whose 404 is the server's own business, not a visitor's lost page. */
const NOT_COUNTED = /^\/(?:api|admin|assets|media|icons|__manifest)(?:\/|$|\?)|\.data(?:\?|$)/;

/**
 * Registered after the security headers (the redirect carries them) and before the
 * canonical-path redirect, which it reads the same way (one hop for /Old-Path/ too).
 */
export function registerRedirects(app: FastifyInstance, redirects: RedirectService): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const answer = redirects.match(request.url);
    if (!answer) return;
    redirects.hit(answer.id);
    return reply
      .code(answer.status)
      .header("location", answer.location)
      .header("cache-control", answer.status === 301 ? "public, max-age=3600" : "no-store")
      .send();
  });
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode !== 404 || request.method !== "GET") return;
    if (NOT_COUNTED.test(request.url)) return;
    const agent = request.headers["user-agent"];
    redirects.missed(request.url, Array.isArray(agent) ? agent[0] : agent);
  });
}
