import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What an id from the proxy may look like: short, and nothing a log reader could trip on. */
const FORWARDED_ID = /^[A-Za-z0-9._:@-]{1,100}$/;

/**
 * Request ids: every request's log lines carry one (`reqId`) and so does its answer's
 * `x-request-id` header, so a visitor's report, the proxy's log and ours meet on one value.
 * Behind a trusted proxy (TRUST_PROXY) the proxy's own `x-request-id` is kept when it is
 * well formed; otherwise the id is this instance's random prefix and a counter: unique
 * across instances and cheap enough for answers written from memory.
 */
export function createRequestIds(trustProxy: boolean | string) {
  const prefix = randomBytes(4).toString("hex");
  let counter = 0;
  return (request: IncomingMessage): string => {
    if (trustProxy !== false) {
      const forwarded = request.headers["x-request-id"];
      if (typeof forwarded === "string" && FORWARDED_ID.test(forwarded)) return forwarded;
    }
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
}
export type RequestIds = ReturnType<typeof createRequestIds>;
