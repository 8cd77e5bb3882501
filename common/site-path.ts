// Where a path of this site leads, read as a browser reads an `href` (WHATWG URL). No zod
// here: the public pages' post format and the back office both use it.

/** Stands for this site: a path resolved against it must stay on it. */
const HERE = "http://site.invalid";

/**
 * The path `value` names on this site, normalised (dot segments resolved, characters a URL
 * cannot hold escaped, tabs and newlines dropped), or undefined when it is no path or a
 * browser would leave the site for it: `//evil.test/x`, `/\evil.test/login` and
 * `/<tab>/evil.test` all name another host (issue 46: visitor-sent paths on the Traffic
 * screen). Only its answer may go into an `href`.
 */
export function sitePath(value: string): string | undefined {
  if (!value.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return undefined;
  }
  if (url.origin !== HERE) return undefined;
  return url.pathname + url.search + url.hash;
}
