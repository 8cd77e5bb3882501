import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { makePrivateDir } from "../lib/private-files.ts";
import { registerJpegMedia } from "./jpeg-images.ts";
import { addStorageReadiness } from "./create-storage.ts";
import { isS3Storage, type MediaRequest, type S3Storage } from "./s3-storage.ts";

/**
 * `/media/*`: uploaded media. Server-generated names never change, so they are cached for
 * good. From the folder DATA_DIR/media, or streamed from the bucket when the media live in
 * S3 (the services' storage says which).
 */
export async function registerMediaRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const storage = app.services.storage;
  registerJpegMedia(app, storage);
  if (isS3Storage(storage)) {
    addStorageReadiness(app.services.readiness, storage);
    app.addHook("onClose", async () => storage.close());
    registerBucketMedia(app, storage);
    return;
  }
  // DATA_DIR and its media are the service's alone (lib/private-files.ts).
  makePrivateDir(config.dataDir);
  makePrivateDir(config.mediaDir);
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    immutable: true,
    maxAge: "365d",
    allowedPath: (pathName) => !pathName.startsWith("/.incoming"),
    schemaHide: true,
  });
}

/** One byte range: "bytes=0-99", "bytes=100-" or the last bytes "bytes=-100". */
const SINGLE_RANGE = /^bytes=(?:\d{1,15}-\d{0,15}|-\d{1,15})$/;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** What of a request's headers the bucket is asked to honour. */
function mediaRequest(request: FastifyRequest): MediaRequest {
  const range = header(request, "range");
  const ifNoneMatch = header(request, "if-none-match");
  return {
    head: request.method === "HEAD",
    // A range the bucket may not read the same way (several ranges, or one that depends on
    // an If-Range) is ignored: the whole file, a 200, is always a correct answer to it.
    range:
      range && SINGLE_RANGE.test(range.replace(/\s+/g, "")) && !header(request, "if-range")
        ? range.replace(/\s+/g, "")
        : undefined,
    ifNoneMatch,
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
    ifModifiedSince: ifNoneMatch ? undefined : header(request, "if-modified-since"),
  };
}

/** GET and HEAD /media/<key> streamed from the bucket, ranges and revalidation included. */
function registerBucketMedia(app: FastifyInstance, storage: S3Storage) {
  app.route({
    method: ["GET", "HEAD"],
    url: "/media/*",
    schema: { hide: true },
    // Images and videos are compressed already, and a compressed range is no range.
    compress: false,
    async handler(request, reply) {
      const key = (request.params as { "*"?: string })["*"] ?? "";
      const answer = await storage.serve(key, mediaRequest(request));
      if (answer.status === 404) return reply.code(404).send({ error: "Not found." });
      reply.code(answer.status).headers(answer.headers);
      if (answer.status === 416) {
        return reply.send({ error: "The requested range is outside the file." });
      }
      return reply.send(answer.body);
    },
  });
}
