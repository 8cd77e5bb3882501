import { imageCarousel } from "../lib/image-carousel.ts";
import { testimonialCarousel } from "../lib/testimonial-carousel.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

/**
 * The carousels of an islands page, as React's `<ImageCarousel>` (`data-carousel="images"`)
 * and `<TestimonialCarousel>` drew them: app/lib/image-carousel.ts and testimonial-carousel.ts.
 */
export const enhance: Enhancer = (root, signal) => {
  for (const region of partsOf(root, "carousel")) {
    const start = region.dataset.carousel === "images" ? imageCarousel : testimonialCarousel;
    signal.addEventListener("abort", start(region), { once: true });
  }
};
