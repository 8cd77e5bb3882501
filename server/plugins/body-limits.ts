import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, PayloadTooLarge } from "../errors.ts";

/** The largest body of a page form post (the no-JavaScript forms) and of a JSON call. */
export const FORM_BODY_LIMIT = 100 * 1024;

/** Also what Fastify's own 413 (a JSON body over its limit) says: see error-handler.ts. */
export const BODY_TOO_LARGE = "The request body is too large.";

export const bodyTooLarge = () => new PayloadTooLarge(BODY_TOO_LARGE);

/** What a request whose body is compressed (a Content-Encoding) is answered. */
export const ENCODED_BODY_REFUSED =
  "The request must not be compressed: send it again without a Content-Encoding.";

/**
 * Every body is read as it was sent, never inflated (issue 46): a request that names a
 * Content-Encoding other than `identity` is refused with 415 before any of it is read, and
 * the answer says which encoding the server takes (`Accept-Encoding: identity`, RFC 7694).
 * The limits below then count the bytes an action, a parser or an upload really gets: 168
 * bytes of Brotli to a page form had inflated to 100 MB behind the 100 KB limit. No browser
 * compresses what it sends (forms, uploads, beacons), so nothing of the site's own is lost.
 * Registered before anything that reads a body; the compression plugin's own request
 * decompression is off (app.ts).
 */
export function refuseEncodedBodies(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const encoding = request.headers["content-encoding"];
    if (encoding === undefined || /^\s*(identity)?\s*$/i.test(encoding)) return;
    throw new AppError(415, ENCODED_BODY_REFUSED, { "accept-encoding": "identity" });
  });
}

/** The declared body size, or undefined when the body is chunked (or absent). */
function declaredLength(request: FastifyRequest | IncomingMessage): number | undefined {
  const header = request.headers["content-length"];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

/** True when the request says it carries a body: chunked, or a Content-Length above 0. */
export function hasBody(request: FastifyRequest | IncomingMessage): boolean {
  return request.headers["transfer-encoding"] !== undefined || (declaredLength(request) ?? 0) > 0;
}

/** Refuses a body whose Content-Length is over `max`, before a byte of it is read. */
export function refuseDeclaredOver(request: FastifyRequest, max: number, error = bodyTooLarge) {
  const length = declaredLength(request);
  if (length !== undefined && length > max) throw error();
}

/**
 * Reads a whole body of at most `max` bytes. Past `max` it stops reading at once and
 * rejects with a 413: the rest of a chunked body is never read (the 413 closes the
 * connection), so memory stays bounded whatever the client sends.
 */
export function readBody(payload: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (payload.readableEnded) {
      resolve(Buffer.alloc(0));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      payload.off("data", onData);
      payload.off("end", onEnd);
      payload.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > max) {
        cleanup();
        payload.pause();
        reject(bodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
  });
}

/**
 * After an answer given before the body has fully arrived, the connection closes. Closing
 * at once while the client is still sending makes the kernel reset the connection, and a
 * reset can destroy the answer before the client reads it. So, as web servers do, the
 * server first ends its side, then reads and drops what is still coming for a moment, and
 * only then lets go: at most LINGER.ms and LINGER.bytes, whichever comes first.
 */
const LINGER = { ms: 2_000, bytes: 8 * 1024 * 1024 };

const lingering = new WeakSet<Socket>();

/** Ends a connection after its answer, lingering briefly (LINGER) to drop what still comes. */
function lingeringClose(socket: Socket): void {
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  let dropped = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER.ms);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) socket.destroy();
  });
  socket.end();
}

/**
 * An answer sent before its request body has fully arrived (a 401, 405, 413, 415 or 429
 * refused it unread) is the last on its connection: Node then closes the connection after
 * the answer, lingering (see LINGER), instead of reading, and throwing away, the rest of
 * the body to keep the connection, however large it is.
 */
export function closeAfterEarlyAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (request.raw.complete !== false) return;
    reply.header("connection", "close");
    const socket = request.raw.socket as Socket & { destroySoon?: () => void };
    // Node ends a "Connection: close" answer with socket.destroySoon(): linger instead.
    socket.destroySoon = () => lingeringClose(socket);
  });
}

/** A request's headers must have arrived this long after its first byte (README: 30 s). */
export const HEADERS_TIMEOUT_MS = 30_000;

/**
 * How slowly a request body may arrive. A real phone on a poor 2G link still sends several
 * kilobytes a second; a client that trickles bytes to hold a connection open does not.
 */
export interface BodyTimeouts {
  idleMs: number;
  graceMs: number;
  minBytesPerSecond: number;
  checkEveryMs: number;
}

export const BODY_TIMEOUTS: BodyTimeouts = {
  /** No body byte for this long ends the request. */
  idleMs: 30_000,
  /** After this long, the body's average rate since the request began must be at least… */
  graceMs: 20_000,
  /** …this many bytes a second. */
  minBytesPerSecond: 1024,
  /** How often the watchdog looks. */
  checkEveryMs: 1_000,
};

interface Watched {
  reply: FastifyReply;
  startedAt: number;
  startBytes: number;
  lastBytes: number;
  lastProgressAt: number;
}

/**
 * Ends requests whose body arrives too slowly (see BODY_TIMEOUTS) with a 408 and closes
 * their connection. A minimum rate rather than a total time: a 200 MB video on a slow
 * mobile link takes many minutes and passes; one byte every five seconds does not.
 */
export function watchSlowBodies(
  app: FastifyInstance,
  limits: BodyTimeouts = BODY_TIMEOUTS,
  clock: () => number = Date.now,
): void {
  const watched = new Map<FastifyRequest, Watched>();
  let timer: NodeJS.Timeout | undefined;

  const stop = (request: FastifyRequest) => {
    watched.delete(request);
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const timeOut = (request: FastifyRequest, { reply, startBytes }: Watched) => {
    stop(request);
    request.log.info(
      { bytes: request.raw.socket.bytesRead - startBytes },
      "request body too slow: closing the connection",
    );
    if (reply.raw.headersSent) {
      request.raw.socket.destroy();
      return;
    }
    // Whatever still waits for this body must not answer too: the reply is taken over.
    reply.hijack();
    const body = JSON.stringify({ error: "The request body arrived too slowly." });
    reply.raw.writeHead(408, {
      ...(reply.getHeaders() as Record<string, string | number | string[]>),
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      connection: "close",
    });
    reply.raw.end(body, () => lingeringClose(request.raw.socket));
  };

  const check = () => {
    const now = clock();
    for (const [request, entry] of watched) {
      if (request.raw.complete || request.raw.socket.destroyed) {
        stop(request);
        continue;
      }
      const bytes = request.raw.socket.bytesRead;
      if (bytes !== entry.lastBytes) {
        entry.lastBytes = bytes;
        entry.lastProgressAt = now;
      }
      const elapsed = now - entry.startedAt;
      const rate = ((bytes - entry.startBytes) * 1000) / Math.max(1, elapsed);
      if (
        now - entry.lastProgressAt > limits.idleMs ||
        (elapsed > limits.graceMs && rate < limits.minBytesPerSecond)
      ) {
        timeOut(request, entry);
      }
    }
  };

  app.addHook("onRequest", async (request, reply) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw)) return;
    const now = clock();
    const bytes = raw.socket.bytesRead;
    watched.set(request, {
      reply,
      startedAt: now,
      startBytes: bytes,
      lastBytes: bytes,
      lastProgressAt: now,
    });
    raw.once("end", () => stop(request));
    raw.once("close", () => stop(request));
    timer ??= setInterval(check, limits.checkEveryMs);
    timer.unref();
  });
  // Once answered, a request is no longer waited on (what still comes is dropped while
  // its connection closes: see LINGER).
  const done = async (request: FastifyRequest) => stop(request);
  app.addHook("onResponse", done);
  app.addHook("onRequestAbort", done);
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    watched.clear();
  });
}
