/**
 * Scroll reveal of one element (spec §4/§9: once, 2000 ms, ease-in-out, staggered; the
 * styles are app.css's `.reveal`). The content is in the server HTML and visible without
 * JavaScript: only elements still below the viewport are hidden until they scroll into view.
 * Nothing moves under prefers-reduced-motion, and whatever receives the keyboard focus shows
 * at once. React's `<Reveal>` and the islands pages (app/islands/reveal.ts) both call it.
 * Answers how to stop watching.
 */
export function revealOnScroll(element: HTMLElement): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  // The observer's first report says where the element is: measured with the page's own
  // layout, where getBoundingClientRect here would force one while the page comes alive (and
  // lay out the sections the home page leaves for later, see `.sections-on-demand`).
  let first = true;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (first) {
          first = false;
          const rect = entry.boundingClientRect;
          if (rect.bottom > 0 && rect.top < window.innerHeight && rect.height > 0) {
            observer.disconnect(); // already on screen
            return;
          }
          element.classList.add("reveal-hidden");
        }
        if (!entry.isIntersecting) continue;
        element.classList.remove("reveal-hidden");
        observer.disconnect();
      }
    },
    { rootMargin: "0px 0px -120px 0px" },
  );
  observer.observe(element);
  // Keyboard focus on it or inside it (Tab, a skip link) shows it at once: a focused link
  // must never be invisible, not even for the length of the fade. A pointer's focus (the
  // press of a click) only starts the reveal: jumping the element then would move it from
  // under the pointer before the click ends.
  const onFocusIn = (event: FocusEvent) => {
    observer.disconnect();
    element.removeEventListener("focusin", onFocusIn);
    if ((event.target as Element).matches(":focus-visible")) element.style.transition = "none";
    element.classList.remove("reveal-hidden");
  };
  element.addEventListener("focusin", onFocusIn);
  return () => {
    observer.disconnect();
    element.removeEventListener("focusin", onFocusIn);
  };
}
