import { useEffect } from "react";
import { soonWhenIdle } from "../../lib/when-idle.ts";
import { loadEnhancedForms } from "./deferred-forms.tsx";

/**
 * Sends the form submissions this browser kept while it had no connection: on each page
 * view (the next visit) and when the browser is online again. Renders nothing. The outbox
 * (its own chunk) is loaded after hydration, so that it is not in any page's first scripts;
 * loading it on every page view also has it at hand before a form needs it offline.
 *
 * The forms' own code comes when a form is about to be used (deferred-forms.tsx), and in any
 * case a moment after hydration, when the browser is idle: a visitor whose connection drops
 * after the page loaded, before they reach a form, must still have the form that keeps a
 * submission in the outbox instead of a plain post that meets the browser's offline page.
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
    // A failure is tried again by the next reason to load (a form near, focused or sent).
    const cancel = soonWhenIdle(() => void loadEnhancedForms().catch(() => undefined));
    return () => {
      unmounted = true;
      cancel();
      stop?.();
    };
  }, []);
  return null;
}
