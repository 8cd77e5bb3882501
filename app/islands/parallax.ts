import { parallax } from "../lib/parallax.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

/** The parallax banner of an islands page (React's `<ParallaxBanner>` drew it). */
export const enhance: Enhancer = (root, signal) => {
  for (const section of partsOf(root, "parallax")) {
    const layer = section.querySelector<HTMLElement>("[data-parallax-layer]");
    if (layer) signal.addEventListener("abort", parallax(section, layer), { once: true });
  }
};
