import { faqAccordion } from "../lib/faq-accordion.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

/** The FAQ of an islands page (React's `<FaqAccordion>` drew it): app/lib/faq-accordion.ts. */
export const enhance: Enhancer = (root, signal) => {
  for (const list of partsOf(root, "faq")) {
    signal.addEventListener("abort", faqAccordion(list), { once: true });
  }
};
