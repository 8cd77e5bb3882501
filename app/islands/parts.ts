import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";
import { enhanceHeader } from "./header.ts";
import { watchOutboxSoon } from "./outbox.ts";

/**
 * A part whose code comes only to a page that has one: its module is imported the first
 * time the page (or a page swapped in) holds an element with `data-island="<name>"` (or,
 * given a selector, one that matches it).
 */
function onlyWhere(
  name: string,
  load: () => Promise<{ enhance: Enhancer }>,
  selector?: string,
): Enhancer {
  return (root, signal) => {
    const found = selector ? root.querySelector(selector) !== null : partsOf(root, name).length > 0;
    if (!found) return;
    return (
      load()
        .then(({ enhance }) => {
          if (!signal.aborted) return enhance(root, signal);
        })
        // No connection to load it: the part stays as the server sent it (it works as HTML).
        .catch(() => undefined)
    );
  };
}

/**
 * Every kind of interactive part of the public pages, in the order they come alive. The
 * header is on every page and comes with the entry; the others load where they are used.
 */
export const enhancers: readonly Enhancer[] = [
  enhanceHeader,
  watchOutboxSoon,
  // Parts that load where they are used: one line each.
  onlyWhere("reveal", () => import("./reveal.ts"), ".reveal[data-reveal]"),
  onlyWhere("floating-enquiry", () => import("./floating-enquiry.ts")),
  onlyWhere("faq", () => import("./faq.ts")),
  onlyWhere("carousel", () => import("./carousel.ts")),
  onlyWhere("parallax", () => import("./parallax.ts")),
  onlyWhere("sections", () => import("./home.ts")),
  onlyWhere("form", () => import("./forms.ts")),
  // Only while a marketing tag is on: the server renders the notice then only (issue 50).
  onlyWhere("consent", () => import("./consent.ts")),
];
