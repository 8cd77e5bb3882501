import { useEffect, useId, useRef } from "react";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { faqAccordion } from "../../lib/faq-accordion.ts";
import { ChevronIcon } from "../ui/icons.tsx";

/**
 * The FAQ (spec §4): each question toggles its answer, whose panel is at most 250 px tall.
 * Without JavaScript every answer stays open; app/lib/faq-accordion.ts collapses them and
 * answers the questions (here in an effect, on an islands page from app/islands/faq.ts). The
 * chevron turns by the button's `aria-expanded`.
 */
export function FaqAccordion({ faq }: { faq: readonly ShownItemOf<"faq">[] }) {
  const baseId = useId();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => (list.current ? faqAccordion(list.current) : undefined), []);

  return (
    <ul ref={list} data-island="faq" className="space-y-4">
      {faq.map((item, index) => {
        const panelId = `${baseId}-panel-${index}`;
        return (
          <li
            key={index}
            className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-black/5"
          >
            <h3>
              <button
                type="button"
                aria-expanded="true"
                aria-controls={panelId}
                className="group/faq flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-bold text-navy hover:bg-brand-50"
              >
                {item.question}
                <ChevronIcon className="shrink-0 text-brand transition-transform duration-300 group-aria-expanded/faq:rotate-180" />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-label={item.question}
              className="overflow-y-auto transition-[max-height] duration-300 ease-in-out motion-reduce:transition-none"
              style={{ maxHeight: 250 }}
              // A long answer scrolls inside its 250 px panel: keyboard users must reach it
              // (WCAG 2.1.1; axe's scrollable-region-focusable).
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <p className="px-6 pb-5 text-muted">{item.answer}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
