import type { ApiApp, ApiDeps } from "../../api-types.ts";

/** Issue 13: filled in by its own commit. */
export function registerAccountRoutes(_app: ApiApp, _deps: ApiDeps): void {}
