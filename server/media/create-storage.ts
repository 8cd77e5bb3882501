import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import type { Config } from "../config.ts";
import type { Readiness } from "../lib/readiness.ts";
import { createS3Storage, isS3Storage } from "./s3-storage.ts";
import { createLocalStorage, type Storage } from "./storage.ts";

/**
 * The media storage the settings ask for: the bucket of S3_BUCKET when it is set, else the
 * folder DATA_DIR/media. With S3, uploads on their way in wait in DATA_DIR/incoming, and
 * the bucket's failures are logged to `log` (the scripts, which report them themselves,
 * give none).
 */
export function createStorage(
  config: Config,
  log: FastifyBaseLogger = pino({ enabled: false }),
): Storage {
  if (!config.s3) return createLocalStorage(config.mediaDir);
  return createS3Storage(config.s3, { tempDir: path.join(config.dataDir, "incoming"), log });
}

/**
 * Adds the storage to what /api/ready checks when it is a bucket (a local folder is part of
 * the instance itself). Called by registerMediaRoutes, once the services exist.
 */
export function addStorageReadiness(readiness: Readiness, storage: Storage): void {
  if (isS3Storage(storage)) readiness.add("storage", () => storage.ping());
}
