import { floatingEnquiry } from "../lib/floating-enquiry.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

/** The 'Send Enquiry' tab's open and close (React's `<FloatingEnquiry>` drew it). */
export const enhance: Enhancer = (root, signal) => {
  for (const wrapper of partsOf(root, "floating-enquiry")) {
    signal.addEventListener("abort", floatingEnquiry(wrapper), { once: true });
  }
};
