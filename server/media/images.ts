import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { UnsupportedMediaType } from "../errors.ts";

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

/** Widths of the WebP variants made for `srcset`. */
export const VARIANT_WIDTHS = [480, 960, 1440] as const;
/** Refuse decompression bombs: 40 megapixels is far above any sensible blog image. */
const MAX_PIXELS = 40_000_000;
/** The same decoding rules for the original and its variants: damaged pixel data fails. */
const DECODE = { limitInputPixels: MAX_PIXELS, failOn: "error" } as const;

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

/**
 * Checks and re-encodes an uploaded image and makes its WebP variants. Throws 415 for
 * anything that is not a decodable PNG, JPEG, WebP, GIF or AVIF.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  const mime = await sniffImage(data);
  if (!mime) throw unsupported();
  const ext = IMAGE_FORMATS[mime];
  const animated = mime === "image/gif" || mime === "image/webp";
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
    const variants = await Promise.all(
      [...new Set(widths)].map(async (w) => ({
        width: w,
        data: await sharp(data, DECODE)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      })),
    );
    return { ext, original, width, height, variants };
  } catch (error) {
    if (error instanceof UnsupportedMediaType) throw error;
    throw new UnsupportedMediaType("The image could not be read: the file is damaged or too big.");
  }
}
