import { layOutWhenIdle } from "../lib/sections-when-idle.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

/** The home page's sections left for later (`.sections-on-demand`), laid out when idle. */
export const enhance: Enhancer = (root, signal) => {
  for (const container of partsOf(root, "sections")) {
    signal.addEventListener("abort", layOutWhenIdle(container), { once: true });
  }
};
