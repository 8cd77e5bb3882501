// Share images (og:image, twitter:image) and the pictures of newsletter mails, in a format
// every reader shows (issue 50): Outlook on Windows and some social sites show no WebP (nor
// AVIF). An uploaded picture stored as WebP, AVIF or GIF is offered as JPEG at
//
//   /media-jpeg/<folder>/<name>.<ext>.jpg     the JPEG of the stored /media/<folder>/<name>.<ext>
//
// made on demand by the server (server/media/jpeg-images.ts) from the stored file, so that
// pictures uploaded before this rule work too. PNG and JPEG uploads are used as they are (a
// transparent logo stays a PNG). Kept free of the server's modules: the page meta uses it.

/** Where the JPEG versions are served. */
export const JPEG_MEDIA_PREFIX = "/media-jpeg/";

/** The widest a JPEG version is: Open Graph's recommended 1,200 pixels. */
export const JPEG_MAX_WIDTH = 1200;

/** A stored picture some readers do not show: /media/<folder>/<name>.<webp|avif|gif>. */
export const NOT_EVERYWHERE = /^\/media\/([a-z0-9-]+\/[A-Za-z0-9_-]+\.(?:webp|avif|gif))$/;

/**
 * The address of `src` that every mail client and social site shows: the JPEG version of an
 * uploaded WebP, AVIF or GIF picture (a path, or an absolute address on `origin`), else `src`.
 */
export function everywhereImage(src: string, origin = ""): string {
  const local = origin && src.startsWith(`${origin}/`) ? src.slice(origin.length) : src;
  const match = NOT_EVERYWHERE.exec(local);
  if (!match) return src;
  const path = `${JPEG_MEDIA_PREFIX}${match[1]}.jpg`;
  return local === src ? path : `${origin}${path}`;
}
