import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { Invalid } from "../errors.ts";
import type { Storage } from "./storage.ts";

// The pictures uploaded through POST /api/content-images (under /media/content/) are named by
// content items and by video posters. Both check and release them here: an item may only
// name a picture uploaded here, and a picture is deleted once no item, video or page uses it.

const MEDIA_PREFIX = "/media/";
/** The storage folder of the uploaded pictures. */
export const PICTURE_FOLDER = "content";
const PICTURE_PREFIX = `${MEDIA_PREFIX}${PICTURE_FOLDER}/`;

/** The address of an uploaded file's storage key. */
export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;

/** Every /media/ address in a value (an item, a poster), at any depth. */
function mediaOf(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (value.startsWith(MEDIA_PREFIX)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) mediaOf(entry, found);
  } else if (value && typeof value === "object") {
    for (const entry of Object.values(value)) mediaOf(entry, found);
  }
  return found;
}

/** Refuses (400, `message`) a value naming an upload that is not a picture uploaded here. */
export async function checkPictures(storage: Storage, value: unknown, message: string) {
  for (const url of mediaOf(value)) {
    if (
      !url.startsWith(PICTURE_PREFIX) ||
      !(await storage.exists(url.slice(MEDIA_PREFIX.length)))
    ) {
      throw new Invalid(message);
    }
  }
}

/** Removes the pictures `before` named that no content item and no video poster names now. */
export async function releasePictures(
  deps: { db: Kysely<Database>; storage: Storage; log: FastifyBaseLogger },
  before: unknown,
) {
  for (const url of mediaOf(before)) {
    if (!url.startsWith(PICTURE_PREFIX)) continue;
    // A LIKE pattern's wildcards (an "_" of the name) can only match more: a file is then kept.
    const pattern = `%${url}%`;
    const [video, item, page] = await Promise.all([
      deps.db.selectFrom("videos").select("id").where("poster", "like", pattern).executeTakeFirst(),
      deps.db
        .selectFrom("content_items")
        .select("id")
        .where("data", "like", pattern)
        .executeTakeFirst(),
      // A page's share image (decision 0030).
      deps.db.selectFrom("pages").select("id").where("image", "like", pattern).executeTakeFirst(),
    ]);
    if (video || item || page) continue;
    await deps.storage.remove(url.slice(MEDIA_PREFIX.length)).catch((error: unknown) => {
      deps.log.warn({ err: error, url }, "could not remove an uploaded picture");
    });
  }
}
