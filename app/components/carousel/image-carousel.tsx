import { useEffect, useRef } from "react";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import {
  CLONES,
  imageCarousel,
  slideStatus,
  trackTransform,
  withClones,
} from "../../lib/image-carousel.ts";
import { ChevronIcon } from "../ui/icons.tsx";

/**
 * The image carousel (spec §4): an endless loop with cloned slides at both ends,
 * auto-advance every 5000 ms, a 0.5 s slide, previous/next ignored mid-transition, a silent
 * jump from a clone to its real slide, 1 slide up to 768 px and 3 above, a placeholder for a
 * missing image. Paused on hover and focus; still under prefers-reduced-motion. An upload of
 * any shape fills the 8:5 box (cropped). The caller leaves it out when there are no slides.
 *
 * This draws it as the server can know it (the first slide, three shown, no motion); its
 * behaviour is app/lib/image-carousel.ts's, here in an effect and on an islands page from
 * app/islands/carousel.ts.
 */
export function ImageCarousel({ slides: items }: { slides: readonly ShownItemOf<"slides">[] }) {
  const count = items.length;
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (region.current ? imageCarousel(region.current) : undefined), []);
  if (count === 0) return null;
  const slides = withClones(items);
  const perView = 3;

  return (
    // Hover and focus pause the auto-advance; arrow keys page through the slides.
    <div
      ref={region}
      data-island="carousel"
      data-carousel="images"
      role="region"
      aria-roledescription="carousel"
      aria-label="Highlights of our work"
      className="relative"
    >
      <div className="overflow-hidden rounded-2xl [--slide:100%] min-[769px]:[--slide:33.3333%]">
        <ul className="flex" style={{ transform: trackTransform(CLONES), transition: "none" }}>
          {slides.map((slide, position) => {
            const real = position >= CLONES && position < CLONES + count;
            const visible = position >= CLONES && position < CLONES + perView;
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
                />
              </li>
            );
          })}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        {slideStatus(0, count)}
      </p>
      <div className="mt-6 flex justify-center gap-4">
        <button
          type="button"
          data-step="-1"
          aria-label="Previous slide"
          className="flex size-11 items-center justify-center rounded-full bg-white text-brand shadow-md ring-1 ring-black/5 hover:bg-brand-50"
        >
          <ChevronIcon className="rotate-90" />
        </button>
        <button
          type="button"
          data-step="1"
          aria-label="Next slide"
          className="flex size-11 items-center justify-center rounded-full bg-white text-brand shadow-md ring-1 ring-black/5 hover:bg-brand-50"
        >
          <ChevronIcon className="-rotate-90" />
        </button>
      </div>
    </div>
  );
}
