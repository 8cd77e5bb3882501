// The pictures put inside a post's text (`![alt](src)` lines, decision 0032), uploaded with
// POST /api/admin/media. What the page needs to show one — its size and its smaller
// versions — is in its address, so no table is read to render a post:
//
//   /media/posts/<uuid>-<width>x<height>.webp        the largest WebP version (src)
//   /media/posts/<uuid>-<width>x<height>-<w>.webp    each smaller one, w from VARIANT_WIDTHS
//
// Kept free of zod and of the server's modules: the public post page and the editor's
// preview read it in the browser.

/** Widths of the WebP variants made of every uploaded picture, for `srcset`. */
export const VARIANT_WIDTHS = [480, 960, 1440] as const;

/** The storage folder of the pictures inside posts. */
export const POST_MEDIA_FOLDER = "posts";

const POST_IMAGE =
  /^\/media\/posts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9]\d{0,4})x([1-9]\d{0,4})\.webp$/;

/** A picture inside a post, as the page shows it. */
export interface PostImage {
  src: string;
  width: number;
  height: number;
  /** Every WebP version, the largest (src) last, for `srcset`. */
  variants: { width: number; url: string }[];
}

/** The storage key (without ".webp") of a picture's largest version, from its size. */
export const postImageBase = (id: string, width: number, height: number) =>
  `${POST_MEDIA_FOLDER}/${id}-${width}x${height}`;

/** The smaller widths made of a picture whose largest version is `width` wide. */
export const smallerWidths = (width: number) => VARIANT_WIDTHS.filter((w) => w < width);

/**
 * The picture an address names, when it is one uploaded for posts (any other address,
 * another site's picture, a data: URL, a cover, is undefined: a post shows none of them).
 */
export function postImage(src: string): PostImage | undefined {
  const match = POST_IMAGE.exec(src);
  if (!match) return undefined;
  const width = Number(match[2]);
  const height = Number(match[3]);
  const base = src.slice(0, -".webp".length);
  return {
    src,
    width,
    height,
    variants: [
      ...smallerWidths(width).map((w) => ({ width: w, url: `${base}-${w}.webp` })),
      { width, url: src },
    ],
  };
}
