import { useEffect } from "react";

/**
 * Sends the form submissions this browser kept while it had no connection: on each page
 * view (the next visit) and when the browser is online again. Renders nothing. The outbox
 * (and the forms' code that shares its chunk) is loaded after hydration, so that pages
 * without a form do not carry it in their first scripts; loading it on every page view
 * also has it at hand before a form needs it offline.
 */
export function OutboxSender() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    import("../../lib/outbox.ts")
      .then(({ watchOutbox }) => {
        if (!unmounted) stop = watchOutbox();
      })
      // No connection to load it: the next page view tries again.
      .catch(() => undefined);
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return null;
}
