import type { FastifyInstance } from "fastify";

// One canonical form of every path before any rule reads it (issue 27). React Router
// matches routes without regard to case and after percent-decoding and resolving dot
// segments, so `/ADMIN/staff`, `/%61dmin/staff` and `/x/../admin/staff` all render the
// back office; the rules that keep it out of caches and search engines read the path as
// sent. Rather than teach every rule every spelling, a path that is not in its canonical
// form is redirected to it before any page or API answer is made, and the render cache
// keys plain canonical paths only (`isPlainPath`).

/**
 * Paths that are in canonical form at a glance: lower case, no percent-escape, no empty or
 * dot segment. Most requests are such, and skip the full work of `canonicalPath`.
 */
const PLAIN = /^(?:\/(?!\.{1,2}(?:\/|$))[a-z0-9._~!$&'()*+,;=:@-]+)*\/?$/;

/** Whether `path` (no query) is plain: canonical, and safe to key a shared answer by. */
export const isPlainPath = (path: string) => PLAIN.test(path);

/**
 * Places whose rest is case-sensitive: server-made file names, hashed build files, preview
 * tokens, a subscriber's link tokens (base64url), the API's own paths. Only their prefix is
 * lower-cased.
 */
const CASE_SENSITIVE_REST = [
  "/api/",
  "/assets/",
  "/media/",
  "/media-jpeg/",
  "/blog/preview/",
  "/newsletter/confirm/",
  "/newsletter/unsubscribe/",
];

/** Unreserved characters (RFC 3986 §2.3): their percent-escapes mean the character itself. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The canonical form of a request path (no query): dot segments resolved and backslashes
 * read as slashes as browsers and React Router read them (WHATWG URL), escapes of
 * unreserved characters decoded and the others' hex digits in upper case (RFC 3986
 * §6.2.2), runs of slashes made one, and lower case but for the case-sensitive rest of
 * the places in CASE_SENSITIVE_REST.
 */
export function canonicalPath(path: string): string {
  if (PLAIN.test(path)) return path;
  let resolved: string;
  try {
    resolved = new URL(`http://site${path}`).pathname;
  } catch {
    return path;
  }
  const decoded = resolved
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const character = String.fromCharCode(Number.parseInt(hex, 16));
      return UNRESERVED.test(character) ? character : escape;
    })
    .replace(/\/{2,}/g, "/");
  const lower = decoded.toLowerCase();
  const place = CASE_SENSITIVE_REST.find((prefix) => lower.startsWith(prefix));
  const cased = place ? place + decoded.slice(place.length) : lower;
  return cased.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
}

/**
 * Redirects a request whose path is not canonical to the canonical address (query kept):
 * 301 for GET and HEAD, 308 (method and body kept) for the rest. Registered after the
 * security headers, so the redirect carries them; before anything answers a page.
 */
export function redirectToCanonicalPaths(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const url = request.url;
    const mark = url.indexOf("?");
    const path = mark === -1 ? url : url.slice(0, mark);
    const canonical = canonicalPath(path);
    if (canonical === path) return;
    const location = mark === -1 ? canonical : canonical + url.slice(mark);
    const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
    return reply
      .code(status)
      .header("location", location)
      .header("cache-control", "no-store")
      .send();
  });
}
