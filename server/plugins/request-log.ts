import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { canonicalPath } from "../web/canonical-path.ts";

/** The longest address a log line keeps: a probe's 6,000-character path is not worth more. */
const MAX_LOGGED_URL = 200;

/**
 * Places whose rest of the path is a secret that opens something (a preview token, a
 * subscriber's confirm or unsubscribe link): the log keeps the place, never what follows
 * it, whatever separates the two. A mistyped link (`/blog/preview%2F<token>`,
 * `/blog/preview;<token>`, issue 46) still carries the secret. Read on the canonical path,
 * ignoring case, so no other spelling of the place gets its secret logged. A new kind of
 * link with a token in its path is added here.
 */
const SECRET_SEGMENT = /^(\/blog\/preview|\/newsletter\/(?:confirm|unsubscribe))(?!\/?$).+/i;
/** Query parameters whose value is a secret, whatever the path. */
const SECRET_PARAMETER = /([?&](?:token|secret|signature|key)=)[^&#]*/gi;

/**
 * An address as request log lines keep it: secrets left out (`SECRET_SEGMENT`,
 * `SECRET_PARAMETER`), then at most MAX_LOGGED_URL characters, and its length.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  let safe = url;
  // A plain path is its own canonical form: one regular expression, no parsing.
  const canonical = canonicalPath(path);
  if (SECRET_SEGMENT.test(canonical)) {
    safe = canonical.replace(SECRET_SEGMENT, "$1/…") + (mark === -1 ? "" : url.slice(mark));
  }
  if (mark !== -1) safe = safe.replace(SECRET_PARAMETER, "$1…");
  return safe.length > MAX_LOGGED_URL
    ? `${safe.slice(0, MAX_LOGGED_URL)}…(${safe.length} chars)`
    : safe;
}

/**
 * Fastify's request log lines, made short: one `info` line per request when it ends
 * (method, clipped address, status, time, client IP) instead of two lines that repeat the
 * whole address. A client error adds nothing to it (no stack); only a 5xx is logged with
 * its error, by the error handler.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      "request",
    );
  }

  override routeNotFound(): void {}
}

/** A request the client gave up on before the answer. */
export function logAbortedRequests(app: FastifyInstance): void {
  app.addHook("onRequestAbort", async (request) => {
    request.log.info({ method: request.method, url: loggedUrl(request.url) }, "request aborted");
  });
}
