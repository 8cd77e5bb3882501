import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { fileTypeFromFile } from "file-type";
import type { Kysely } from "kysely";
import type { ContentImage } from "../../../common/schemas/content.ts";
import type { Video } from "../../../common/schemas/video.ts";
import type { Database, VideosTable } from "../../db/schema.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { Invalid, NotFound, UnsupportedMediaType } from "../../errors.ts";
import { checkPictures, releasePictures } from "../../media/content-pictures.ts";
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

/** A change to a video's details; a field left out keeps its value. */
export interface VideoDetails {
  title?: string;
  visible?: boolean;
  poster?: ContentImage | null;
}

export function createVideoService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Told "videos" after every write, so what holds a copy of the pages drops it. */
  changes?: ChangeFeed;
}) {
  const { db, storage, log } = deps;
  const changed = () => deps.changes?.publish("videos");

  function posterOf(row: Pick<VideosTable, "id" | "poster">): ContentImage | null {
    if (!row.poster) return null;
    try {
      const poster = JSON.parse(row.poster) as ContentImage;
      if (typeof poster?.src === "string" && typeof poster.alt === "string") {
        return { src: poster.src, alt: poster.alt, variants: poster.variants ?? [] };
      }
    } catch {
      // Reported below.
    }
    log.warn({ id: row.id }, "a stored video poster is damaged");
    return null;
  }

  const toVideo = (row: VideosTable): Video => ({
    _id: row.id,
    url: storage.url(row.file_key),
    public_id: row.public_id,
    youtubeURL: row.youtube_url,
    mimeType: row.mime_type,
    size: Number(row.size_bytes),
    date: row.created_at,
    title: row.title,
    poster: posterOf(row),
    position: Number(row.position),
    visible: Number(row.visible) !== 0,
  });

  async function find(publicId: string): Promise<VideosTable> {
    // Ids are made here from letters, digits and dashes; any other text names no video.
    const row = PUBLIC_ID.test(publicId)
      ? await db
          .selectFrom("videos")
          .selectAll()
          .where("public_id", "=", publicId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new NotFound("Video not found.");
    return row;
  }

  /** A poster must be a picture uploaded here (no address made up by a client). */
  const checkPoster = (poster: ContentImage) =>
    checkPictures(storage, poster, "The poster was not uploaded here. Upload it again.");

  /** Removes the files of a poster no video and no content item uses any more. */
  const releasePoster = (poster: ContentImage | null) =>
    releasePictures({ db, storage, log }, poster);

  const service = {
    /** Every video in the site's order (the back office's list; the site shows the visible). */
    async list(): Promise<Video[]> {
      const rows = await db
        .selectFrom("videos")
        .selectAll()
        .orderBy("position", "asc")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(toVideo);
    },

    /** One video (404 when there is none). */
    async get(publicId: string): Promise<Video> {
      return toVideo(await find(publicId));
    },

    /** Streams an upload to a temporary file; nothing is held in memory. */
    receive: (stream: Readable) => storage.receive(stream),

    discard: (received: ReceivedVideo) => storage.discard(received.tempPath),

    /**
     * Keeps a received upload when its bytes are an MP4, WebM or QuickTime video (415
     * otherwise, and the temporary file is removed), under a server-generated name. It goes
     * first in the site's order.
     */
    async create(
      received: ReceivedVideo,
      fields: { youtubeURL?: string | undefined; title?: string | undefined } = {},
    ): Promise<Video> {
      const type = await fileTypeFromFile(received.tempPath).catch(() => undefined);
      const format = type ? VIDEO_FORMATS[type.mime] : undefined;
      if (!format) {
        await storage.discard(received.tempPath);
        throw new UnsupportedMediaType("The video must be an MP4, WebM or QuickTime (.mov) file.");
      }
      const publicId = `portfolio-${randomUUID()}`;
      const key = `videos/${publicId}.${format.ext}`;
      await storage.commit(received.tempPath, key);
      let row: VideosTable | undefined;
      try {
        row = await db.transaction().execute(async (trx) => {
          const first = await trx
            .selectFrom("videos")
            .select((eb) => eb.fn.min("position").as("position"))
            .executeTakeFirst();
          const top = first?.position ?? null;
          const values: VideosTable = {
            id: randomUUID(),
            public_id: publicId,
            file_key: key,
            mime_type: format.mime,
            size_bytes: received.bytes,
            youtube_url: fields.youtubeURL ?? null,
            created_at: new Date().toISOString(),
            title: fields.title ?? "",
            poster: null,
            position: top === null ? 0 : Number(top) - 1,
            visible: 1,
          };
          await trx.insertInto("videos").values(values).execute();
          return values;
        });
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      changed();
      return toVideo(row);
    },

    /** Changes a video's title, visibility or poster; a replaced poster's files are removed. */
    async update(publicId: string, details: VideoDetails): Promise<Video> {
      const row = await find(publicId);
      if (details.poster) await checkPoster(details.poster);
      const set: Partial<Pick<VideosTable, "title" | "visible" | "poster">> = {};
      if (details.title !== undefined) set.title = details.title;
      if (details.visible !== undefined) set.visible = details.visible ? 1 : 0;
      if (details.poster !== undefined) {
        set.poster = details.poster ? JSON.stringify(details.poster) : null;
      }
      const result = await db
        .updateTable("videos")
        .set(set)
        .where("id", "=", row.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFound("Video not found.");
      changed();
      const before = posterOf(row);
      if (details.poster !== undefined && before && before.src !== details.poster?.src) {
        await releasePoster(before);
      }
      return toVideo({ ...row, ...set });
    },

    /** Puts the portfolio in the order of `ids`, which must name every video once. */
    async reorder(ids: string[]): Promise<Video[]> {
      await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom("videos").select(["id", "public_id"]).execute();
        const idOf = new Map(current.map((row) => [row.public_id, row.id]));
        if (
          ids.length !== idOf.size ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => !idOf.has(id))
        ) {
          throw new Invalid("The order must list every video once. Reload and try again.");
        }
        for (const [position, publicId] of ids.entries()) {
          await trx
            .updateTable("videos")
            .set({ position })
            .where("id", "=", idOf.get(publicId)!)
            .execute();
        }
      });
      changed();
      return service.list();
    },

    async remove(publicId: string): Promise<void> {
      const row = await find(publicId);
      await db.deleteFrom("videos").where("id", "=", row.id).execute();
      changed();
      try {
        await storage.remove(row.file_key);
      } catch (error) {
        log.warn({ err: error, key: row.file_key }, "could not remove video file");
      }
      await releasePoster(posterOf(row));
    },
  };
  return service;
}
export type VideoService = ReturnType<typeof createVideoService>;
