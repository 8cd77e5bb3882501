import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { postImage, postImageBase, type PostImage } from "../../common/post-media.ts";
import { processImage } from "./images.ts";
import { mediaUrl } from "./content-pictures.ts";
import type { Storage } from "./storage.ts";

/**
 * Checks and re-encodes a picture for a post's text (415 when it is not one, 503 when too
 * many wait) and stores its WebP versions under names that carry the largest one's size
 * (common/post-media.ts). The original is not kept: a post shows WebP only.
 */
export async function storePostImage(storage: Storage, data: Buffer): Promise<PostImage> {
  const processed = await processImage(data);
  const largest = processed.variants.at(-1)!;
  // The largest version is the original's size unless it was made smaller: then its height
  // is read from its header, as the encoder rounded it.
  const height =
    largest.width === processed.width
      ? processed.height
      : ((await sharp(largest.data).metadata()).height ?? processed.height);
  const base = postImageBase(randomUUID(), largest.width, height);
  await Promise.all(
    processed.variants.map((variant) =>
      storage.put(
        variant === largest ? `${base}.webp` : `${base}-${variant.width}.webp`,
        variant.data,
      ),
    ),
  );
  return postImage(mediaUrl(`${base}.webp`))!;
}
