import { sendPageView } from "../lib/beacon.ts";
import { rememberLandingSource } from "../lib/lead-source.ts";
import { startNavigation } from "./navigate.ts";
import { enhancers } from "./parts.ts";

// The one script of an islands page (docs/decisions/0039). The page arrived whole from the
// server and reads and works as HTML; this brings its interactive parts alive, counts the
// view, and turns links to the site's other islands pages into client-side navigations.
// Each step is a task of its own: a tap between two of them is answered at once.

/** Lets the browser paint and handle input before the next step. */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

let page = new AbortController();

/** Brings the parts in `root` alive, one kind per task; the previous page's listeners end. */
async function bringAlive(root: ParentNode): Promise<void> {
  page.abort();
  const current = (page = new AbortController());
  // Parts whose module loads where the page has one: the page is alive once they are.
  const loading: Promise<void>[] = [];
  for (const enhance of enhancers) {
    // Each part in a task of its own, the first too: the module's evaluation (or the swap)
    // ends before any part's work begins.
    await nextTask();
    if (current.signal.aborted) return;
    try {
      const loaded = enhance(root, current.signal);
      if (loaded) loading.push(loaded);
    } catch (error) {
      // One part that fails leaves the others alive, and the page as the server sent it.
      console.error(error);
    }
  }
  await Promise.allSettled(loading);
  if (!current.signal.aborted) document.documentElement.dataset.enhanced = "";
}

/** Runs `task` when the browser has a moment: a task of its own. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

/** Counts this view (not an error page's), when the browser has a moment. */
function countView(ok: boolean): void {
  if (ok) whenIdle(sendPageView);
}

/**
 * The path last counted: a view is a path (decision 0037, the Traffic screen's rows), so a
 * link to the path shown, with another query or hash, is no new view.
 */
let counted = location.pathname;
startNavigation({
  onSwap(ok) {
    void bringAlive(document.body);
    const shown = location.pathname;
    // The swap brought the new page's data-islands: a page of one person's link counts not.
    countView(ok && shown !== counted && document.documentElement.dataset.islands === "");
    if (ok) counted = shown;
  },
});
void bringAlive(document).then(() =>
  // The first page view of a visit keeps where the visitor came from, for the enquiry forms,
  // before the view that carries it is counted: each in a moment of its own (the first use
  // of the browser's storage waits for it).
  whenIdle(() => {
    rememberLandingSource();
    // Not an error page's, nor a page of one person's link (app/islands/switch.ts).
    countView(document.documentElement.dataset.islands === "");
  }),
);
