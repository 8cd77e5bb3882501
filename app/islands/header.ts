import type { Enhancer } from "./enhancer.ts";

/** The header (spec §9); filled in by the header's commit. */
export const enhanceHeader: Enhancer = () => {};
