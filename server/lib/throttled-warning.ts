import type { FastifyBaseLogger } from "fastify";

/**
 * A warning written at most once per `intervalMs` for each kind: while Redis is down every
 * request and every reconnect attempt fails the same way, and one line per 30 s says so
 * without flooding the log. Answers how many were left out since the last line. `to` writes
 * the line to another logger (a request's, so the line carries its id).
 */
export function throttledWarning(
  log: FastifyBaseLogger,
  intervalMs = 30_000,
  level: "warn" | "error" = "warn",
) {
  const last = new Map<string, { at: number; skipped: number }>();
  return (kind: string, error: unknown, message: string, to: FastifyBaseLogger = log): void => {
    const now = Date.now();
    const seen = last.get(kind);
    if (seen && now - seen.at < intervalMs) {
      seen.skipped += 1;
      return;
    }
    last.set(kind, { at: now, skipped: 0 });
    to[level]({ err: error, ...(seen?.skipped ? { alike: seen.skipped } : {}) }, message);
  };
}
export type ThrottledWarning = ReturnType<typeof throttledWarning>;
