import type { FastifyInstance } from "fastify";

/** The pages whose form is answered with a 303 to Paystack's checkout (issue 49). */
const POSTS_TO_PAYSTACK = /^\/(?:checkout(?:\.data)?|invoices\/[^/?]+)(?:\?|$)/;

/**
 * Browsers check a form's redirects against the page's `form-action` too (Chromium refuses
 * the 303 to another origin under `form-action 'self'`), so the checkout and invoice pages
 * also name Paystack's checkout origin there. Nothing else of the policy changes: scripts,
 * frames and connections stay the site's own. Runs after the security headers are set.
 */
export function allowPaystackFormAction(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const extra = origins.join(" ");
  app.addHook("onRequest", async (request, reply) => {
    if (!POSTS_TO_PAYSTACK.test(request.url)) return;
    const policy = reply.raw.getHeader("content-security-policy");
    if (typeof policy !== "string") return;
    reply.raw.setHeader(
      "content-security-policy",
      policy.replace(/form-action 'self'/, `form-action 'self' ${extra}`),
    );
  });
}
