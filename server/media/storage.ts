import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PRIVATE_DIR, PRIVATE_FILE } from "../lib/private-files.ts";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded media lives. Keys look like "blogs/<uuid>-800.webp": a folder and a
 * server-generated file name, never a name a client chose. The local driver keeps
 * them under MEDIA_DIR and the server publishes them at /media/<key>; the S3 driver
 * (s3-storage.ts) keeps them in a bucket.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Streams into a temporary file; answers its path and size. Nothing is held in memory. */
  receive(stream: Readable): Promise<{ tempPath: string; bytes: number }>;
  /** Moves a received temporary file to its key. */
  commit(tempPath: string, key: string): Promise<void>;
  discard(tempPath: string): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes of `key`, streamed; rejects when there is no such key. */
  read(key: string): Promise<Readable>;
  /** Every stored key (temporary uploads left out), in no particular order. */
  list(): AsyncIterable<string>;
  url(key: string): string;
}

/** A storage key: a folder, then a server-generated file name (both drivers refuse others). */
export const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

/**
 * A temporary upload nothing has written to for this long was left by a process that
 * stopped mid-upload (a crash, a power cut): it is removed. A live upload, even a slow
 * one, keeps its file's modification time fresh.
 */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Temporary upload files in `tempDir`, for `receive` and `discard` of both drivers: each
 * upload streams into a file of its own, and stale files are swept now and then.
 */
export function createIncoming(tempDir: string) {
  let lastSweep = 0;
  /** Removes stale temporary uploads, at most once per STALE_UPLOAD_MS. */
  async function sweepIncoming(now = Date.now()) {
    if (now - lastSweep < STALE_UPLOAD_MS) return;
    lastSweep = now;
    for (const name of await readdir(tempDir).catch(() => [] as string[])) {
      const file = path.join(tempDir, name);
      try {
        if (now - (await stat(file)).mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true });
      } catch {
        // Gone already (finished or discarded meanwhile).
      }
    }
  }

  /** Refuses a path that is not one of this folder's temporary uploads. */
  function checkTemp(tempPath: string) {
    if (path.dirname(tempPath) !== tempDir) throw new Error("Not a temporary upload path");
  }

  return {
    tempDir,
    checkTemp,
    async receive(stream: Readable): Promise<{ tempPath: string; bytes: number }> {
      await mkdir(tempDir, { recursive: true, mode: PRIVATE_DIR });
      await sweepIncoming();
      const tempPath = path.join(tempDir, randomUUID());
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(stream, createWriteStream(tempPath, { flags: "wx", mode: PRIVATE_FILE }));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      return { tempPath, bytes };
    },
    async discard(tempPath: string): Promise<void> {
      checkTemp(tempPath);
      await rm(tempPath, { force: true });
    },
  };
}

export function createLocalStorage(mediaDir: string): Storage {
  const root = path.resolve(mediaDir);
  const incoming = createIncoming(path.join(root, ".incoming"));

  function fileFor(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Bad storage key: ${key}`);
    return path.join(root, key);
  }

  return {
    async put(key, data) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      await writeFile(file, data, { mode: PRIVATE_FILE });
    },
    receive: incoming.receive,
    async commit(tempPath, key) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      await rename(tempPath, file);
    },
    discard: incoming.discard,
    async remove(key) {
      await rm(fileFor(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(fileFor(key))).isFile();
      } catch {
        return false;
      }
    },
    async read(key) {
      // Opened first, so a missing key rejects here and not on the stream's first read.
      const handle = await open(fileFor(key), "r");
      return handle.createReadStream();
    },
    async *list() {
      for (const folder of await readdir(root, { withFileTypes: true }).catch(() => [])) {
        if (!folder.isDirectory() || folder.name.startsWith(".")) continue;
        for (const name of await readdir(path.join(root, folder.name))) {
          const key = `${folder.name}/${name}`;
          if (KEY_PATTERN.test(key)) yield key;
        }
      }
    },
    url: (key) => `/media/${key}`,
  };
}
