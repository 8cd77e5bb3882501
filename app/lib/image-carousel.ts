/**
 * The image carousel's behaviour (spec §4), plain DOM: an endless loop with cloned slides at
 * both ends, auto-advance every 5000 ms, a 0.5 s slide, previous/next ignored mid-transition,
 * a silent jump from a clone to its real slide, 1 slide up to 768 px and 3 above, a
 * placeholder for a missing image. Paused on hover and focus; still under
 * prefers-reduced-motion. React's `<ImageCarousel>` draws the markup (in the state the
 * server can know: the first slide, three shown, no motion) and calls this in an effect; the
 * islands pages call it from app/islands/carousel.ts. Answers how to stop.
 */

export const AUTO_ADVANCE_MS = 5000;
const TRANSITION_MS = 500;
export const PLACEHOLDER = "/images/placeholder.svg";
/** Clones at each end: as many as the most slides ever shown at once. */
export const CLONES = 3;

/**
 * The slides with CLONES clones at each end: the last ones before the first slide and the
 * first ones after the last, taken round the list, so that even one or two slides loop.
 */
export function withClones<T>(items: readonly T[]): T[] {
  const count = items.length;
  if (count === 0) return [];
  const at = (position: number) => items[((position % count) + count) % count]!;
  const clones = Array.from({ length: CLONES }, (_, offset) => offset);
  return [
    ...clones.map((offset) => at(offset - CLONES)),
    ...items,
    ...clones.map((offset) => at(count + offset)),
  ];
}

/** The track's position: `index` slides of `--slide` each to the left. */
export const trackTransform = (index: number) => `translateX(calc(var(--slide) * -${index}))`;

/** What the live region reads: the real slide shown first. */
export const slideStatus = (current: number, count: number) => `Slide ${current + 1} of ${count}`;

/** A slide's picture that failed to load shows the placeholder. */
function usePlaceholder(img: HTMLImageElement): void {
  if (!img.src.endsWith(PLACEHOLDER)) img.src = PLACEHOLDER;
}

export function imageCarousel(region: HTMLElement): () => void {
  const track = region.querySelector<HTMLElement>("ul");
  const status = region.querySelector<HTMLElement>("[aria-live]");
  if (!track || !status) return () => {};
  const slides = [...track.children] as HTMLElement[];
  const count = slides.length - 2 * CLONES;
  if (count <= 0) return () => {};
  const narrow = window.matchMedia("(max-width: 768px)");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const stops: (() => void)[] = [];
  const listen = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
    capture = false,
  ) => {
    target.addEventListener(type, listener, capture);
    stops.push(() => target.removeEventListener(type, listener, capture));
  };

  let index = CLONES;
  let animate = false;
  let moving = false;
  let paused = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const render = () => {
    const perView = narrow.matches ? 1 : 3;
    track.style.transition = animate ? `transform ${TRANSITION_MS}ms ease-in-out` : "none";
    track.style.transform = trackTransform(index);
    slides.forEach((slide, position) => {
      const real = position >= CLONES && position < CLONES + count;
      const visible = position >= index && position < index + perView;
      slide.setAttribute("aria-hidden", String(!real || !visible));
      slide.inert = !real || !visible;
    });
    const current = (((index - CLONES) % count) + count) % count;
    const text = slideStatus(current, count);
    if (status.textContent !== text) status.textContent = text;
  };

  // After a slide: stop animating and, from a clone, jump silently to the real slide.
  const finish = () => {
    if (!moving) return;
    moving = false;
    animate = false;
    index = index >= CLONES + count ? index - count : index < CLONES ? index + count : index;
    render();
  };

  const move = (step: number) => {
    if (moving) return;
    if (reducedMotion.matches) {
      // No motion: change the slide at once, wrapping without clones.
      animate = false;
      index = CLONES + ((((index - CLONES + step) % count) + count) % count);
      render();
      return;
    }
    moving = true;
    animate = true;
    index += step;
    render();
    // transitionend does not fire in a hidden tab: never stay stuck mid-move.
    clearTimeout(settle);
    settle = setTimeout(finish, TRANSITION_MS + 100);
  };

  // The 5 s start again whenever the carousel is let go (or motion is allowed again).
  const schedule = () => {
    clearInterval(timer);
    timer = undefined;
    if (!paused && !reducedMotion.matches) timer = setInterval(() => move(1), AUTO_ADVANCE_MS);
  };
  const pause = (value: boolean) => () => {
    paused = value;
    schedule();
  };

  listen(region, "mouseenter", pause(true));
  listen(region, "mouseleave", pause(false));
  listen(region, "focusin", pause(true));
  listen(region, "focusout", pause(false));
  listen(region, "keydown", (event) => {
    if (event.key === "ArrowLeft") move(-1);
    if (event.key === "ArrowRight") move(1);
  });
  listen(region, "click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("button[data-step]");
    if (button && region.contains(button)) move(Number(button.dataset.step));
  });
  listen(track, "transitionend", (event) => {
    if (event.target === track) finish();
  });
  // A picture that fails from now on, and one that failed before this ran.
  listen(
    track,
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) usePlaceholder(event.target);
    },
    true,
  );
  for (const img of track.querySelectorAll("img")) {
    // `currentSrc` is empty while a lazy picture has not been asked for yet.
    const broken = img.complete && img.currentSrc !== "" && img.naturalWidth === 0;
    if (broken) usePlaceholder(img);
  }
  const onNarrow = () => render();
  narrow.addEventListener("change", onNarrow);
  reducedMotion.addEventListener("change", schedule);
  stops.push(() => {
    narrow.removeEventListener("change", onNarrow);
    reducedMotion.removeEventListener("change", schedule);
  });

  render();
  schedule();
  region.dataset.alive = "";
  return () => {
    clearInterval(timer);
    clearTimeout(settle);
    for (const stop of stops) stop();
  };
}
