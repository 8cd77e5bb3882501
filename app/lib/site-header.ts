// The site header's behaviour (spec §9), plain DOM: React's Header (components/layout/
// header.tsx, in an effect) and the islands pages (app/islands/header.ts) both call it on the
// header the component drew. The markup holds every menu's links, hidden; this only changes
// the attributes its styles follow (`data-solid`, `aria-expanded`, `hidden`, the drawer
// button's label). A page that arrives (a swap, or React Router's navigation) starts with
// every menu shut.

/** The elements in `root` marked `data-island="<name>"`. */
const parts = (root: ParentNode, name: string) =>
  root.querySelectorAll<HTMLElement>(`[data-island~="${name}"]`);

/** Spec §9: the bar switches style past 100 px of scroll (and always on /contact). */
const SCROLL_THRESHOLD = 100;
/** Spec §9: the dropdown closes 200 ms after the pointer leaves. */
const CLOSE_DELAY = 200;

function solidOnScroll(header: HTMLElement, signal: AbortSignal): void {
  const always = header.hasAttribute("data-always-solid");
  const update = () => {
    const solid = String(always || window.scrollY > SCROLL_THRESHOLD);
    if (header.dataset.solid !== solid) header.dataset.solid = solid;
  };
  update();
  window.addEventListener("scroll", update, { passive: true, signal });
}

/**
 * A dropdown of the top bar: opens on hover and closes 200 ms after the pointer leaves; by
 * keyboard, focus or Enter opens it, the arrows move through it and Escape closes it.
 */
function dropdown(item: HTMLElement, signal: AbortSignal): void {
  const button = item.querySelector<HTMLButtonElement>(":scope > button");
  const menu = item.querySelector<HTMLUListElement>(":scope > ul");
  if (!button || !menu) return;
  const on = { signal };
  let open = false;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  // A click right after the pointer opened the menu must not close it again.
  let openedByHover = false;
  // Escape gives the focus back to the button: that must not open the menu again.
  let focusReturning = false;
  signal.addEventListener("abort", () => clearTimeout(closeTimer));

  const setOpen = (value: boolean) => {
    open = value;
    button.setAttribute("aria-expanded", String(value));
    menu.hidden = !value;
  };
  setOpen(false);
  const links = () => [...menu.querySelectorAll<HTMLAnchorElement>("a")];
  const focusItem = (index: number) => {
    const all = links();
    if (all.length) all[(index + all.length) % all.length]?.focus();
  };
  const closeAndReturnFocus = () => {
    setOpen(false);
    focusReturning = true;
    button.focus();
    focusReturning = false;
  };

  item.addEventListener(
    "mouseenter",
    () => {
      clearTimeout(closeTimer);
      if (!open) openedByHover = true;
      setOpen(true);
    },
    on,
  );
  item.addEventListener(
    "mouseleave",
    () => {
      clearTimeout(closeTimer);
      openedByHover = false;
      closeTimer = setTimeout(() => setOpen(false), CLOSE_DELAY);
    },
    on,
  );
  item.addEventListener(
    "focusout",
    (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) setOpen(false);
    },
    on,
  );
  button.addEventListener(
    "focus",
    () => {
      // Keyboard focus opens the menu, as hovering does; a mouse click decides by itself.
      if (!focusReturning && button.matches(":focus-visible")) setOpen(true);
    },
    on,
  );
  button.addEventListener(
    "click",
    (event) => {
      if (openedByHover) openedByHover = false;
      // Enter or Space on the open menu's button: into the menu.
      else if (event.detail === 0 && open) focusItem(0);
      else setOpen(!open);
    },
    on,
  );
  button.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        setOpen(true);
        requestAnimationFrame(() => focusItem(0));
      } else if (event.key === "Escape" && open) {
        closeAndReturnFocus();
      }
    },
    on,
  );
  menu.addEventListener(
    "keydown",
    (event) => {
      const index = links().indexOf(document.activeElement as HTMLAnchorElement);
      if (event.key === "Escape") closeAndReturnFocus();
      else if (event.key === "ArrowDown") {
        event.preventDefault();
        focusItem(index + 1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        focusItem(index - 1);
      }
    },
    on,
  );
}

/** The drawer of phones: a dialog that keeps the focus while open; Escape closes it. */
function drawerMenu(part: HTMLElement, signal: AbortSignal): void {
  const button = part.querySelector<HTMLButtonElement>(":scope > button");
  const drawer = button && document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!button || !drawer) return;
  const on = { signal };
  let stop: AbortController | undefined;

  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    drawer.hidden = !open;
    stop?.abort();
    stop = undefined;
    if (!open) return;
    const whileOpen = (stop = new AbortController());
    signal.addEventListener("abort", () => whileOpen.abort(), { once: true });
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    whileOpen.signal.addEventListener("abort", () => (document.body.style.overflow = overflow));
    drawer.querySelector<HTMLElement>("a, button")?.focus();
    document.addEventListener(
      "keydown",
      (event) => {
        if (event.key === "Escape") {
          setOpen(false);
          button.focus();
        }
        if (event.key !== "Tab") return;
        // Keep the focus inside the drawer while it is open.
        const focusable = [...drawer.querySelectorAll<HTMLElement>("a, button")];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      },
      { signal: whileOpen.signal },
    );
  };

  setOpen(false);
  button.addEventListener(
    "click",
    () => setOpen(button.getAttribute("aria-expanded") !== "true"),
    on,
  );
  for (const overlay of parts(part, "menu-overlay")) {
    overlay.addEventListener("click", () => setOpen(false), on);
  }
  for (const close of parts(drawer, "menu-close")) {
    close.addEventListener(
      "click",
      () => {
        setOpen(false);
        button.focus();
      },
      on,
    );
  }
  // Following a link closes it (the next page comes in its place, or the same one again).
  drawer.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element).closest("a")) setOpen(false);
    },
    on,
  );
}

/** Brings `header` alive until `signal` aborts: its scroll state, dropdowns and drawer. */
export function siteHeader(header: HTMLElement, signal: AbortSignal): void {
  solidOnScroll(header, signal);
  for (const item of parts(header, "nav-menu")) dropdown(item, signal);
  for (const part of parts(header, "mobile-menu")) drawerMenu(part, signal);
}
