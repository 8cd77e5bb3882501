/**
 * Client's Feedback's behaviour (spec §4), plain DOM: 1 card under 768 px, 3 otherwise;
 * previous/next move a page and wrap; one dot per page; the index resets to 0 when out of
 * range after a resize; 500 ms transition (none under prefers-reduced-motion). React's
 * `<TestimonialCarousel>` draws the markup (the first page of three, one dot per card, those
 * beyond the pages hidden) and calls this in an effect; the islands pages call it from
 * app/islands/carousel.ts. Answers how to stop.
 */

/** A dot's name: which page it shows. */
export const dotLabel = (page: number, pages: number) => `Show page ${page + 1} of ${pages}`;
/** What the live region reads. */
export const pageStatus = (page: number, pages: number) => `Page ${page + 1} of ${pages}`;
/** How many pages `count` cards make, `perPage` at a time. */
export const pagesOf = (count: number, perPage: number) => Math.max(1, Math.ceil(count / perPage));

export function testimonialCarousel(region: HTMLElement): () => void {
  const track = region.querySelector<HTMLElement>("ul");
  const status = region.querySelector<HTMLElement>("[aria-live]");
  if (!track || !status) return () => {};
  const cards = [...track.children] as HTMLElement[];
  const dots = [...region.querySelectorAll<HTMLButtonElement>("button[data-page]")];
  const count = cards.length;
  const mobile = window.matchMedia("(max-width: 767.98px)");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let start = 0;

  const perPage = () => (mobile.matches ? 1 : 3);
  const pages = () => pagesOf(count, perPage());
  const render = () => {
    const size = perPage();
    const total = pages();
    // After a resize the start may not begin a page any more (out of range): back to 0, so
    // that resizing back does not bring it back.
    if (!(start === 0 || (start < count && start % size === 0))) start = 0;
    const page = start / size;
    track.style.transform = `translateX(-${page * 100}%)`;
    track.style.transition = reducedMotion.matches ? "none" : "transform 500ms ease-in-out";
    cards.forEach((card, index) => {
      const visible = Math.floor(index / size) === page;
      card.setAttribute("aria-hidden", String(!visible));
      card.inert = !visible;
    });
    const text = pageStatus(page, total);
    if (status.textContent !== text) status.textContent = text;
    dots.forEach((dot, index) => {
      const item = dot.parentElement ?? dot;
      item.hidden = index >= total;
      dot.setAttribute("aria-label", dotLabel(index, total));
      if (index === page) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  const goTo = (target: number) => {
    const total = pages();
    start = (((target % total) + total) % total) * perPage();
    render();
  };
  const page = () => start / perPage();

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(
      "button[data-step], button[data-page]",
    );
    if (!button || !region.contains(button)) return;
    if (button.dataset.page !== undefined) goTo(Number(button.dataset.page));
    else goTo(page() + Number(button.dataset.step));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") goTo(page() - 1);
    if (event.key === "ArrowRight") goTo(page() + 1);
  };
  region.addEventListener("click", onClick);
  region.addEventListener("keydown", onKey);
  mobile.addEventListener("change", render);
  reducedMotion.addEventListener("change", render);
  render();
  region.dataset.alive = "";
  return () => {
    region.removeEventListener("click", onClick);
    region.removeEventListener("keydown", onKey);
    mobile.removeEventListener("change", render);
    reducedMotion.removeEventListener("change", render);
  };
}
