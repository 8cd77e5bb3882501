import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChangeFeed } from "../lib/changes.ts";
import { isPlainPath } from "./canonical-path.ts";
import type { FrontDoor } from "./front-door.ts";
import { etagOf, memoryAnswer, prepare, sendPrepared, type MemoryAnswer } from "./memory-answer.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One stored answer: its headers and its body, compressed once in each encoding. */
export interface CachedAnswer extends MemoryAnswer {
  body: { identity: Buffer; br: Buffer; gzip: Buffer };
  /** Milliseconds since the epoch when it was rendered. */
  storedAt: number;
  bytes: number;
}

export interface RenderCacheOptions {
  /** Bytes of bodies kept at most (all encodings counted); least recently used go first. */
  maxBytes?: number;
  /** Answers kept at most. */
  maxEntries?: number;
  /**
   * How long an answer is kept at most even when nothing is written, in milliseconds: a
   * safety net for what no write announces (the footer's year).
   */
  maxAgeMs?: number;
  /** Seconds a shared cache (CDN) may keep an answer (`s-maxage`). */
  sharedMaxAge?: number;
  now?: () => number;
}

/**
 * The public API answers a visitor's page reads: the only /api paths the cache keeps.
 * `/api/blogs/{id}` answers one public post.
 */
const PUBLIC_API = /^\/api\/(?:blogs(?:\/[^/]+)?|prices|video)$/;
/**
 * Never cached: the back office, previews, a subscriber's link pages, uploaded media (and their
 * JPEG versions) and the logo's icons (served as files, with their own caching), the API docs.
 */
const PRIVATE =
  /^\/(?:admin(?:\/|\.data|$)|blog\/preview\/|newsletter\/(?:confirm|unsubscribe)\/|media(?:-jpeg)?\/|icons\/|api\/)/;
/** Longer addresses are rendered every time rather than stored. */
const MAX_KEY_LENGTH = 1024;

/**
 * The cache key of a request when its answer may be shared by every visitor: an anonymous
 * GET or HEAD of a public page, of a page's client-navigation data (`/blog.data`) or of a
 * public API list. Only a plain, canonical path is keyed (`isPlainPath`: any other spelling
 * is redirected to it first, web/canonical-path.ts), so the private-path rules below read
 * the path as routing does. The query is normalised by parameter name only (a stable sort),
 * so `?b=1&a=2` and `?a=2&b=1` share an answer while the values of a repeated parameter
 * keep their order: `?p=1&p=2` and `?p=2&p=1` are two answers, as a page reading the first
 * (or all) of them sees them. Anything personal is never keyed: a request with an
 * `Authorization` header, the back office, preview links. Nor is a GET with a body.
 */
export function cacheKey(request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}): string | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const { headers } = request;
  if (headers.authorization !== undefined) return undefined;
  // A GET that carries a body (or says how one is encoded) is left to Fastify's checks.
  if (
    headers["content-encoding"] !== undefined ||
    headers["transfer-encoding"] !== undefined ||
    (headers["content-length"] !== undefined && headers["content-length"] !== "0")
  ) {
    return undefined;
  }
  const url = request.url;
  if (!url || url.length > MAX_KEY_LENGTH) return undefined;
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  if (!isPlainPath(path) || (PRIVATE.test(path) && !PUBLIC_API.test(path))) return undefined;
  if (mark === -1 || mark === url.length - 1) return path;
  // Array.prototype.sort is stable: equal names keep their order.
  const params = [...new URLSearchParams(url.slice(mark + 1))].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** A `type` that makes a `<script>` a block of data (JSON-LD), which a browser never runs. */
const DATA_BLOCK_TYPE =
  /\btype\s*=\s*["']?(?!module\b|importmap\b|text\/javascript\b)[a-z]+\/[^"'\s>]+/i;

/**
 * sha256 hashes of a page's inline scripts, as CSP sources (`'sha256-…'`). Data blocks
 * (`application/ld+json`) are left out: CSP does not govern what is never run, and each
 * hash costs the home page 54 bytes of its first round trip (tests/api/page-weight).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes)) continue;
    if (content.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The CSP of a stored page: the policy it was rendered with, whose script source for this
 * one response (a nonce, empty for a render meant for the cache) is replaced by the hashes
 * of the page's own inline scripts. A stored page therefore allows exactly the inline
 * scripts it holds, for every visitor it is sent to (docs/decisions/0014).
 */
export function cspForStoredPage(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html).join(" ");
  return policy
    .replace(/\s*'nonce-[^']*'/g, hashes ? ` ${hashes}` : "")
    .replace(/\s+;/g, ";")
    .trim();
}

/** Answers kept in memory, keyed by cacheKey(), dropped all at once by any write. */
export class RenderCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #inflight = new Map<string, Promise<CachedAnswer | undefined>>();
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly sharedMaxAge: number;
  #bytes = 0;
  #generation = 0;
  hits = 0;
  misses = 0;

  constructor(options: RenderCacheOptions = {}) {
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#maxEntries = options.maxEntries ?? 2000;
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.#now = options.now ?? Date.now;
    this.sharedMaxAge = options.sharedMaxAge ?? 60;
  }

  /** Bumped by every clear(): a render that began before a write is not stored after it. */
  get generation(): number {
    return this.#generation;
  }

  /** The largest body kept (with its compressions it must fit a quarter of the cache). */
  get maxBodyBytes(): number {
    return Math.floor(this.#maxBytes / 4);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /**
   * The stored answer of `key` while it is fresh. An expired one stays until it is
   * rendered again, replaced, or dropped by a write or for room: `stale()` answers it when
   * that render fails (the database is away, issue 28).
   */
  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry || this.#now() - entry.storedAt > this.#maxAgeMs) return undefined;
    return entry;
  }

  /** The stored answer of `key`, however old: what no write has changed since. */
  stale(key: string): CachedAnswer | undefined {
    return this.#entries.get(key);
  }

  /** Stores an answer rendered during `generation`; refused when a write came since. */
  set(key: string, entry: CachedAnswer, generation: number): boolean {
    if (generation !== this.#generation || entry.bytes > this.#maxBytes / 4) return false;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    // Map order is insertion order: the oldest stored go first.
    for (const [oldKey, oldEntry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= this.#maxEntries) break;
      this.#remove(oldKey, oldEntry);
    }
    return true;
  }

  /** Drops every answer (a write changed what pages show). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /**
   * The render of `key` already under way, if any; else undefined, and the caller leads:
   * it renders, and `finish` settles what the others wait for.
   */
  follow(key: string): Promise<CachedAnswer | undefined> | undefined {
    return this.#inflight.get(key);
  }

  lead(key: string): (entry: CachedAnswer | undefined) => void {
    let settle!: (entry: CachedAnswer | undefined) => void;
    const promise = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    this.#inflight.set(key, promise);
    let done = false;
    return (entry) => {
      if (done) return;
      done = true;
      if (this.#inflight.get(key) === promise) this.#inflight.delete(key);
      settle(entry);
    };
  }

  /** Compresses a stored answer again at Brotli's best, in the background. */
  upgradeBrotli(key: string, entry: CachedAnswer, log: FastifyBaseLogger): void {
    brotliAt(entry.body.identity, 11).then(
      (best) => {
        if (best.length >= entry.body.br.length) return;
        const saved = entry.body.br.length - best.length;
        entry.body.br = best;
        entry.variants.br = memoryAnswer(entry.headers, entry.etag, entry.body).variants.br;
        entry.bytes -= saved;
        if (this.#entries.get(key) === entry) this.#bytes -= saved;
      },
      (error: unknown) => log.warn({ err: error }, "render cache: brotli failed"),
    );
  }

  #remove(key: string, entry: CachedAnswer): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Headers of a rendered answer that describe this one transfer, not the content. */
const TRANSFER_HEADERS = new Set([
  // Each answer names its own request (plugins/request-id.ts).
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "etag",
  "last-modified",
  "cache-control",
]);

type CacheResponse = ServerResponse & { renderForCache?: boolean };

interface Leader {
  key: string;
  generation: number;
  finish: (entry: CachedAnswer | undefined) => void;
}

declare module "fastify" {
  interface FastifyRequest {
    renderCacheLeader?: Leader;
  }
}

/** Whether this answer is being rendered to be stored (its CSP takes hashes, no nonce). */
export const isRenderForCache = (response: ServerResponse) =>
  (response as CacheResponse).renderForCache === true;

/**
 * The most of a streamed answer (a whole list read from the database) held to be stored: a
 * short list (a blog of a few hundred posts) is stored as any answer, a longer one passes
 * through after this many bytes. Reading up to a quarter of the cache first made the list of
 * 10,000 posts grow the server by 57 MB (npm run bench:data), for an answer never stored.
 */
export const MAX_STREAM_STORED = 2 * 1024 * 1024;

/**
 * The whole body of an answer, to store; a stream longer than `limit` bytes (too large to
 * store: the list of every post, streamed from the database) comes back as a stream of the
 * bytes read so far and the rest, so memory never holds it whole.
 */
async function bodyOf(payload: unknown, limit: number): Promise<Buffer | Readable | undefined> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === "string") return Buffer.from(payload);
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const reader = payload[Symbol.asyncIterator]() as AsyncIterator<Uint8Array | string>;
    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      const chunk = Buffer.from(next.value);
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes > limit) {
        return Readable.from(
          (async function* () {
            yield* chunks.splice(0);
            for (let rest = await reader.next(); !rest.done; rest = await reader.next()) {
              yield Buffer.from(rest.value);
            }
          })(),
        );
      }
    }
    return Buffer.concat(chunks);
  }
  return undefined;
}

const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** Stores a rendered answer: its ETag, its CSP with hashes, and both compressions. */
async function storedAnswer(
  reply: FastifyReply,
  body: Buffer,
  cache: RenderCache,
  now: () => number,
): Promise<CachedAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  const type = headers["content-type"] ?? "";
  const policy = headers["content-security-policy"];
  if (policy) {
    // A page gets the hashes of its inline scripts; a JSON answer has none, and loses the
    // empty nonce all the same ('nonce-' alone is no source).
    headers["content-security-policy"] = cspForStoredPage(
      policy,
      type.startsWith("text/html") ? body.toString("utf8") : "",
    );
  }
  const etag = `W/"${etagOf(body)}"`;
  // Browsers ask again each time (a 304 when nothing changed); a CDN may keep it a while.
  headers["cache-control"] =
    `public, max-age=0, must-revalidate, s-maxage=${cache.sharedMaxAge}, stale-while-revalidate=60`;
  // Brotli's best quality takes ~100 ms for a 100 KB page: the first answer goes out with a
  // quick one, and the best replaces it once ready (upgradeBrotli).
  const [br, gz] = await Promise.all([brotliAt(body, 5), gzipAsync(body, { level: 9 })]);
  const bodies = { identity: body, br, gzip: gz };
  return {
    ...memoryAnswer(headers, etag, bodies),
    body: bodies,
    storedAt: now(),
    bytes: body.length + br.length + gz.length,
  };
}

export interface RegisterRenderCacheOptions {
  cache: RenderCache;
  /** Where HTTP requests for stored answers are answered before Fastify. */
  door?: FrontDoor;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  /** Called after every invalidation (a CDN purge). */
  onInvalidate?: () => void;
  /**
   * Whether what is rendered now may be stored: false while the database is away, when a
   * page may show a fallback ("could not load the posts") that must not outlive the outage.
   */
  canStore?: () => boolean;
  now?: () => number;
}

/**
 * Serves anonymous public GETs from the render cache before any other hook runs, and stores
 * what the pages and public API lists answer. Must be registered before the security
 * headers (which read `renderForCache`) and before compression (which must see the stored
 * answers already encoded). Any change on the feed empties it (docs/decisions/0014).
 */
export function registerRenderCache(app: FastifyInstance, options: RegisterRenderCacheOptions) {
  const { cache, changes, log } = options;
  const now = options.now ?? Date.now;
  changes.subscribe((_topic, origin) => {
    cache.clear();
    // The CDN is told once per write, by the instance that made it, not by every instance
    // that hears of it.
    if (!origin.remote) options.onInvalidate?.();
  });

  options.door?.add((request, response) => {
    const key = cacheKey(request);
    const entry = key === undefined ? undefined : cache.get(key);
    if (!entry) return false;
    cache.hits++;
    return options.door!.write(request, response, prepare(entry, request.headers));
  });

  app.addHook("onRequest", async (request, reply) => {
    const key = cacheKey(request);
    if (key === undefined) return;
    let entry = cache.get(key);
    if (!entry) {
      const pending = cache.follow(key);
      if (pending) entry = await pending;
    }
    if (entry) {
      cache.hits++;
      return sendPrepared(reply, prepare(entry, request.headers));
    }
    cache.misses++;
    // A HEAD is answered without a body: nothing to store.
    if (request.method !== "GET") return;
    (reply.raw as CacheResponse).renderForCache = true;
    request.renderCacheLeader = { key, generation: cache.generation, finish: cache.lead(key) };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const leader = request.renderCacheLeader;
    if (!leader) return payload;
    request.renderCacheLeader = undefined;
    const storable =
      reply.statusCode === 200 &&
      (options.canStore?.() ?? true) &&
      reply.getHeader("set-cookie") === undefined &&
      !/no-store|private/i.test(String(reply.getHeader("cache-control") ?? "")) &&
      reply.getHeader("content-encoding") === undefined;
    if (reply.statusCode >= 500) {
      // The render failed (the database is away): the last answer no write has changed
      // since, rather than an error page ("stale-if-error").
      const stale = cache.stale(leader.key);
      leader.finish(undefined);
      if (stale && leader.generation === cache.generation) {
        cache.hits++;
        const answer = prepare(stale, request.headers);
        reply.removeHeader("retry-after");
        reply.code(answer.status).headers(answer.headers);
        return answer.body ?? null;
      }
      return payload;
    }
    try {
      const body = await bodyOf(
        payload,
        payload instanceof Readable
          ? Math.min(cache.maxBodyBytes, MAX_STREAM_STORED)
          : cache.maxBodyBytes,
      );
      if (!body || body instanceof Readable) {
        leader.finish(undefined);
        return body ?? payload;
      }
      if (!storable) {
        // Rendered without a nonce all the same (a "not found" page): its own hashes.
        leader.finish(undefined);
        const policy = reply.getHeader("content-security-policy");
        if (typeof policy === "string") {
          reply.header("content-security-policy", cspForStoredPage(policy, body.toString()));
        }
        return body;
      }
      const entry = await storedAnswer(reply, body, cache, now);
      if (cache.set(leader.key, entry, leader.generation))
        cache.upgradeBrotli(leader.key, entry, log);
      leader.finish(entry);
      const answer = prepare(entry, request.headers);
      reply.code(answer.status).headers(answer.headers);
      return answer.body ?? null;
    } catch (error) {
      leader.finish(undefined);
      log.error({ err: error }, "render cache: storing an answer failed");
      throw error;
    }
  });

  // A leader whose answer never reached onSend (an error, a client gone) frees its followers.
  const release = async (request: FastifyRequest) => {
    request.renderCacheLeader?.finish(undefined);
    request.renderCacheLeader = undefined;
  };
  app.addHook("onResponse", release);
  app.addHook("onRequestAbort", release);
}
