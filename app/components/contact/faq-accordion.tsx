import { useEffect, useId, useState } from "react";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { ChevronIcon } from "../ui/icons.tsx";

/**
 * The FAQ (spec §4): each question toggles its answer, whose panel is at most 250 px tall.
 * Without JavaScript every answer stays open.
 */
export function FaqAccordion({ faq }: { faq: readonly ShownItemOf<"faq">[] }) {
  const baseId = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- answers collapse only once JavaScript can open them
  useEffect(() => setEnhanced(true), []);

  return (
    <ul className="space-y-4">
      {faq.map((item, index) => {
        const expanded = !enhanced || open === index;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <li
            key={index}
            className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-black/5"
          >
            <h3>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(open === index ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-bold text-navy hover:bg-brand-50"
              >
                {item.question}
                <ChevronIcon
                  className={`shrink-0 text-brand transition-transform duration-300 ${expanded ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-label={item.question}
              className="overflow-y-auto transition-[max-height] duration-300 ease-in-out motion-reduce:transition-none"
              style={{ maxHeight: expanded ? 250 : 0 }}
              inert={!expanded}
              // A long answer scrolls inside its 250 px panel: keyboard users must reach it
              // (WCAG 2.1.1; axe's scrollable-region-focusable).
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={expanded ? 0 : undefined}
            >
              <p className="px-6 pb-5 text-muted">{item.answer}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
