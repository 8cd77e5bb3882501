import { useEffect } from "react";
import { watchOutbox } from "../../lib/outbox.ts";

/**
 * Sends the form submissions this browser kept while it had no connection: on each page
 * view (the next visit) and when the browser is online again. Renders nothing.
 */
export function OutboxSender() {
  useEffect(() => watchOutbox(), []);
  return null;
}
