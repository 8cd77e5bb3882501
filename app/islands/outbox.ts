import { soonWhenIdle } from "../lib/when-idle.ts";
import type { Enhancer } from "./enhancer.ts";

/**
 * Sends the form submissions this browser kept while it had no connection (app/lib/outbox.ts),
 * the one watcher of the public pages (decision 0053): on each page's first load, a moment
 * after it came alive when the browser is idle, and whenever the browser is online again. A
 * swap navigation keeps it watching: it is the document's, not a page's.
 */
let watching = false;

export const watchOutboxSoon: Enhancer = () => {
  if (watching) return;
  watching = true;
  soonWhenIdle(
    () =>
      void import("../lib/outbox.ts")
        .then(({ watchOutbox }) => watchOutbox())
        // No connection to load it: the next page view tries again.
        .catch(() => (watching = false)),
  );
};
