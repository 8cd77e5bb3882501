import type { UIMatch } from "react-router";

/**
 * The per-page switch (docs/decisions/0039): a public route whose module exports
 * `handle = islandsPage` is sent as HTML with the islands script only. Its static parts cost
 * the browser no work; app/islands/ brings the interactive ones alive, and the React Router
 * app is never loaded for it.
 */
export const islandsPage = { islands: true } as const;

/**
 * An islands page of one person's link (a token in its address: a newsletter confirmation or
 * unsubscribe, a draft's preview, a client's invoice): its view is not counted, so no secret
 * address reaches the Traffic screen.
 */
export const personalIslandsPage = { islands: true, uncounted: true } as const;

/** Whether the page these matches render is one whose view is not counted. */
export function isUncountedPage(matches: readonly UIMatch[]): boolean {
  const handle = matches.at(-1)?.handle as { uncounted?: unknown } | undefined;
  return handle?.uncounted === true;
}

/** Whether the page these matches render is an islands page (its deepest route decides). */
export function isIslandsPage(matches: readonly UIMatch[]): boolean {
  const handle = matches.at(-1)?.handle as { islands?: unknown } | undefined;
  return handle?.islands === true;
}
