import { siteHeader } from "../lib/site-header.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";

/** The header of an islands page (React's Header drew it): app/lib/site-header.ts. */
export const enhanceHeader: Enhancer = (root, signal) => {
  for (const header of partsOf(root, "header")) siteHeader(header, signal);
};
