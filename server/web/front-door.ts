import http, {
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from "node:http";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import pino from "pino";
import { HEADERS_TIMEOUT_MS } from "../plugins/body-limits.ts";
import type { RequestIds } from "../plugins/request-id.ts";
import { loggedUrl } from "../plugins/request-log.ts";

/** Lines written at once at most; the rest wait for the next turn of the event loop. */
const BATCH = 64;

/**
 * The "request" log lines of answers from memory, the same JSON lines pino writes for the
 * others, given to the log's destination a batch at a time: one write per line cost more
 * than the answer itself (3.4 µs of a 30 µs answer, against 0.3 µs to build the line).
 * The lines of one turn of the event loop go out at its end, so none waits long and none is
 * lost at shutdown (`flush`).
 */
export class MemoryAnswerLog {
  readonly #stream: { write(text: string): unknown };
  readonly #bindings: string;
  readonly #level: number;
  #lines: string[] = [];
  #scheduled = false;

  constructor(log: FastifyBaseLogger) {
    const logger = log as unknown as Record<symbol, unknown> & {
      levels: { values: Record<string, number> };
    };
    this.#stream = logger[pino.symbols.streamSym] as { write(text: string): unknown };
    // `,"pid":…,"hostname":"…"`, and any other binding of the logger, as pino writes them.
    this.#bindings = String(logger[pino.symbols.chindingsSym] ?? "");
    this.#level = logger.levels.values.info ?? 30;
  }

  add(reqId: string, request: IncomingMessage, status: number): void {
    const line =
      `{"level":${this.#level},"time":${Date.now()}${this.#bindings},"reqId":${JSON.stringify(reqId)},` +
      `"method":${JSON.stringify(request.method)},` +
      `"url":${JSON.stringify(loggedUrl(request.url ?? ""))},` +
      `"status":${status},"ms":0,"ip":${JSON.stringify(request.socket.remoteAddress ?? null)},` +
      `"memory":true,"msg":"request"}\n`;
    this.#lines.push(line);
    if (this.#lines.length >= BATCH) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#lines.length === 0) return;
    const text = this.#lines.join("");
    this.#lines = [];
    this.#stream.write(text);
  }
}

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
  /**
   * A small `body` as a latin1 string (byte for byte the same): Node sends a string body in
   * one write with the headers, where a Buffer goes out beside them through writev. An 840 B
   * answer cost 54–57 µs of CPU that way against 63–64 (a bare node:http server, 17 headers).
   */
  text?: string;
  /** `headers` but those Node acts on, as header lines checked and joined once (`joinHeaders`). */
  head: string;
  /** The content-length header's value, which Node must see itself. */
  length?: number;
  /** Any other header Node acts on (`NODE_HEADERS`), given to it with each answer. */
  rest?: Record<string, string | number>;
}

/**
 * The header names Node's `_storeHeader` acts on (framing, keep-alive, its own Date, the
 * latin1 content-disposition, cookies): they go through Node every time, never in joined
 * lines.
 */
const NODE_HEADERS = new Set([
  "connection",
  "content-length",
  "transfer-encoding",
  "date",
  "expect",
  "trailer",
  "keep-alive",
  "content-disposition",
  "set-cookie",
]);

/**
 * An answer's header lines ("name: value\r\n" each), checked with Node's own header checks
 * once and joined, for `DoorResponse.writeJoined`; a bad name or value throws here. The
 * headers Node acts on stay apart: content-length as `length`, any other in `rest`.
 */
export function joinHeaders(headers: Record<string, string | number>): {
  head: string;
  length?: number;
  rest?: Record<string, string | number>;
} {
  let head = "";
  let length: number | undefined;
  let rest: Record<string, string | number> | undefined;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === "content-length") length = Number(value);
    else if (NODE_HEADERS.has(lower)) (rest ??= {})[name] = value;
    else {
      validateHeaderName(name);
      validateHeaderValue(name, String(value));
      head += `${name}: ${value}\r\n`;
    }
  }
  return { head, length, ...(rest ? { rest } : {}) };
}

type StoreHeader = (this: ServerResponse, firstLine: string, headers: unknown) => void;
/** Node's internal step of writeHead that turns headers into the head of the answer. */
const nodeStoreHeader = (ServerResponse.prototype as unknown as { _storeHeader?: StoreHeader })
  ._storeHeader;

/**
 * The HTTP server's responses: Node's, plus `writeJoined` for answers from memory. Node checks
 * every header of every answer again (its name against the token grammar, its value for
 * control characters) and joins the lines anew: for a 1 KB script with 14 headers that was
 * about 1.2 µs of the 7.2 µs of CPU the answer cost in the process (CPU profile, side by side
 * with the hello-world, 2026-11-27), where the hello-world's two headers cost 0.15 µs.
 * `writeJoined` hands Node the lines checked once (`joinHeaders`) in front of the few it still
 * checks and adds itself (content-length, x-request-id, Date, Connection, Keep-Alive), through
 * `_storeHeader(firstLine, headers)`, the one internal of Node's this relies on. Where a
 * Node has no such method it writes the headers through writeHead as before; a test compares
 * the bytes of both ways (docs/decisions/0021). The script's ratio to the hello-world went
 * from 0.81–0.83 to 0.89–0.90 in fresh starts (`node bench/side-by-side.mjs <asset>
 * --starts 3`), and from 0.747 to 0.887–0.925 in full runs of `npm run bench`.
 */
export class DoorResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  static readonly joins = typeof nodeStoreHeader === "function";
  #head = "";

  /** writeHead with the joined lines `head` and `headers` (checked by Node as usual). */
  writeJoined(status: number, head: string, headers: OutgoingHttpHeaders): void {
    this.#head = head;
    this.writeHead(status, headers);
  }

  /** Node's `_storeHeader`, with the joined lines right after the status line. */
  _storeHeader(firstLine: string, headers: unknown): void {
    const head = this.#head;
    this.#head = "";
    nodeStoreHeader!.call(this, head === "" ? firstLine : firstLine + head, headers);
  }
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
  #log?: MemoryAnswerLog;
  readonly #requestId: RequestIds;
  closing = false;

  constructor(requestId: RequestIds) {
    this.#requestId = requestId;
  }

  add(answer: MemoryAnswer): void {
    this.#answers.push(answer);
  }

  /** Where the request lines go: none when the log is off or above `info`. */
  useLog(log: FastifyBaseLogger): void {
    // Fastify's stand-in logger, when the log is off, is no pino: it has no levels.
    const levels = (log as unknown as { levels?: { values: Record<string, number> } }).levels;
    const info = levels?.values.info;
    const enabled = info !== undefined && (levels!.values[log.level] ?? Infinity) <= info;
    this.#log = enabled ? new MemoryAnswerLog(log) : undefined;
  }

  /** Writes the request lines still waiting (the server is closing). */
  flushLog(): void {
    this.#log?.flush();
  }

  /** Writes a prepared answer and its log line. */
  write(request: IncomingMessage, response: ServerResponse, prepared: Prepared): true {
    const reqId = this.#requestId(request);
    // Headers as objects, as Fastify passes its answers' headers: with a list here, Node's
    // header code took both shapes and was no faster (2026-11-26).
    if (DoorResponse.joins && response instanceof DoorResponse) {
      const own =
        prepared.length === undefined
          ? { "x-request-id": reqId }
          : { "content-length": prepared.length, "x-request-id": reqId };
      response.writeJoined(
        prepared.status,
        prepared.head,
        prepared.rest ? { ...prepared.rest, ...own } : own,
      );
    } else response.writeHead(prepared.status, { ...prepared.headers, "x-request-id": reqId });
    if (prepared.text === undefined) response.end(prepared.body);
    else response.end(prepared.text, "latin1");
    this.#log?.add(reqId, request, prepared.status);
    return true;
  }

  #handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing || this.#answers.length === 0) return false;
    for (const answer of this.#answers) if (answer(request, response)) return true;
    return false;
  }

  /**
   * Fastify's `serverFactory`: an HTTP server that tries memory before Fastify. A request's
   * headers must have arrived `headersTimeoutMs` after its first byte. Node looks for late
   * ones only every `connectionsCheckingInterval` (30 s by default, so a 30 s limit cut
   * slow headers at 30–60 s, 51 s in issue 46's probe): it looks every second here, or
   * every fifth of a shorter limit.
   */
  serverFactory({
    headersTimeoutMs = HEADERS_TIMEOUT_MS,
  }: { headersTimeoutMs?: number } = {}): NonNullable<FastifyServerOptions["serverFactory"]> {
    return (handler, options) => {
      const server = http.createServer(
        {
          ServerResponse: DoorResponse,
          headersTimeout: headersTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeoutMs / 5)),
        },
        (request, response) => {
          if (!this.#handle(request, response)) handler(request, response);
        },
      );
      // What Fastify sets on a server it makes itself.
      server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(options.requestTimeout ?? 0);
      server.setTimeout(Number(options.connectionTimeout ?? 0));
      return server;
    };
  }
}
