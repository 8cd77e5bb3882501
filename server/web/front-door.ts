import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { RequestIds } from "../plugins/request-id.ts";

/**
 * Answers a request from memory when it can (a stored page, a build file) and says so;
 * false sends it on to Fastify.
 */
export type MemoryAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** What an answer from memory writes: its status, headers and body for one request. */
export interface Prepared {
  status: number;
  headers: Record<string, string | number>;
  body?: Buffer;
}

/**
 * The door of the HTTP server: answers that are the same bytes for every visitor (build
 * files, pages and public API lists in the render cache) are written from memory before
 * Fastify sees the request, at the speed of a static file server; everything else goes on
 * to Fastify's routing, hooks and handlers. Each answer still gets its request log line.
 * While the app is closing it steps aside, so Fastify answers 503.
 */
export class FrontDoor {
  readonly #answers: MemoryAnswer[] = [];
  #log?: FastifyBaseLogger;
  readonly #requestId: RequestIds;
  closing = false;

  constructor(requestId: RequestIds) {
    this.#requestId = requestId;
  }

  add(answer: MemoryAnswer): void {
    this.#answers.push(answer);
  }

  useLog(log: FastifyBaseLogger): void {
    this.#log = log;
  }

  /** Writes a prepared answer and its log line. */
  write(request: IncomingMessage, response: ServerResponse, prepared: Prepared): true {
    const reqId = this.#requestId(request);
    response.setHeader("x-request-id", reqId);
    response.writeHead(prepared.status, prepared.headers);
    response.end(prepared.body);
    this.#log?.info(
      {
        reqId,
        method: request.method,
        url: request.url && request.url.length > 200 ? request.url.slice(0, 200) : request.url,
        status: prepared.status,
        ms: 0,
        ip: request.socket.remoteAddress,
        memory: true,
      },
      "request",
    );
    return true;
  }

  #handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing || this.#answers.length === 0) return false;
    for (const answer of this.#answers) if (answer(request, response)) return true;
    return false;
  }

  /** Fastify's `serverFactory`: an HTTP server that tries memory before Fastify. */
  serverFactory(): NonNullable<FastifyServerOptions["serverFactory"]> {
    return (handler, options) => {
      const server = http.createServer((request, response) => {
        if (!this.#handle(request, response)) handler(request, response);
      });
      // What Fastify sets on a server it makes itself.
      server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(options.requestTimeout ?? 0);
      server.setTimeout(Number(options.connectionTimeout ?? 0));
      return server;
    };
  }
}
