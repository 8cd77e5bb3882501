import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { ChevronIcon } from "../ui/icons.tsx";
import { useMediaQuery, useReducedMotion } from "./use-media.ts";

const AUTO_ADVANCE_MS = 5000;
const TRANSITION_MS = 500;
const PLACEHOLDER = "/images/placeholder.svg";
/** Clones at each end: as many as the most slides ever shown at once. */
const CLONES = 3;

/**
 * The slides with CLONES clones at each end: the last ones before the first slide and the
 * first ones after the last, taken round the list, so that even one or two slides loop.
 */
function withClones<T>(items: readonly T[]): T[] {
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

/**
 * The image carousel (spec §4): an endless loop with cloned slides at both ends,
 * auto-advance every 5000 ms, a 0.5 s slide, previous/next ignored mid-transition, a silent
 * jump from a clone to its real slide, 1 slide up to 768 px and 3 above, a placeholder for a
 * missing image. Paused on hover and focus; still under prefers-reduced-motion. An upload of
 * any shape fills the 8:5 box (cropped). The caller leaves it out when there are no slides.
 */
export function ImageCarousel({ slides: items }: { slides: readonly ShownItemOf<"slides">[] }) {
  const count = items.length;
  const narrow = useMediaQuery("(max-width: 768px)");
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(CLONES);
  const [animate, setAnimate] = useState(false);
  const [paused, setPaused] = useState(false);
  const moving = useRef(false);

  const slides = withClones(items);

  // After a slide: stop animating and, from a clone, jump silently to the real slide.
  const finish = useCallback(() => {
    if (!moving.current) return;
    moving.current = false;
    setAnimate(false);
    setIndex((value) =>
      value >= CLONES + count ? value - count : value < CLONES ? value + count : value,
    );
  }, [count]);

  const move = useCallback(
    (step: number) => {
      if (moving.current) return;
      if (reduced) {
        // No motion: change the slide at once, wrapping without clones.
        setAnimate(false);
        setIndex((value) => CLONES + ((((value - CLONES + step) % count) + count) % count));
        return;
      }
      moving.current = true;
      setAnimate(true);
      setIndex((value) => value + step);
      // transitionend does not fire in a hidden tab: never stay stuck mid-move.
      setTimeout(finish, TRANSITION_MS + 100);
    },
    [count, reduced, finish],
  );

  useEffect(() => {
    if (paused || reduced || count === 0) return;
    const timer = setInterval(() => move(1), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, reduced, move, count]);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") move(-1);
    if (event.key === "ArrowRight") move(1);
  };
  const perView = narrow ? 1 : 3;
  const current = (((index - CLONES) % count) + count) % count;
  if (count === 0) return null;

  return (
    // Hover and focus pause the auto-advance; arrow keys page through the slides.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Highlights of our work"
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={onKey}
    >
      <div className="overflow-hidden rounded-2xl [--slide:100%] min-[769px]:[--slide:33.3333%]">
        <ul
          className="flex"
          onTransitionEnd={finish}
          style={{
            transform: `translateX(calc(var(--slide) * -${index}))`,
            transition: animate ? `transform ${TRANSITION_MS}ms ease-in-out` : "none",
          }}
        >
          {slides.map((slide, position) => {
            const real = position >= CLONES && position < CLONES + count;
            const visible = position >= index && position < index + perView;
            return (
              <li
                key={position}
                className="w-[var(--slide)] shrink-0 px-2"
                aria-hidden={!real || !visible}
                inert={!real || !visible}
              >
                <img
                  src={slide.image.src}
                  alt={real ? slide.image.alt : ""}
                  width={800}
                  height={500}
                  loading="lazy"
                  className="aspect-[8/5] w-full rounded-xl bg-brand-50 object-cover"
                  onError={(event) => {
                    if (!event.currentTarget.src.endsWith(PLACEHOLDER)) {
                      event.currentTarget.src = PLACEHOLDER;
                    }
                  }}
                />
              </li>
            );
          })}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        Slide {current + 1} of {count}
      </p>
      <div className="mt-6 flex justify-center gap-4">
        <button
          type="button"
          onClick={() => move(-1)}
          aria-label="Previous slide"
          className="flex size-11 items-center justify-center rounded-full bg-white text-brand shadow-md ring-1 ring-black/5 hover:bg-brand-50"
        >
          <ChevronIcon className="rotate-90" />
        </button>
        <button
          type="button"
          onClick={() => move(1)}
          aria-label="Next slide"
          className="flex size-11 items-center justify-center rounded-full bg-white text-brand shadow-md ring-1 ring-black/5 hover:bg-brand-50"
        >
          <ChevronIcon className="-rotate-90" />
        </button>
      </div>
    </div>
  );
}
