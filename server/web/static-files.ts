import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { contentTypeOf } from "../lib/content-types.ts";
import type { BrandPictures } from "./brand-pictures.ts";
import type { FrontDoor } from "./front-door.ts";
import { etagOf, memoryAnswer, prepare, sendPrepared, type MemoryAnswer } from "./memory-answer.ts";

/** Types worth compressing when the build left no .br/.gz beside the file. */
const TEXT = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

function* walk(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const readIfPresent = (file: string) => {
  try {
    return statSync(file).isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Reads the client build (hashed scripts and styles, fonts, `public/` pictures) into memory
 * once, with the .br and .gz files the build writes beside them (compressing small text
 * files that have none), so that answering one costs no filesystem call. Hashed files under
 * /assets/ never change: `immutable` for a year; the others an hour.
 */
export function loadStaticFiles(
  directory: string,
  securityHeaders: Record<string, string>,
): Map<string, MemoryAnswer> {
  const files = new Map<string, MemoryAnswer>();
  for (const file of walk(directory)) {
    if (/\.(br|gz)$/.test(file) || path.basename(file).startsWith(".")) continue;
    const identity = readFileSync(file);
    const type = contentTypeOf(file);
    const compressible = TEXT.test(type) && identity.length > 1024;
    let br = readIfPresent(`${file}.br`);
    let gzip = readIfPresent(`${file}.gz`);
    if (compressible && !br) {
      br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    }
    if (compressible && !gzip) gzip = gzipSync(identity, { level: 9 });
    const url = `/${path.relative(directory, file).split(path.sep).join("/")}`;
    const etag = `"${etagOf(identity)}"`;
    files.set(
      url,
      memoryAnswer(
        {
          ...securityHeaders,
          "content-type": type,
          "cache-control": url.startsWith("/assets/")
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        },
        etag,
        { identity, br, gzip },
      ),
    );
  }
  return files;
}

/**
 * Answers GET and HEAD of the client build's files from memory: at the front door for
 * HTTP requests, in a first hook for the others (`inject`). Other addresses go on to the
 * pages. The built-in pictures that follow the identity (`pictures`, web/brand-pictures.ts)
 * are answered at the door when their answer is ready, else in the hook once it is made.
 */
export function registerStaticFiles(
  app: FastifyInstance,
  door: FrontDoor,
  directory: string,
  securityHeaders: Record<string, string>,
  pictures?: BrandPictures,
): void {
  const files = loadStaticFiles(directory, securityHeaders);
  const following = new Set(
    pictures
      ? [...files]
          .filter(([url, file]) => pictures.follows(url, file.body.identity))
          .map(([url]) => url)
      : [],
  );
  const find = (method: string | undefined, url: string | undefined) => {
    if ((method !== "GET" && method !== "HEAD") || !url) return undefined;
    const mark = url.indexOf("?");
    const path = mark === -1 ? url : url.slice(0, mark);
    const file = files.get(path);
    return file && { file, path, query: mark === -1 ? "" : url.slice(mark + 1) };
  };
  door.add((request, response) => {
    const found = find(request.method, request.url);
    if (!found) return false;
    const answer = following.has(found.path)
      ? pictures!.answerNow(found.path, found.query, found.file)
      : found.file;
    // Not ready: the hook below waits for it.
    if (!answer) return false;
    return door.write(request, response, prepare(answer, request.headers));
  });
  app.addHook("onRequest", async (request, reply) => {
    const found = find(request.method, request.url);
    if (!found) return;
    const answer = following.has(found.path)
      ? await pictures!.answer(found.path, found.query, found.file)
      : found.file;
    return sendPrepared(reply, prepare(answer, request.headers));
  });
}
