/**
 * Runs `task` a second from now, when the browser is idle (within 5 s more): for work a page
 * wants soon but not while it comes alive (the outbox's sender, the forms' code). Answers how
 * to cancel. The islands pages (app/islands/) use it.
 */
export function soonWhenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") {
      idle = requestIdleCallback(task, { timeout: 5000 });
    } else task();
  }, 1000);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
