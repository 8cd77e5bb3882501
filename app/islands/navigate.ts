import { pendingTextClass, pendingTextFor } from "../lib/pending-text.ts";

/**
 * Client-side navigation between islands pages (docs/decisions/0039): a click on a link to
 * another page of the site fetches that page's HTML, as a first visit would get it, and puts
 * its head and body in place of this page's, without a new document: no blank screen, no
 * stylesheet or font fetched again, the header's place kept. Back and forward do the same
 * with the scroll position each page was left at. A page that is not an islands page (the
 * back office, a page the switch leaves to React Router) is opened as a plain navigation.
 */

/** A link the visitor is about to follow is asked for once; its answer is kept this long. */
const PREFETCH_KEEP_MS = 15_000;

interface Options {
  /** Brings the new body alive and counts the view; `ok` is false for an error page. */
  onSwap: (ok: boolean) => void;
}

interface Fetched {
  url: string;
  ok: boolean;
  html: string;
}

/** This site's page behind a link, when a swap can show it; undefined for anything else. */
function pageUrlOf(anchor: HTMLAnchorElement): URL | undefined {
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  if (anchor.hasAttribute("data-reload")) return;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return;
  // The back office, the API, files (feeds, sitemaps, uploads): never an islands page.
  if (/^\/(admin|api)(\/|$)/i.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) return;
  // A link within this page: the browser scrolls to it.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  return url;
}

function anchorOf(event: Event): HTMLAnchorElement | undefined {
  const target = event.target instanceof Element ? event.target.closest("a[href]") : null;
  return target instanceof HTMLAnchorElement ? target : undefined;
}

/** The head's elements a page owns (title, description, canonical, share tags, feeds, data). */
function ownHeadElements(head: HTMLHeadElement): Element[] {
  return [...head.children].filter(
    (element) => !element.matches('meta[charset], meta[name="viewport"], link[rel="stylesheet"]'),
  );
}

/** The new head: the same elements stay, the old page's own go, the new page's come. */
function swapHead(next: Document): void {
  // Read before its element moves over.
  const title = next.title;
  const current = new Map(ownHeadElements(document.head).map((el) => [el.outerHTML, el]));
  for (const element of ownHeadElements(next.head)) {
    if (current.has(element.outerHTML)) current.delete(element.outerHTML);
    else document.head.append(document.adoptNode(element));
  }
  for (const element of current.values()) element.remove();
  // A stylesheet the new page needs and this one lacked (the pages share one today).
  for (const sheet of next.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (
      !document.head.querySelector(
        `link[rel="stylesheet"][href="${CSS.escape(sheet.getAttribute("href") ?? "")}"]`,
      )
    ) {
      document.head.append(document.adoptNode(sheet));
    }
  }
  document.title = title;
}

/** The bar across the top and, for the blog and its posts, the text (spec §2). */
function showPending(pathname: string | null): void {
  const bar = document.querySelector<HTMLElement>('[data-island~="pending-bar"]');
  const status = document.querySelector<HTMLElement>('[data-island~="pending-text"]');
  if (bar) bar.hidden = pathname === null;
  const text = pathname === null ? null : pendingTextFor(pathname);
  if (status) {
    status.textContent = text ?? "";
    status.className = text ? pendingTextClass.shown : pendingTextClass.empty;
  }
}

export function startNavigation({ onSwap }: Options): void {
  if (!("fetch" in window) || !("DOMParser" in window)) return;
  // A reload, or a way back from another site, to an address this page pushed: the browser
  // does not know where it was left (this page scrolls those by itself), the state does.
  const arrival = performance.getEntriesByType("navigation")[0] as
    PerformanceNavigationTiming | undefined;
  const kept = (history.state as { scrollY?: number } | null)?.scrollY;
  if (history.scrollRestoration === "manual" && kept && arrival?.type !== "navigate") {
    window.scrollTo({ top: kept, behavior: "instant" });
  }
  // The address whose document is on screen: a popstate to another one swaps.
  let shown = location.pathname + location.search;
  let current: AbortController | undefined;
  const prefetched = new Map<string, { at: number; answer: Promise<Fetched> }>();

  const get = (url: URL, signal?: AbortSignal): Promise<Fetched> =>
    fetch(url, { headers: { accept: "text/html" }, signal, credentials: "same-origin" }).then(
      async (response) => {
        if (!(response.headers.get("content-type") ?? "").includes("text/html")) {
          throw new Error("not a page");
        }
        return { url: response.url, ok: response.ok, html: await response.text() };
      },
    );

  const answerFor = (url: URL, signal: AbortSignal): Promise<Fetched> => {
    const key = url.pathname + url.search;
    const kept = prefetched.get(key);
    prefetched.delete(key);
    if (kept && Date.now() - kept.at < PREFETCH_KEEP_MS) return kept.answer;
    return get(url, signal);
  };

  const remember = () => {
    history.replaceState({ ...(history.state as object), scrollY: window.scrollY }, "");
  };

  async function go(url: URL, { push, scrollY }: { push: boolean; scrollY?: number }) {
    current?.abort();
    const controller = (current = new AbortController());
    if (push) remember();
    showPending(url.pathname);
    let answer: Fetched;
    try {
      answer = await answerFor(url, controller.signal);
    } catch {
      if (controller.signal.aborted) return;
      // Not a page, or no connection: the browser's own navigation says what happened.
      location.assign(url.href);
      return;
    }
    if (controller.signal.aborted) return;
    const next = new DOMParser().parseFromString(answer.html, "text/html");
    const landed = new URL(answer.url || url.href);
    landed.hash = url.hash;
    // Not an islands page: a page of its own (React Router's, or the back office).
    if (!next.documentElement.hasAttribute("data-islands")) {
      location.assign(landed.href);
      return;
    }
    // From the first swap on, this page puts back the scroll position of what it swaps in.
    history.scrollRestoration = "manual";
    if (push) history.pushState({ scrollY: 0 }, "", landed.href);
    else if (landed.href !== location.href) history.replaceState(history.state, "", landed.href);
    shown = landed.pathname + landed.search;
    for (const name of ["style", "lang", "data-islands"]) {
      const value = next.documentElement.getAttribute(name);
      if (value === null) document.documentElement.removeAttribute(name);
      else document.documentElement.setAttribute(name, value);
    }
    swapHead(next);
    document.body.replaceWith(document.adoptNode(next.body));
    current = undefined;
    const target = landed.hash
      ? document.getElementById(decodeURIComponent(landed.hash.slice(1)))
      : null;
    // At once, as a new document opens (the site's CSS scrolls smoothly within a page).
    if (target) target.scrollIntoView({ behavior: "instant" });
    else window.scrollTo({ top: scrollY ?? 0, behavior: "instant" });
    onSwap(answer.ok);
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = anchorOf(event);
    const url = anchor && pageUrlOf(anchor);
    if (!url) return;
    event.preventDefault();
    void go(url, { push: true });
  });

  // On intent (a pointer over the link, a touch, the keyboard's focus), the page is asked
  // for, so that the click finds it on its way.
  const prefetch = (event: Event) => {
    const anchor = anchorOf(event);
    const url = anchor && pageUrlOf(anchor);
    if (!url) return;
    const key = url.pathname + url.search;
    if (key === shown) return;
    const kept = prefetched.get(key);
    if (kept && Date.now() - kept.at < PREFETCH_KEEP_MS) return;
    const answer = get(url);
    answer.catch(() => prefetched.delete(key));
    prefetched.set(key, { at: Date.now(), answer });
  };
  for (const type of ["mouseover", "touchstart", "focusin"]) {
    document.addEventListener(type, prefetch, { passive: true });
  }

  window.addEventListener("popstate", (event) => {
    const key = location.pathname + location.search;
    if (key === shown) {
      // A change of the hash alone (the browser has scrolled), or back to the page on screen
      // while another was on its way: that one must not land under this address.
      if (current) {
        current.abort();
        current = undefined;
        showPending(null);
      }
      return;
    }
    const state = event.state as { scrollY?: number } | null;
    void go(new URL(location.href), { push: false, scrollY: state?.scrollY ?? 0 });
  });
  // The scroll position of the page left for another site or a reload.
  window.addEventListener("pagehide", remember);
}
