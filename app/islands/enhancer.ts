/**
 * What brings one kind of interactive part of an islands page alive (docs/decisions/0039).
 *
 * It finds its elements in `root` (the document on a first load, the new body after a
 * swap navigation) by their `data-island` attribute, and adds its listeners with `signal`:
 * the page's next swap aborts it, so nothing of a page outlives it. It never throws for
 * markup it does not find. One whose code loads first answers a promise of being alive.
 */
export type Enhancer = (root: ParentNode, signal: AbortSignal) => void | Promise<void>;

/** The parts of an islands page: `data-island="<name>"` on each part's outer element. */
export function partsOf<E extends Element = HTMLElement>(root: ParentNode, name: string): E[] {
  const own =
    root instanceof Element && root.matches(`[data-island~="${name}"]`) ? [root as E] : [];
  return [...own, ...root.querySelectorAll<E>(`[data-island~="${name}"]`)];
}
