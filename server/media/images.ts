import { availableParallelism } from "node:os";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { VARIANT_WIDTHS } from "../../common/post-media.ts";
import { ServiceUnavailable, UnsupportedMediaType } from "../errors.ts";
import { createLimiter } from "../lib/limiter.ts";

/** The image formats a blog may carry, recognised from their bytes. */
const IMAGE_FORMATS = {
  "image/png": "png",
  // An animated PNG is a PNG: it is kept as its still first frame.
  "image/apng": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;
type ImageMime = keyof typeof IMAGE_FORMATS;

/**
 * Refuse decompression bombs: 40 megapixels (all frames of an animation counted) is far
 * above any sensible blog image, and so is a side over 12,000 pixels (a 100,000 × 400 PNG
 * of 4.9 KB is 40 MP of work that compresses to nothing).
 */
export const MAX_PIXELS = 40_000_000;
export const MAX_SIDE = 12_000;
/** The same decoding rules for the original and its variants: damaged pixel data fails. */
const DECODE = { limitInputPixels: MAX_PIXELS, failOn: "error" } as const;

/**
 * Decoding and re-encoding take a core and up to 160 MB for a 40 MP picture, on libuv's
 * thread pool (the threads that also read files and compress pages). Pictures take turns,
 * like password hashes: one at a time with two cores or fewer (the event loop keeps the
 * other), a few more waiting, then 503 at once. Each picture is worked on by one libvips
 * thread. Sixteen hostile pictures at once thus cost the site one core, not all of it.
 */
export const MAX_CONCURRENT_IMAGES = availableParallelism() > 2 ? 2 : 1;
export const MAX_WAITING_IMAGES = 8;
export const IMAGES_BUSY =
  "Too many pictures are being processed right now. Please try again in a few seconds.";
export const imageWork = createLimiter({
  concurrency: MAX_CONCURRENT_IMAGES,
  maxWaiting: MAX_WAITING_IMAGES,
  busy: () => new ServiceUnavailable(IMAGES_BUSY, 5),
});
sharp.concurrency(1);

export interface ProcessedImage {
  ext: string;
  /** The original re-encoded: orientation applied, metadata (EXIF, GPS) dropped. */
  original: Buffer;
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
}

const unsupported = () =>
  new UnsupportedMediaType("The image must be a PNG, JPEG, WebP, GIF or AVIF file.");

/** The image type of the bytes, whatever the file name or the declared type say. */
export async function sniffImage(data: Buffer): Promise<ImageMime | undefined> {
  const type = await fileTypeFromBuffer(data);
  return type && type.mime in IMAGE_FORMATS ? (type.mime as ImageMime) : undefined;
}

const tooBig = () =>
  new UnsupportedMediaType(
    `The image is too big: at most ${MAX_SIDE.toLocaleString("en-US")} pixels a side and ` +
      `${MAX_PIXELS / 1_000_000} megapixels in all.`,
  );

/** The pixels a picture decodes to, read from its header alone: refused when too many. */
async function checkPixels(data: Buffer, animated: boolean): Promise<void> {
  let meta: Metadata;
  try {
    // The header alone is read: no limit is needed to read how big the picture says it is.
    meta = await sharp(data, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaType("The image could not be read: the file is damaged or too big.");
  }
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = animated ? (meta.pages ?? 1) : 1;
  if (width > MAX_SIDE || frameHeight > MAX_SIDE || width * frameHeight * frames > MAX_PIXELS) {
    throw tooBig();
  }
}

/**
 * Checks and re-encodes an uploaded image and makes its WebP variants, in its turn
 * (`imageWork`: 503 when too many wait). Throws 415 for anything that is not a decodable
 * PNG, JPEG, WebP, GIF or AVIF within MAX_SIDE and MAX_PIXELS.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  const mime = await sniffImage(data);
  if (!mime) throw unsupported();
  const animated = mime === "image/gif" || mime === "image/webp";
  await checkPixels(data, animated);
  return imageWork.run(() => encode(data, IMAGE_FORMATS[mime], animated));
}

async function encode(
  data: Buffer,
  ext: (typeof IMAGE_FORMATS)[ImageMime],
  animated: boolean,
): Promise<ProcessedImage> {
  try {
    let encoder = sharp(data, { ...DECODE, animated }).rotate();
    if (ext === "png") encoder = encoder.png({ compressionLevel: 9 });
    else if (ext === "jpg") encoder = encoder.jpeg({ quality: 85, mozjpeg: true });
    else if (ext === "webp") encoder = encoder.webp({ quality: 85 });
    else if (ext === "gif") encoder = encoder.gif();
    else encoder = encoder.avif({ quality: 60 });
    const { data: original, info } = await encoder.toBuffer({ resolveWithObject: true });
    const width = info.width;
    // An animated image reports the height of all frames stacked; a frame is pageHeight.
    const height = info.pageHeight ?? info.height;
    const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
    if (widths.length < VARIANT_WIDTHS.length) widths.push(Math.min(width, VARIANT_WIDTHS.at(-1)!));
    // One after another: a picture's work holds one libuv thread (and one core), never
    // the four that file reads, compression and password hashes share with it.
    const variants: ProcessedImage["variants"] = [];
    for (const w of new Set(widths)) {
      variants.push({
        width: w,
        data: await sharp(data, DECODE)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      });
    }
    return { ext, original, width, height, variants };
  } catch (error) {
    if (error instanceof UnsupportedMediaType) throw error;
    throw new UnsupportedMediaType("The image could not be read: the file is damaged or too big.");
  }
}
