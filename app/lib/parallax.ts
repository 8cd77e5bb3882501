/** How far the picture travels while the banner crosses the screen (spec §9: strength 400). */
const STRENGTH = 400;

/**
 * The parallax banner's behaviour, plain DOM: the picture `layer` inside `section` moves
 * slower than the page (no blur); still under prefers-reduced-motion. React's
 * `<ParallaxBanner>` (in an effect) and the islands pages (app/islands/parallax.ts) both call
 * it. Answers how to stop.
 */
export function parallax(section: HTMLElement, layer: HTMLElement): () => void {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  let frame = 0;
  const update = () => {
    frame = 0;
    const box = section.getBoundingClientRect();
    const progress = (window.innerHeight - box.top) / (window.innerHeight + box.height);
    const clamped = Math.min(1, Math.max(0, progress));
    layer.style.transform = `translate3d(0, ${(clamped - 0.5) * STRENGTH}px, 0)`;
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  update();
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll);
  section.dataset.alive = "";
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onScroll);
  };
}
