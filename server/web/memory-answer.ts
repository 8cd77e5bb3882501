import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply } from "fastify";
import { joinHeaders, type Prepared } from "./front-door.ts";

export type Encoding = "identity" | "br" | "gzip";

/**
 * An answer kept in memory: the same bytes for everyone, in each encoding it was compressed
 * to, with the headers of each variant made once.
 */
export interface MemoryAnswer {
  /** The headers every variant shares (without the transfer's own). */
  headers: Record<string, string>;
  etag: string;
  body: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  /** Headers and body per encoding; `notModified` for a matching If-None-Match. */
  variants: Partial<Record<Encoding, Prepared>>;
  notModified: Prepared;
}

/** The encoding to send for an Accept-Encoding header: br, else gzip, else none. */
export function chooseEncoding(accept: string | string[] | undefined): Encoding {
  if (!accept) return "identity";
  const header = Array.isArray(accept) ? accept.join(",") : accept;
  let gzipOk = false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzipOk = true;
  }
  return gzipOk ? "gzip" : "identity";
}

/** chooseEncoding's answers for the few Accept-Encoding values browsers send. */
const chosen = new Map<string, Encoding>();

/** chooseEncoding, remembered per header value (at most 100 values of at most 200 characters). */
function encodingFor(accept: string | string[] | undefined): Encoding {
  if (typeof accept !== "string" || accept.length > 200) return chooseEncoding(accept);
  let encoding = chosen.get(accept);
  if (encoding === undefined) {
    encoding = chooseEncoding(accept);
    if (chosen.size >= 100) chosen.clear();
    chosen.set(accept, encoding);
  }
  return encoding;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/**
 * The largest body also kept as a string (see Prepared.text): with the headers, it still fits
 * the 16 KB Node writes at once without copying; past that the copy costs more than it saves
 * (60 KB: 88–98 µs an answer as a Buffer, 110–114 as a string).
 */
const TEXT_BODY_MAX = 15 * 1024;

/** A prepared answer, with a small body also as a string. */
function prepared(status: number, headers: Prepared["headers"], body?: Buffer): Prepared {
  const text = body && body.length <= TEXT_BODY_MAX ? body.toString("latin1") : undefined;
  return { status, headers, body, text, ...joinHeaders(headers) };
}

/** Builds the variants of an answer from its headers (with `etag`) and its bodies. */
export function memoryAnswer(
  headers: Record<string, string>,
  etag: string,
  body: MemoryAnswer["body"],
): MemoryAnswer {
  const compressed = body.br !== undefined || body.gzip !== undefined;
  const base: Record<string, string> = {
    ...headers,
    etag,
    ...(compressed ? { vary: "accept-encoding" } : {}),
  };
  const variant = (encoding: Encoding, bytes: Buffer): Prepared =>
    prepared(
      200,
      {
        ...base,
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        "content-length": bytes.length,
      },
      bytes,
    );
  const variants: MemoryAnswer["variants"] = { identity: variant("identity", body.identity) };
  if (body.br) variants.br = variant("br", body.br);
  if (body.gzip) variants.gzip = variant("gzip", body.gzip);
  const kept: Prepared["headers"] = {};
  for (const name of ["etag", "cache-control", "vary", "content-security-policy"]) {
    if (base[name] !== undefined) kept[name] = base[name];
  }
  return { headers, etag, body, variants, notModified: prepared(304, kept) };
}

/** The opaque part of a body's ETag (quote it, with `W/` for a weak one). */
export const etagOf = (body: Buffer) =>
  createHash("sha256").update(body).digest("base64url").slice(0, 27);

/** The variant of an answer for a request's Accept-Encoding and If-None-Match. */
export function prepare(answer: MemoryAnswer, headers: IncomingHttpHeaders): Prepared {
  if (etagMatches(headers["if-none-match"], answer.etag)) return answer.notModified;
  const wanted = encodingFor(headers["accept-encoding"]);
  return (
    answer.variants[wanted] ??
    (wanted === "br" ? answer.variants.gzip : undefined) ??
    answer.variants.identity!
  );
}

/** Sends a prepared answer through Fastify (requests that did not come through the door). */
export function sendPrepared(reply: FastifyReply, prepared: Prepared): FastifyReply {
  reply.code(prepared.status).headers(prepared.headers);
  return reply.send(prepared.body);
}
