import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";

/** The longest address a log line keeps: a probe's 6,000-character path is not worth more. */
const MAX_LOGGED_URL = 200;

/** An address as request log lines keep it: at most MAX_LOGGED_URL characters, and its length. */
export const clipUrl = (url: string) =>
  url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…(${url.length} chars)` : url;

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
        url: clipUrl(request.url),
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
    request.log.info({ method: request.method, url: clipUrl(request.url) }, "request aborted");
  });
}
