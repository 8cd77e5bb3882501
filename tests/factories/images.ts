import { crc32 } from "node:zlib";
import sharp from "sharp";
import { illustrationPng, illustrationSvg } from "../../server/lib/illustration.ts";

export { illustrationSvg };

export async function pngImage(
  width = 1200,
  height = 630,
  caption = "",
  seed = 1,
): Promise<Buffer> {
  return illustrationPng(width, height, caption, seed);
}

export async function jpegImage(width = 800, height = 450): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(width, height)))
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function webpImage(width = 800, height = 450): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(width, height)))
    .webp()
    .toBuffer();
}

export async function gifImage(width = 320, height = 180): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(width, height)))
    .gif()
    .toBuffer();
}

export async function avifImage(width = 320, height = 180): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(width, height)))
    .avif()
    .toBuffer();
}

/** An animated GIF of `frames` solid-colour frames. */
export async function animatedGif(width = 600, height = 300, frames = 3): Promise<Buffer> {
  const colours = ["#053685", "#DD8D15", "#ffffff", "#021a45"];
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: colours[i % colours.length]! } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: pages.map(() => 200), loop: 0 })
    .toBuffer();
}

/**
 * A JPEG stored sideways (EXIF orientation 6: shown rotated 90°) carrying EXIF text that
 * must not leak, as phone cameras write them.
 */
export async function sidewaysJpegWithExif(width = 400, height = 200): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(width, height)))
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: "Staff Phone", Copyright: "secret-location" } })
    .toBuffer();
}

/** A small PNG whose header claims `width` × `height` pixels (a decompression bomb). */
export async function pngClaimingSize(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage(32, 32));
  // Bytes 16-23 are IHDR's width and height; bytes 29-32 the CRC of the IHDR chunk.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** An animated PNG (APNG): a PNG with an `acTL` chunk after its header. */
export async function apngImage(width = 640, height = 360): Promise<Buffer> {
  const png = await pngImage(width, height);
  const body = Buffer.alloc(8);
  body.writeUInt32BE(1, 0); // frames
  body.writeUInt32BE(0, 4); // plays: forever
  const type = Buffer.from("acTL", "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, body])) >>> 0);
  // The signature (8 bytes) and IHDR (25 bytes) come first.
  return Buffer.concat([png.subarray(0, 33), length, type, body, crc, png.subarray(33)]);
}

/** An EBML file of the Matroska doc type (not WebM). */
export function matroskaBytes(size = 16 * 1024): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x88, 0x6d, 0x61, 0x74, 0x72, 0x6f, 0x73, 0x6b, 0x61,
    0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
}

/**
 * The start of a real ISO-BMFF (MP4) file: an ftyp box followed by padding in an
 * mdat box. file-type recognises it as video/mp4; `size` sets the total length.
 */
export function mp4Bytes(size = 64 * 1024): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftyp", 4, "latin1");
  ftyp.write("isom", 8, "latin1");
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write("isomiso2", 16, "latin1");
  const mdatSize = Math.max(8, size - ftyp.length);
  const mdat = Buffer.alloc(mdatSize);
  mdat.writeUInt32BE(mdatSize, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat]);
}

/** The start of a WebM (EBML) file with the "webm" doc type. */
export function webmBytes(size = 16 * 1024): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04,
    0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
}
