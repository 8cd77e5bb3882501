/**
 * The FAQ's behaviour (spec §4), plain DOM: React's `<FaqAccordion>` (in an effect) and the
 * islands pages (app/islands/faq.ts) both call it on the list the component drew. The server
 * sends every answer open (it reads without JavaScript); this collapses them, and then each
 * question opens its answer and closes the one open before. Answers how to stop.
 */
export function faqAccordion(list: HTMLElement): () => void {
  const buttons = [...list.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
  const panelOf = (button: HTMLButtonElement) =>
    list.ownerDocument.getElementById(button.getAttribute("aria-controls") ?? "");
  const show = (button: HTMLButtonElement, expanded: boolean) => {
    button.setAttribute("aria-expanded", String(expanded));
    const panel = panelOf(button);
    if (!panel) return;
    // At most 250 px tall; a long answer scrolls inside, so the open panel takes the focus.
    panel.style.maxHeight = expanded ? "250px" : "0px";
    panel.inert = !expanded;
    if (expanded) panel.tabIndex = 0;
    else panel.removeAttribute("tabindex");
  };
  for (const button of buttons) show(button, false);
  // The first collapse is not a change the visitor made: it ends at once. Left to run, each
  // answer's 300 ms transition laid the list out again at every frame while the page was
  // coming alive (18 frames on /contact).
  if (typeof list.getAnimations === "function") {
    for (const animation of list.getAnimations({ subtree: true })) animation.finish();
  }
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest?.("button[aria-controls]");
    if (!(button instanceof HTMLButtonElement) || !buttons.includes(button)) return;
    const open = button.getAttribute("aria-expanded") !== "true";
    for (const other of buttons) show(other, other === button && open);
  };
  list.addEventListener("click", onClick);
  list.dataset.alive = "";
  return () => list.removeEventListener("click", onClick);
}
