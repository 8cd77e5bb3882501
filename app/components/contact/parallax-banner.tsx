import { useEffect, useRef, type ReactNode } from "react";
import { parallax } from "../../lib/parallax.ts";

/**
 * The contact page's banner: the picture behind moves slower than the page (no blur).
 * Still under prefers-reduced-motion; the content never moves. The motion is
 * app/lib/parallax.ts's (here in an effect, on an islands page from app/islands/parallax.ts).
 */
export function ParallaxBanner({
  image,
  children,
}: {
  /** The picture behind (none: the band's own colour). */
  image?: string;
  children: ReactNode;
}) {
  const section = useRef<HTMLElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  useEffect(
    () => (section.current && layer.current ? parallax(section.current, layer.current) : undefined),
    [],
  );
  return (
    <section ref={section} data-island="parallax" className="relative overflow-hidden bg-navy">
      {image && (
        <div
          ref={layer}
          data-parallax-layer=""
          aria-hidden="true"
          className="absolute inset-x-0 -top-[200px] -bottom-[200px] bg-cover bg-center will-change-transform"
          style={{ backgroundImage: `url(${image})` }}
        />
      )}
      <div className="relative">{children}</div>
    </section>
  );
}
