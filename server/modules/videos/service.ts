import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { fileTypeFromFile } from "file-type";
import type { Kysely } from "kysely";
import type { Video } from "../../../common/schemas/video.ts";
import type { Database, VideosTable } from "../../db/schema.ts";
import { NotFound, UnsupportedMediaType } from "../../errors.ts";
import type { Storage } from "../../media/storage.ts";

/** The video containers the portfolio accepts, recognised from their bytes. */
const VIDEO_FORMATS: Record<string, { ext: string; mime: string }> = {
  "video/mp4": { ext: "mp4", mime: "video/mp4" },
  "video/x-m4v": { ext: "mp4", mime: "video/mp4" },
  "video/quicktime": { ext: "mov", mime: "video/quicktime" },
  "video/webm": { ext: "webm", mime: "video/webm" },
};

const PUBLIC_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface ReceivedVideo {
  tempPath: string;
  bytes: number;
}

export function createVideoService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  log: FastifyBaseLogger;
}) {
  const { db, storage, log } = deps;

  const toVideo = (row: VideosTable): Video => ({
    _id: row.id,
    url: storage.url(row.file_key),
    public_id: row.public_id,
    youtubeURL: row.youtube_url,
    mimeType: row.mime_type,
    size: Number(row.size_bytes),
    date: row.created_at,
  });

  return {
    async list(): Promise<Video[]> {
      const rows = await db
        .selectFrom("videos")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(toVideo);
    },

    /** Streams an upload to a temporary file; nothing is held in memory. */
    receive: (stream: Readable) => storage.receive(stream),

    discard: (received: ReceivedVideo) => storage.discard(received.tempPath),

    /**
     * Keeps a received upload when its bytes are an MP4, WebM or QuickTime video (415
     * otherwise, and the temporary file is removed), under a server-generated name.
     */
    async create(received: ReceivedVideo, youtubeURL: string | undefined): Promise<Video> {
      const type = await fileTypeFromFile(received.tempPath).catch(() => undefined);
      const format = type ? VIDEO_FORMATS[type.mime] : undefined;
      if (!format) {
        await storage.discard(received.tempPath);
        throw new UnsupportedMediaType("The video must be an MP4, WebM or QuickTime (.mov) file.");
      }
      const publicId = `portfolio-${randomUUID()}`;
      const key = `videos/${publicId}.${format.ext}`;
      await storage.commit(received.tempPath, key);
      const row: VideosTable = {
        id: randomUUID(),
        public_id: publicId,
        file_key: key,
        mime_type: format.mime,
        size_bytes: received.bytes,
        youtube_url: youtubeURL ?? null,
        created_at: new Date().toISOString(),
      };
      try {
        await db.insertInto("videos").values(row).execute();
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      return toVideo(row);
    },

    async remove(publicId: string): Promise<void> {
      // Ids are made here from letters, digits and dashes; any other text names no video.
      if (!PUBLIC_ID.test(publicId)) throw new NotFound("Video not found.");
      const row = await db
        .selectFrom("videos")
        .selectAll()
        .where("public_id", "=", publicId)
        .executeTakeFirst();
      if (!row) throw new NotFound("Video not found.");
      await db.deleteFrom("videos").where("id", "=", row.id).execute();
      try {
        await storage.remove(row.file_key);
      } catch (error) {
        log.warn({ err: error, key: row.file_key }, "could not remove video file");
      }
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
