import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import sharp from "sharp";
import {
  identityIcons,
  iconVersion,
  identityStem,
  siteIdentitySchema,
  type IdentityIconFile,
  type IdentityImage,
  type SiteIdentity,
} from "../../../common/schemas/identity.ts";
import type { Database } from "../../db/schema.ts";
import { Invalid, UnsupportedMediaType } from "../../errors.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { mediaUrl } from "../../media/content-pictures.ts";
import { IDENTITY_ROW, readStoredIdentity } from "./stored.ts";
import { imageWork, processImage, sniffImage } from "../../media/images.ts";
import type { Storage } from "../../media/storage.ts";

/** The storage folder of the logo, its icons and the share picture. */
const FOLDER = "identity";
const ROW = IDENTITY_ROW;
/** The change feed's topic: every cache of the pages drops them on it. */
export const IDENTITY_TOPIC = "identity";

export const SVG_REFUSED =
  "SVG pictures are not accepted: an SVG can carry scripts. Upload the logo as a PNG, WebP or JPEG.";
const FORMATS_ACCEPTED = "The picture must be a PNG, WebP or JPEG file.";

/** Whether the bytes look like an SVG document (text starting with <svg, <?xml or a comment). */
function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return (
    /^(<\?xml|<!--|<!doctype svg|<svg)/i.test(head) &&
    /<svg[\s>]/i.test(data.toString("utf8", 0, 4096))
  );
}

/**
 * The agency's identity (name, words, colours, logo, share picture): stored as one row,
 * read through a cache that the change feed empties (no query per page view), announced on
 * the feed under IDENTITY_TOPIC when saved (the render cache drops every page).
 */
export function createIdentityService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
}) {
  const { db, storage, log } = deps;
  const read = () => readStoredIdentity(db, log);

  /** Refuses a picture that was not uploaded here (or, for a logo, has no icons). */
  async function checkUploaded(image: IdentityImage | null, withIcons: boolean) {
    if (!image) return;
    const keys = [image.src.slice("/media/".length)];
    if (withIcons) keys.push(...identityIcons.map((icon) => iconKey(image, icon.file)));
    for (const key of keys) {
      if (!(await storage.exists(key))) {
        throw new Invalid("A picture of the identity was not uploaded here. Upload it again.");
      }
    }
  }

  /** Removes the files of a picture no longer in use (a failure is only logged). */
  async function release(image: IdentityImage | null, withIcons: boolean) {
    if (!image) return;
    const keys = [image.src.slice("/media/".length)];
    if (withIcons) keys.push(...identityIcons.map((icon) => iconKey(image, icon.file)));
    for (const key of keys) {
      await storage.remove(key).catch((error: unknown) => {
        log.warn({ err: error, key }, "could not remove an identity picture");
      });
    }
  }

  /** Checks (PNG, WebP, JPEG only; SVG refused) and stores an uploaded picture, re-encoded. */
  async function storePicture(data: Buffer) {
    if (looksLikeSvg(data)) throw new UnsupportedMediaType(SVG_REFUSED);
    const mime = await sniffImage(data);
    if (mime !== "image/png" && mime !== "image/jpeg" && mime !== "image/webp") {
      throw new UnsupportedMediaType(FORMATS_ACCEPTED);
    }
    const processed = await processImage(data);
    const key = `${FOLDER}/${randomUUID()}.${processed.ext}`;
    await storage.put(key, processed.original);
    const image: IdentityImage = {
      src: mediaUrl(key),
      width: processed.width,
      height: processed.height,
    };
    return { image, original: processed.original };
  }

  const service = {
    /** The identity the pages show, from memory until the next write heard on the feed. */
    get: cachedRead(deps.changes, read),

    /** Checks and stores the whole identity (400 for a bad field); answers it as stored. */
    async save(input: unknown): Promise<{ before: SiteIdentity; after: SiteIdentity }> {
      const after = siteIdentitySchema.parse(input);
      const before = await read();
      await checkUploaded(after.logo, true);
      await checkUploaded(after.shareImage, false);
      const now = new Date().toISOString();
      const data = JSON.stringify(after);
      await db
        .insertInto("site_identity")
        .values({ id: ROW, data, updated_at: now })
        .onConflict((conflict) => conflict.column("id").doUpdateSet({ data, updated_at: now }))
        .execute();
      deps.changes.publish(IDENTITY_TOPIC);
      if (before.logo && before.logo.src !== after.logo?.src) await release(before.logo, true);
      if (before.shareImage && before.shareImage.src !== after.shareImage?.src) {
        await release(before.shareImage, false);
      }
      return { before, after };
    },

    /** Stores an uploaded logo and makes its icons; the identity names it once saved. */
    async storeLogo(data: Buffer): Promise<IdentityImage> {
      const { image, original } = await storePicture(data);
      await imageWork.run(async () => {
        for (const icon of identityIcons) {
          // The apple-touch-icon is shown on a black tile where it is transparent: white.
          const background =
            icon.file === "apple-touch-icon.png"
              ? { r: 255, g: 255, b: 255, alpha: 1 }
              : { r: 0, g: 0, b: 0, alpha: 0 };
          let png = sharp(original).resize(icon.size, icon.size, { fit: "contain", background });
          if (background.alpha === 1) png = png.flatten({ background });
          await storage.put(
            iconKey(image, icon.file),
            await png.png({ compressionLevel: 9 }).toBuffer(),
          );
        }
      });
      return image;
    },

    /** Stores an uploaded share picture (the identity names it once saved). */
    async storeShareImage(data: Buffer): Promise<IdentityImage> {
      return (await storePicture(data)).image;
    },

    /** The bytes of an icon of the current logo, or undefined with no logo. */
    async icon(file: IdentityIconFile): Promise<{ body: Readable; version: string } | undefined> {
      const { logo } = await service.get();
      if (!logo) return undefined;
      return { body: await storage.read(iconKey(logo, file)), version: iconVersion(logo) };
    },
  };
  return service;
}
export type IdentityService = ReturnType<typeof createIdentityService>;

/** The storage key of an icon made from `logo`. */
function iconKey(logo: IdentityImage, file: IdentityIconFile): string {
  return `${identityStem(logo)}-${file.replace(/\.png$/, "")}.png`;
}
