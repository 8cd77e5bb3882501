/**
 * What a visitor reads while the next page loads in the browser (spec §2): 'Fetching
 * Blogs...' for the blog list, 'Loading...' for a post, nothing for the other pages (the bar
 * across the top is all). React's PendingNotice and the islands' navigation both show it.
 */
export function pendingTextFor(pathname: string): string | null {
  if (pathname === "/blog") return "Fetching Blogs...";
  if (pathname.startsWith("/blog/")) return "Loading...";
  return null;
}

/** The notice's look while it shows a text, and while it waits empty for screen readers. */
export const pendingTextClass = {
  shown:
    "fixed top-24 left-1/2 z-50 -translate-x-1/2 rounded-full bg-navy px-4 py-2 text-sm font-semibold text-white shadow-lg",
  empty: "sr-only",
} as const;
