import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.ts";
import { isRenderForCache } from "../web/render-cache.ts";

export type NonceResponse = ServerResponse & { cspNonce?: string };

/** Browser features the site never uses: no page, script or frame of it may ask for them. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

const https = (config: Config) => config.publicOrigin.startsWith("https:");

/** Where pictures and videos come from besides the site: S3_PUBLIC_URL's origin, if set. */
const mediaOrigins = (config: Config) =>
  config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];

/**
 * The headers of an answer written before routing (a malformed address, a broken request
 * line): the same protections as every page, with a CSP that allows nothing, since such an
 * answer is never a page.
 */
export function staticSecurityHeaders(config: Config): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(https(config)
      ? { "strict-transport-security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

/**
 * Security headers on every answer. Scripts must carry the per-request nonce that React
 * Router puts on its inline scripts (or, on a page from the render cache, match one of its
 * inline scripts' hashes); styles allow inline `style` attributes.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  { dev }: { dev: boolean },
): Promise<void> {
  // Helmet's middleware, made once (@fastify/helmet made a new one for every request: about
  // 1 % of a page's render went to rebuilding it). Only the nonce changes per request.
  const securityHeaders = helmet({
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": [
              "'self'",
              (_req, res) => `'nonce-${(res as NonceResponse).cspNonce ?? ""}'`,
            ],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", ...mediaOrigins(config)],
            "media-src": ["'self'", "blob:", ...mediaOrigins(config)],
            // data: for the web font's cut, which comes inside the stylesheet (vite.config.ts).
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "frame-src": ["'none'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
            "upgrade-insecure-requests": https(config) ? [] : null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // `frame-ancestors 'none'` forbids every frame; the older header says the same.
    frameguard: { action: "deny" },
    // "no-referrer" (helmet's default) makes browsers send `Origin: null` with form posts,
    // which React Router's CSRF check refuses: the no-JavaScript forms need the real origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https(config) ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // A page rendered for the render cache is sent to many visitors: its CSP takes the
    // hashes of its inline scripts instead of a nonce (web/render-cache.ts).
    (reply.raw as NonceResponse).cspNonce = isRenderForCache(reply.raw)
      ? ""
      : randomBytes(16).toString("base64");
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) throw error;
    });
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    // Any spelling of the back office is redirected to /admin… (web/canonical-path.ts);
    // its redirect is private all the same.
    if (request.url.slice(0, 6).toLowerCase() === "/admin") {
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
    }
    done();
  });
}
