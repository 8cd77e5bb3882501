import type { TestProject } from "vitest/node";
import { ensureTestBuild } from "./site-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build the page tests serve (`buildApp(…, { web: true })`). */
    buildDir: string;
  }
}

/**
 * Makes sure the tests' production build is fresh (built only when a source changed since
 * the last run; the browser tests share it), so the API tests can drive the real pages
 * through `buildApp`.
 */
export default function setup(project: TestProject) {
  project.provide("buildDir", ensureTestBuild());
}
