/**
 * The 'Send Enquiry' tab's open and close, plain DOM (the form inside is the forms' own).
 * Hovering or focusing the tab shows the form through CSS (so it works without JavaScript);
 * a click on the tab keeps it open (`data-open` on the wrapper, `aria-expanded` on the tab);
 * the close button and Escape hide it even while the pointer or focus is still inside
 * (`data-dismissed`, until the pointer comes back or the tab is clicked) and go back to the
 * tab. React's `<FloatingEnquiry>` (in an effect) and the islands pages
 * (app/islands/floating-enquiry.ts) both call it. Answers how to stop.
 */
export function floatingEnquiry(wrapper: HTMLElement): () => void {
  const tab = wrapper.querySelector<HTMLButtonElement>("button[data-enquiry-tab]");
  if (!tab) return () => {};
  let open = tab.getAttribute("aria-expanded") === "true";
  let dismissed = false;
  const render = () => {
    tab.setAttribute("aria-expanded", String(open));
    wrapper.toggleAttribute("data-open", open);
    wrapper.toggleAttribute("data-dismissed", dismissed);
  };
  const close = () => {
    open = false;
    dismissed = true;
    render();
    tab.focus();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    if (tab.contains(target)) {
      dismissed = false;
      open = !open;
      render();
    } else if (target.closest("button[data-enquiry-close]")) close();
  };
  // Escape closes it whether a click opened it or hover or focus shows it.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    if (open || wrapper.matches(":hover, :focus-within")) close();
  };
  const onEnter = () => {
    dismissed = false;
    render();
  };
  const onLeave = () => {
    // Not while the visitor is in the form or it is sending: a form that grows or shrinks
    // with its messages must not close under the pointer.
    if (wrapper.matches(':focus-within, :has(form[aria-busy="true"])')) return;
    open = false;
    render();
  };
  wrapper.addEventListener("click", onClick);
  wrapper.addEventListener("mouseenter", onEnter);
  wrapper.addEventListener("mouseleave", onLeave);
  const doc = wrapper.ownerDocument;
  doc.addEventListener("keydown", onKey);
  wrapper.dataset.alive = "";
  return () => {
    wrapper.removeEventListener("click", onClick);
    wrapper.removeEventListener("mouseenter", onEnter);
    wrapper.removeEventListener("mouseleave", onLeave);
    doc.removeEventListener("keydown", onKey);
  };
}
