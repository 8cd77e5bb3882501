import { useNavigation } from "react-router";

/**
 * What a visitor sees while the next page loads in the browser (spec §2: 'Fetching Blogs...'
 * for the blog list, 'Loading...' for a post): a bar across the top and the text, announced
 * to screen readers. A first visit is rendered on the server and never shows it.
 */
export function PendingNotice() {
  const navigation = useNavigation();
  const path = navigation.location?.pathname;
  const text =
    navigation.state !== "loading" || path === undefined
      ? null
      : path === "/blog"
        ? "Fetching Blogs..."
        : path.startsWith("/blog/")
          ? "Loading..."
          : null;
  return (
    <>
      {navigation.state === "loading" && (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent motion-reduce:animate-none"
        />
      )}
      <p
        role="status"
        className={
          text
            ? "fixed top-24 left-1/2 z-50 -translate-x-1/2 rounded-full bg-navy px-4 py-2 text-sm font-semibold text-white shadow-lg"
            : "sr-only"
        }
      >
        {text}
      </p>
    </>
  );
}
