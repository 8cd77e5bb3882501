import { sendPageView } from "../lib/beacon.ts";
import { rememberLandingSource } from "../lib/lead-source.ts";
import { startNavigation } from "./navigate.ts";
import { enhancers } from "./parts.ts";

// The one script of an islands page (docs/decisions/0039). The page arrived whole from the
// server and reads and works as HTML; this brings its interactive parts alive, counts the
// view, and turns links to the site's other islands pages into client-side navigations.

let page = new AbortController();

/** Brings the parts in `root` alive; the previous page's listeners end. */
function bringAlive(root: ParentNode): void {
  page.abort();
  page = new AbortController();
  for (const enhance of enhancers) {
    try {
      enhance(root, page.signal);
    } catch (error) {
      // One part that fails leaves the others alive, and the page as the server sent it.
      console.error(error);
    }
  }
  document.documentElement.dataset.enhanced = "";
}

// The first page view of a visit keeps where the visitor came from, for the enquiry forms;
// then the view is counted (not an error page's: the server marks those).
rememberLandingSource();
bringAlive(document);
if (document.documentElement.dataset.islands !== "error") sendPageView();
startNavigation({
  onSwap(ok) {
    bringAlive(document.body);
    if (ok) sendPageView();
  },
});
