import { useEffect, useRef } from "react";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import {
  dotLabel,
  pagesOf,
  pageStatus,
  testimonialCarousel,
} from "../../lib/testimonial-carousel.ts";
import { ChevronIcon } from "../ui/icons.tsx";

/** "Adaeze Okafor" → "AO": what a testimonial without a picture shows in its place. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => (word ? Array.from(word)[0] : ""))
    .join("");
  return letters.toUpperCase();
}

/**
 * Client's Feedback (spec §4): 1 card under 768 px, 3 otherwise; previous/next move a page
 * and wrap; one dot per page; the index resets to 0 when out of range after a resize;
 * 500 ms transition (none under prefers-reduced-motion). The caller leaves it out when there
 * are no testimonials.
 *
 * This draws it as the server can know it: the first page of three, and a dot for every card
 * (as many as there are pages of one), those beyond the pages of three hidden. Its behaviour
 * is app/lib/testimonial-carousel.ts's, here in an effect and on an islands page from
 * app/islands/carousel.ts; the current dot shows by its `aria-current`.
 */
export function TestimonialCarousel({
  testimonials,
}: {
  testimonials: readonly ShownItemOf<"testimonials">[];
}) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (region.current ? testimonialCarousel(region.current) : undefined), []);
  const perPage = 3;
  const pages = pagesOf(testimonials.length, perPage);

  return (
    // Arrow keys anywhere in the carousel page through it, as the buttons do.
    <div
      ref={region}
      data-island="carousel"
      data-carousel="testimonials"
      role="region"
      aria-roledescription="carousel"
      aria-label="Client feedback"
    >
      <div className="overflow-hidden">
        <ul className="flex" style={{ transform: "translateX(-0%)", transition: "none" }}>
          {testimonials.map((item, index) => {
            const visible = index < perPage;
            return (
              <li
                key={index}
                className="w-full shrink-0 px-3 md:w-1/3"
                aria-hidden={!visible}
                inert={!visible}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${testimonials.length}`}
              >
                <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-black/5">
                  <span aria-hidden="true" className="icon icon-quote h-6.75 w-9 text-accent" />
                  <blockquote className="mt-4 flex-1 text-ink">{item.text}</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    {/* The name is right beside it: the avatar or logo says nothing more to
                        a screen reader ("Avatar of Adaeze Okafor", "Kola Foods logo"), so it is
                        decorative here, as it was before its alt text became editable. */}
                    {item.image ? (
                      <img
                        src={item.image.src}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        className="size-12 shrink-0 rounded-full object-cover"
                      />
                    ) : (
                      // No picture: the initials, as decorative as the picture would be.
                      <span
                        aria-hidden="true"
                        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white"
                      >
                        {initialsOf(item.name)}
                      </span>
                    )}
                    <span className="font-bold text-navy">{item.name}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        {pageStatus(0, pages)}
      </p>
      <div className="mt-8 flex items-center justify-center gap-3">
        <button
          type="button"
          data-step="-1"
          aria-label="Previous testimonials"
          className="flex size-11 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-700"
        >
          <ChevronIcon className="rotate-90" />
        </button>
        <ul className="flex justify-center">
          {testimonials.map((_, index) => (
            <li key={index} hidden={index >= pages}>
              <button
                type="button"
                data-page={index}
                aria-label={dotLabel(index, pages)}
                aria-current={index === 0 ? "true" : undefined}
                className="group/dot flex size-6 items-center justify-center md:size-8"
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-brand/55 transition-all group-aria-current/dot:w-5 group-aria-current/dot:bg-accent group-aria-current/dot:ring-1 group-aria-current/dot:ring-accent-ink motion-reduce:transition-none md:group-aria-current/dot:w-7" />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          data-step="1"
          aria-label="Next testimonials"
          className="flex size-11 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-700"
        >
          <ChevronIcon className="-rotate-90" />
        </button>
      </div>
    </div>
  );
}
