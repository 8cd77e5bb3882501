import { useNavigation } from "react-router";
import { pendingTextClass, pendingTextFor } from "../../lib/pending-text.ts";

/**
 * What a visitor sees while the next page loads in the browser (spec §2: 'Fetching Blogs...'
 * for the blog list, 'Loading...' for a post): a bar across the top and the text, announced
 * to screen readers. A first visit is rendered on the server and never shows it.
 */
export function PendingNotice() {
  const navigation = useNavigation();
  const path = navigation.location?.pathname;
  const text = navigation.state !== "loading" || path === undefined ? null : pendingTextFor(path);
  return (
    <>
      {/* The islands' navigation shows the same bar and text (app/islands/navigate.ts). */}
      <div
        aria-hidden="true"
        data-island="pending-bar"
        hidden={navigation.state !== "loading"}
        className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent motion-reduce:animate-none"
      />
      <p
        role="status"
        data-island="pending-text"
        className={text ? pendingTextClass.shown : pendingTextClass.empty}
      >
        {text}
      </p>
    </>
  );
}
