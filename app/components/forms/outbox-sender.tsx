import { useEffect } from "react";

/**
 * Sends the form submissions this browser kept while it had no connection: on each page
 * view (the next visit) and when the browser is online again. Renders nothing. The outbox
 * (its own chunk) is loaded after hydration, so that it is not in any page's first scripts;
 * loading it on every page view also has it at hand before a form needs it offline. The
 * forms' own code comes when a form is about to be used (deferred-forms.tsx).
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
