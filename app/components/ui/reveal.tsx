import { useEffect, useRef, type ElementType, type ReactNode } from "react";

interface RevealProps {
  children: ReactNode;
  /** Delay before this element's reveal, for staggering (the spec uses 50–900 ms). */
  delay?: number;
  /** "up" slides up while fading in; "fade" only fades. */
  effect?: "up" | "fade" | "left" | "right";
  as?: ElementType;
  className?: string;
}

/**
 * Scroll reveal (spec §4/§9: once, 2000 ms, ease-in-out, staggered). The content is in the
 * server HTML and visible without JavaScript: only after hydration, and only for elements
 * still below the viewport, does it hide them until they scroll into view. Nothing moves
 * under prefers-reduced-motion, and whatever receives the keyboard focus shows at once.
 */
export function Reveal({
  children,
  delay = 0,
  effect = "up",
  as: Tag = "div",
  className,
}: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // The observer's first report says where the element is: measured with the page's own
    // layout, where getBoundingClientRect here would force one during hydration (and lay
    // out the sections the home page leaves for later, see `.sections-on-demand`).
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (first) {
            first = false;
            const rect = entry.boundingClientRect;
            if (rect.bottom > 0 && rect.top < window.innerHeight && rect.height > 0) {
              observer.disconnect(); // already on screen
              return;
            }
            element.classList.add("reveal-hidden");
          }
          if (!entry.isIntersecting) continue;
          element.classList.remove("reveal-hidden");
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -120px 0px" },
    );
    observer.observe(element);
    // Keyboard focus on it or inside it (Tab, a skip link) shows it at once: a focused link
    // must never be invisible, not even for the length of the fade. A pointer's focus (the
    // press of a click) only starts the reveal: jumping the element then would move it from
    // under the pointer before the click ends.
    const onFocusIn = (event: FocusEvent) => {
      observer.disconnect();
      element.removeEventListener("focusin", onFocusIn);
      if ((event.target as Element).matches(":focus-visible")) element.style.transition = "none";
      element.classList.remove("reveal-hidden");
    };
    element.addEventListener("focusin", onFocusIn);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", onFocusIn);
    };
  }, []);
  return (
    <Tag
      ref={ref}
      className={["reveal", className].filter(Boolean).join(" ")}
      data-reveal={effect}
      style={delay ? { transitionDelay: `${delay}ms` } : undefined}
    >
      {children}
    </Tag>
  );
}
