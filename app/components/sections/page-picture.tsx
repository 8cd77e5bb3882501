import type { CSSProperties } from "react";
import { builtInPictureSrc } from "../../../common/built-in-pictures.ts";
import type { PagePicture } from "../../../common/content/page-words.ts";
import { useIdentity } from "../../lib/identity.ts";

/** The address a page's picture is shown at: a built-in one carries the colours' version. */
export function usePictureSrc(picture: PagePicture | null): string | undefined {
  const identity = useIdentity();
  return picture ? builtInPictureSrc(picture.src, identity) : undefined;
}

/**
 * A page's picture (issue 47, item 3): the built-in illustration in the identity's colours,
 * an upload, or nothing when staff removed it. An upload fills the built-in one's box (cropped
 * to its shape), so the page keeps its layout whatever the upload's size.
 */
export function PagePictureImage({
  picture,
  width,
  height,
  className,
}: {
  picture: PagePicture | null;
  width: number;
  height: number;
  className: string;
}) {
  const src = usePictureSrc(picture);
  if (!picture || !src) return null;
  const uploaded = !picture.src.startsWith("/images/");
  const style: CSSProperties | undefined = uploaded
    ? { aspectRatio: `${width} / ${height}` }
    : undefined;
  return (
    <img
      src={src}
      alt={picture.alt}
      width={width}
      height={height}
      className={uploaded ? `${className} object-cover` : className}
      style={style}
    />
  );
}
