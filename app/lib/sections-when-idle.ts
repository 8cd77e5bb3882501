/**
 * Lays out the sections inside `container` that the stylesheet leaves for later
 * (`.sections-on-demand`), one per idle moment from the top (`data-laid-out`): the first
 * paint skips them, and afterwards the whole page is there for whoever saves, prints or
 * captures it at once. Each is a short task of its own, not one long one. The home page calls
 * it once it is alive: React's `<HomeBelowFold>` in an effect, the islands page from
 * app/islands/home.ts. Answers how to stop.
 */
export function layOutWhenIdle(container: Element): () => void {
  const sections = [...container.children];
  const idle =
    typeof requestIdleCallback === "function"
      ? (task: () => void) => requestIdleCallback(task, { timeout: 2000 })
      : (task: () => void) => window.setTimeout(task, 50);
  const cancel = typeof cancelIdleCallback === "function" ? cancelIdleCallback : clearTimeout;
  let handle = 0;
  const next = () => {
    const section = sections.shift();
    if (!section) return;
    section.setAttribute("data-laid-out", "");
    handle = idle(next);
  };
  handle = idle(next);
  return () => cancel(handle);
}
