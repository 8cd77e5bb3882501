import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { JPEG_MAX_WIDTH, JPEG_MEDIA_PREFIX } from "../../common/share-image.ts";
import { imageWork, MAX_PIXELS } from "./images.ts";
import type { Storage } from "./storage.ts";

// GET /media-jpeg/<key>.jpg: the JPEG version of a stored WebP, AVIF or GIF picture
// (common/share-image.ts), for share images and newsletter mails. Made on demand from the
// stored file, so old uploads have one too, in its turn with the uploads (`imageWork`), and
// kept in memory for the most asked; readers and social sites cache it for good (the stored
// file behind a name never changes).

const KEY = /^([a-z0-9-]+\/[A-Za-z0-9_-]+\.(?:webp|avif|gif))\.jpg$/;
/** The JPEG versions kept in memory (most recently asked last): a few MB at most. */
const CACHED = 32;

/** Reads a stored file whole. */
async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The JPEG of a picture: white under any transparency, at most JPEG_MAX_WIDTH wide. */
export async function jpegOf(data: Buffer): Promise<Buffer> {
  return sharp(data, { limitInputPixels: MAX_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width: JPEG_MAX_WIDTH, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

export function registerJpegMedia(app: FastifyInstance, storage: Storage): void {
  const cache = new Map<string, Buffer>();
  app.route({
    method: ["GET", "HEAD"],
    url: `${JPEG_MEDIA_PREFIX}*`,
    schema: { hide: true },
    compress: false,
    async handler(request, reply) {
      const key = KEY.exec((request.params as { "*"?: string })["*"] ?? "")?.[1];
      if (!key || key.startsWith(".") || !(await storage.exists(key))) {
        return reply.code(404).send({ error: "Not found." });
      }
      let jpeg = cache.get(key);
      if (jpeg) cache.delete(key);
      else {
        const stored = await readAll(storage, key);
        try {
          jpeg = await imageWork.run(() => jpegOf(stored));
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 503) throw error;
          return reply.code(404).send({ error: "Not found." });
        }
      }
      cache.set(key, jpeg);
      if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
      return reply
        .type("image/jpeg")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(jpeg);
    },
  });
}
