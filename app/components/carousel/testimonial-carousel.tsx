import { useState, type KeyboardEvent } from "react";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { ChevronIcon } from "../ui/icons.tsx";
import { useMediaQuery, useReducedMotion } from "./use-media.ts";

/**
 * Client's Feedback (spec §4): 1 card under 768 px, 3 otherwise; previous/next move a page
 * and wrap; one dot per page; the index resets to 0 when out of range after a resize;
 * 500 ms transition (none under prefers-reduced-motion). The caller leaves it out when there
 * are no testimonials.
 */
export function TestimonialCarousel({
  testimonials,
}: {
  testimonials: readonly ShownItemOf<"testimonials">[];
}) {
  const mobile = useMediaQuery("(max-width: 767.98px)");
  const reduced = useReducedMotion();
  const perPage = mobile ? 1 : 3;
  const pages = Math.max(1, Math.ceil(testimonials.length / perPage));
  const [start, setStart] = useState(0);
  // After a resize the stored start index may not begin a page any more (out of range): it is
  // reset to 0 (spec §4), in the same render, so that resizing back does not bring it back.
  const inRange = start === 0 || (start < testimonials.length && start % perPage === 0);
  if (!inRange) setStart(0);
  const page = inRange ? start / perPage : 0;
  const goTo = (target: number) => setStart(((target + pages) % pages) * perPage);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") goTo(page - 1);
    if (event.key === "ArrowRight") goTo(page + 1);
  };

  return (
    // Arrow keys anywhere in the carousel page through it, as the buttons do.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Client feedback"
      onKeyDown={onKey}
    >
      <div className="overflow-hidden">
        <ul
          className="flex"
          style={{
            transform: `translateX(-${page * 100}%)`,
            transition: reduced ? "none" : "transform 500ms ease-in-out",
          }}
        >
          {testimonials.map((item, index) => {
            const visible = Math.floor(index / perPage) === page;
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
                    <img
                      src={item.image.src}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 shrink-0 rounded-full object-cover"
                    />
                    <span className="font-bold text-navy">{item.name}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        Page {page + 1} of {pages}
      </p>
      <div className="mt-8 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => goTo(page - 1)}
          aria-label="Previous testimonials"
          className="flex size-11 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-700"
        >
          <ChevronIcon className="rotate-90" />
        </button>
        <ul className="flex justify-center">
          {Array.from({ length: pages }, (_, index) => (
            <li key={index}>
              <button
                type="button"
                onClick={() => goTo(index)}
                aria-label={`Show page ${index + 1} of ${pages}`}
                aria-current={index === page ? "true" : undefined}
                className="flex size-6 items-center justify-center md:size-8"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${
                    index === page
                      ? "w-5 bg-accent ring-1 ring-accent-ink md:w-7"
                      : "w-2.5 bg-brand/55"
                  }`}
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => goTo(page + 1)}
          aria-label="Next testimonials"
          className="flex size-11 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-700"
        >
          <ChevronIcon className="-rotate-90" />
        </button>
      </div>
    </div>
  );
}
