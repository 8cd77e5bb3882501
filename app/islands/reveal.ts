import { revealOnScroll } from "../lib/reveal-on-scroll.ts";
import type { Enhancer } from "./enhancer.ts";

/** The scroll reveals of an islands page: every `.reveal` element React's `<Reveal>` drew. */
export const enhance: Enhancer = (root, signal) => {
  for (const element of root.querySelectorAll<HTMLElement>(".reveal[data-reveal]")) {
    const stop = revealOnScroll(element);
    signal.addEventListener("abort", stop, { once: true });
  }
};
