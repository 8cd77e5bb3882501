import { useEffect, useId, useRef, useState } from "react";
import { floatingEnquiry } from "../../lib/floating-enquiry.ts";
import { EnquiryForm } from "./enquiry-form.tsx";
import { useFormResult } from "./use-form-result.ts";

/** The heading above the form, with the close button (app/lib/floating-enquiry.ts answers it). */
const heading = (
  <div className="flex items-start justify-between gap-3">
    <h2 className="text-lg font-extrabold text-navy">Send us an enquiry</h2>
    <button
      type="button"
      data-enquiry-close=""
      aria-label="Close the enquiry form"
      className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-muted hover:bg-brand-50 hover:text-navy"
    >
      <span aria-hidden="true">×</span>
    </button>
  </div>
);

/**
 * The 'Send Enquiry' tab on the right edge of the hero: hovering (or focusing, or clicking)
 * it reveals the floating enquiry form. Works without JavaScript through CSS hover/focus.
 * Its open and close are app/lib/floating-enquiry.ts's (here in an effect, on an islands page
 * from app/islands/floating-enquiry.ts): the panel shows by the wrapper's attributes,
 * `data-open` (clicked open) and `data-dismissed` (closed while hovered or focused).
 * The wrapper takes no pointer events: it is as large as the hidden panel, which lies over the
 * hero's buttons on phones. Only the tab, and the panel while shown, take them (a hidden
 * panel is `visibility: hidden`, which no tap reaches).
 */
export function FloatingEnquiry() {
  const result = useFormResult("floating");
  // The server's answer to the form (without JavaScript) shows it open.
  const [open] = useState(Boolean(result));
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => (wrapper.current ? floatingEnquiry(wrapper.current) : undefined), []);

  return (
    <div
      ref={wrapper}
      data-island="floating-enquiry"
      data-open={open ? "" : undefined}
      className="group pointer-events-none absolute top-28 right-0 z-30 flex items-start md:top-1/2 md:-translate-y-1/2"
    >
      <button
        type="button"
        data-enquiry-tab=""
        aria-expanded={open}
        aria-controls={panelId}
        className="pointer-events-auto order-2 rounded-l-xl bg-accent px-2 py-4 font-bold text-navy shadow-lg [writing-mode:vertical-rl] hover:bg-accent-soft"
      >
        Send Enquiry
      </button>
      <div
        id={panelId}
        className="pointer-events-auto invisible order-1 w-[min(22rem,calc(100vw-4rem))] translate-x-4 rounded-l-2xl bg-white p-5 opacity-0 shadow-2xl transition duration-300 group-focus-within:not-group-data-dismissed:visible group-focus-within:not-group-data-dismissed:translate-x-0 group-focus-within:not-group-data-dismissed:opacity-100 group-hover:not-group-data-dismissed:visible group-hover:not-group-data-dismissed:translate-x-0 group-hover:not-group-data-dismissed:opacity-100 group-data-open:visible group-data-open:translate-x-0 group-data-open:opacity-100 motion-reduce:transition-none"
      >
        <EnquiryForm
          kind="floating"
          submitLabel="Send Enquiry"
          busyLabel="sending..."
          heading={heading}
        />
      </div>
    </div>
  );
}
