import { useEffect, useRef, type ReactNode } from "react";

/** How far the picture travels while the banner crosses the screen (spec §9: strength 400). */
const STRENGTH = 400;

/**
 * The contact page's banner: the picture behind moves slower than the page (no blur).
 * Still under prefers-reduced-motion; the content never moves.
 */
export function ParallaxBanner({ image, children }: { image: string; children: ReactNode }) {
  const section = useRef<HTMLElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const box = section.current?.getBoundingClientRect();
      if (!box || !layer.current) return;
      const progress = (window.innerHeight - box.top) / (window.innerHeight + box.height);
      const clamped = Math.min(1, Math.max(0, progress));
      layer.current.style.transform = `translate3d(0, ${(clamped - 0.5) * STRENGTH}px, 0)`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, []);
  return (
    <section ref={section} className="relative overflow-hidden bg-navy">
      <div
        ref={layer}
        aria-hidden="true"
        className="absolute inset-x-0 -top-[200px] -bottom-[200px] bg-cover bg-center will-change-transform"
        style={{ backgroundImage: `url(${image})` }}
      />
      <div className="relative">{children}</div>
    </section>
  );
}
