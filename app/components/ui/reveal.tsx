import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { revealOnScroll } from "../../lib/reveal-on-scroll.ts";

interface RevealProps {
  children: ReactNode;
  /** Delay before this element's reveal, for staggering (the spec uses 50–900 ms). */
  delay?: number;
  /** "up" slides up while fading in; "fade" only fades. */
  effect?: "up" | "fade" | "left" | "right";
  as?: ElementType;
  className?: string;
}

/** Scroll reveal (spec §4/§9), from hydration on: app/lib/reveal-on-scroll.ts. */
export function Reveal({
  children,
  delay = 0,
  effect = "up",
  as: Tag = "div",
  className,
}: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? revealOnScroll(ref.current) : undefined), []);
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
