import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { EnquiryForm } from "./enquiry-form.tsx";
import { useFormResult } from "./use-form-result.ts";

/**
 * The 'Send Enquiry' tab on the right edge of the hero: hovering (or focusing, or clicking)
 * it reveals the floating enquiry form. Works without JavaScript through CSS hover/focus.
 */
export function FloatingEnquiry() {
  const result = useFormResult("floating");
  const [open, setOpen] = useState(Boolean(result));
  const [dismissed, setDismissed] = useState(false);
  const tab = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Hides the form even while the pointer or focus is still inside, and goes back to the tab.
  const close = useCallback(() => {
    setOpen(false);
    setDismissed(true);
    tab.current?.focus();
  }, []);

  // The same heading on every render: opening or closing the panel then leaves the form
  // alone, also before its enhancement is loaded (React keeps its server HTML until then).
  const heading = useMemo(
    () => (
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-extrabold text-navy">Send us an enquiry</h2>
        <button
          type="button"
          onClick={close}
          aria-label="Close the enquiry form"
          className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-muted hover:bg-brand-50 hover:text-navy"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    ),
    [close],
  );

  // Escape closes it whether a click opened it or hover or focus shows it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (open || wrapper.current?.matches(":hover, :focus-within")) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  const visible = open
    ? "visible translate-x-0 opacity-100"
    : dismissed
      ? "invisible translate-x-4 opacity-0"
      : "invisible translate-x-4 opacity-0 group-hover:visible group-hover:translate-x-0 group-hover:opacity-100 group-focus-within:visible group-focus-within:translate-x-0 group-focus-within:opacity-100";

  return (
    <div
      ref={wrapper}
      className="group absolute top-28 right-0 z-30 flex items-start md:top-1/2 md:-translate-y-1/2"
      onMouseEnter={() => setDismissed(false)}
      onMouseLeave={() => {
        // Not while the visitor is in the form or it is sending: a form that grows or
        // shrinks with its messages must not close under the pointer.
        const inUse = wrapper.current?.matches(':focus-within, :has(form[aria-busy="true"])');
        if (!inUse) setOpen(false);
      }}
    >
      <button
        ref={tab}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setDismissed(false);
          setOpen((value) => !value);
        }}
        className="order-2 rounded-l-xl bg-accent px-2 py-4 font-bold text-navy shadow-lg [writing-mode:vertical-rl] hover:bg-accent-soft"
      >
        Send Enquiry
      </button>
      <div
        id={panelId}
        className={`order-1 w-[min(22rem,calc(100vw-4rem))] rounded-l-2xl bg-white p-5 shadow-2xl transition duration-300 motion-reduce:transition-none ${visible}`}
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
