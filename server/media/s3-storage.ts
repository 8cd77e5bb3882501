import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { FastifyBaseLogger } from "fastify";
import type { S3Config } from "../config.ts";
import { contentTypeOf } from "../lib/content-types.ts";
import { AppError, ServiceUnavailable } from "../errors.ts";
import { createIncoming, KEY_PATTERN, type Storage } from "./storage.ts";

/** Every stored name is server-made and never reused: caches may keep a file for good. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** What GET or HEAD /media/<key> answers, read from the bucket. */
export interface MediaAnswer {
  status: 200 | 206 | 304 | 404 | 416;
  headers: Record<string, string>;
  /** The object's bytes (or the asked range): only for a 200 or 206 to a GET. */
  body?: Readable;
}

export interface MediaRequest {
  /** HEAD: the headers only, no bytes are fetched. */
  head: boolean;
  /** One checked range ("bytes=0-99", "bytes=100-", "bytes=-100"), passed to the bucket. */
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

export interface S3Storage extends Storage {
  readonly driver: "s3";
  /** Resolves when the bucket answers (HeadBucket): the readiness check. */
  ping(): Promise<void>;
  /** The object of `key` as an HTTP answer; 404 for a malformed or missing key. */
  serve(key: string, request: MediaRequest): Promise<MediaAnswer>;
  /** Closes the client's pooled connections. */
  close(): void;
}

export const isS3Storage = (storage: Storage): storage is S3Storage =>
  (storage as Partial<S3Storage>).driver === "s3";

export interface S3StorageOptions {
  /** A local folder for uploads on their way in (videos are checked there first). */
  tempDir: string;
  log: FastifyBaseLogger;
  /**
   * Bytes per part of a multipart upload (at least 5 MB, S3's smallest part). A file up to
   * one part goes up in a single PutObject.
   */
  partSize?: number;
  /** Parts uploaded at once: at most partSize × queueSize bytes are held in memory. */
  queueSize?: number;
  /** Keys per ListObjectsV2 page (S3's largest and default: 1000). */
  listPageSize?: number;
}

const UNAVAILABLE = "The media storage cannot be reached right now. Try again in a minute.";

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * Media in an S3-compatible bucket (AWS, MinIO, R2, Spaces…), under the same keys as the
 * local driver. Uploads still arrive in a local temporary file (callers check a video's
 * bytes there before they commit it); commit streams that file to the bucket.
 */
export function createS3Storage(s3: S3Config, options: S3StorageOptions): S3Storage {
  const { bucket } = s3;
  const partSize = options.partSize ?? 8 * 1024 * 1024;
  const queueSize = options.queueSize ?? 2;
  const { log } = options;
  // Many media answers stream at once (videos are long): room for more sockets than the
  // SDK's default 50.
  const agent = { keepAlive: true, maxSockets: 256 };
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible servers refuse the
    // SDK's newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      // An unreachable storage fails an upload (and the readiness check) quickly; a storage
      // that stops answering mid-transfer does not hold a request for ever.
      connectionTimeout: 5_000,
      socketTimeout: 120_000,
      httpAgent: agent,
      httpsAgent: agent,
    },
  });
  const incoming = createIncoming(options.tempDir);

  function checkKey(key: string) {
    if (!KEY_PATTERN.test(key)) throw new Error(`Bad storage key: ${key}`);
  }

  /**
   * A failure of the storage itself (unreachable, refusing our credentials, erroring) is a
   * 503 for the client, with the reason in the log; our own errors pass unchanged.
   */
  function unavailable(error: unknown, action: string, key?: string): Error {
    if (error instanceof AppError) return error;
    log.error({ err: error, bucket, key }, `media storage: could not ${action}`);
    return new ServiceUnavailable(UNAVAILABLE, 30);
  }

  const objectParams = (key: string) => ({
    Bucket: bucket,
    Key: key,
    ContentType: contentTypeOf(key),
    CacheControl: MEDIA_CACHE_CONTROL,
  });

  function objectHeaders(
    object: {
      ContentType?: string;
      ContentLength?: number;
      ETag?: string;
      LastModified?: Date;
      ContentRange?: string;
    },
    key: string,
  ): Record<string, string> {
    return {
      "content-type": object.ContentType || contentTypeOf(key),
      "cache-control": MEDIA_CACHE_CONTROL,
      "accept-ranges": "bytes",
      ...(object.ContentLength !== undefined
        ? { "content-length": String(object.ContentLength) }
        : {}),
      ...(object.ETag ? { etag: object.ETag } : {}),
      ...(object.LastModified ? { "last-modified": object.LastModified.toUTCString() } : {}),
      ...(object.ContentRange ? { "content-range": object.ContentRange } : {}),
    };
  }

  return {
    driver: "s3",

    async put(key, data) {
      checkKey(key);
      try {
        await client.send(new PutObjectCommand({ ...objectParams(key), Body: data }));
      } catch (error) {
        throw unavailable(error, "store a file", key);
      }
    },

    receive: incoming.receive,

    async commit(tempPath, key) {
      checkKey(key);
      incoming.checkTemp(tempPath);
      try {
        // Read as a stream and sent in parts: at most partSize × queueSize bytes in memory,
        // whatever the file's size.
        const upload = new Upload({
          client,
          params: { ...objectParams(key), Body: createReadStream(tempPath) },
          partSize,
          queueSize,
          leavePartsOnError: false,
        });
        await upload.done();
      } catch (error) {
        throw unavailable(error, "upload a file", key);
      } finally {
        // Whether or not it reached the bucket the upload is over: no caller retries a
        // commit, so a failed one must not leave its file (up to MAX_VIDEO_SIZE) behind.
        await rm(tempPath, { force: true });
      }
    },

    discard: incoming.discard,

    async remove(key) {
      checkKey(key);
      try {
        // S3 answers a delete of a missing key with success, like rm --force.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, "remove a file", key);
      }
    },

    async exists(key) {
      if (!KEY_PATTERN.test(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        // Unknown is not "missing": a picture must not be refused as foreign, nor
        // treated as gone, because the storage did not answer.
        throw unavailable(error, "look up a file", key);
      }
    },

    async read(key) {
      checkKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (statusOf(error) === 404) throw new Error(`No stored file: ${key}`);
        throw unavailable(error, "read a file", key);
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              ContinuationToken: token,
              MaxKeys: options.listPageSize,
            }),
          );
        } catch (error) {
          throw unavailable(error, "list the files");
        }
        for (const object of page.Contents ?? []) {
          // Anything else in a shared bucket is not ours.
          if (object.Key && KEY_PATTERN.test(object.Key)) yield object.Key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    // S3_PUBLIC_URL (a CDN, or the bucket's public address) serves the files addressed by
    // their key at read time: blog images and videos. Content pictures and video posters
    // are saved in the database as "/media/…" paths (content-pictures.ts), which the site
    // checks for; those keep going through /media/*, which streams them from the bucket.
    url: (key) => (s3.publicUrl ? `${s3.publicUrl}/${key}` : `/media/${key}`),

    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        throw new Error(
          status ? `bucket "${bucket}" answered ${status}` : `bucket "${bucket}": ${String(error)}`,
        );
      }
    },

    async serve(key, request): Promise<MediaAnswer> {
      // S3 keys are at most 1024 bytes: a longer one names nothing.
      if (!KEY_PATTERN.test(key) || key.length > 1024) return { status: 404, headers: {} };
      const params = {
        Bucket: bucket,
        Key: key,
        Range: request.range,
        IfNoneMatch: request.ifNoneMatch,
        IfModifiedSince: request.ifModifiedSince ? new Date(request.ifModifiedSince) : undefined,
      };
      if (params.IfModifiedSince && Number.isNaN(params.IfModifiedSince.getTime())) {
        params.IfModifiedSince = undefined;
      }
      try {
        if (request.head) {
          const object = await client.send(new HeadObjectCommand(params));
          return {
            status: object.ContentRange ? 206 : 200,
            headers: objectHeaders(object, key),
          };
        }
        const object = await client.send(new GetObjectCommand(params));
        return {
          status: object.ContentRange ? 206 : 200,
          headers: objectHeaders(object, key),
          body: object.Body as Readable,
        };
      } catch (error) {
        const status = statusOf(error);
        // 400: a key the bucket refuses to look up (too long for it, say) names no file.
        if (status === 404 || status === 400) return { status: 404, headers: {} };
        if (status === 304) {
          const etag = request.ifNoneMatch;
          return {
            status: 304,
            headers: {
              "cache-control": MEDIA_CACHE_CONTROL,
              ...(etag && etag !== "*" && !etag.includes(",") ? { etag } : {}),
            },
          };
        }
        if (status === 416) {
          // The answer names the object's size, so a player can ask again within it.
          const size = await client
            .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
            .then((object) => object.ContentLength)
            .catch(() => undefined);
          const headers: Record<string, string> = {};
          if (size !== undefined) headers["content-range"] = `bytes */${size}`;
          return { status: 416, headers };
        }
        throw unavailable(error, "read a file", key);
      }
    },

    close() {
      client.destroy();
    },
  };
}
