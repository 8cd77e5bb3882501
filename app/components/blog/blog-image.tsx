import type { Blog } from "../../../common/schemas/blog.ts";

/**
 * A post's picture: WebP variants in srcset, the re-encoded original as fallback. `eager` for
 * the one that is its page's largest paint (a post's cover); the others (the blog's cards)
 * load lazily, and at low priority even on the first screen, where the browser would
 * otherwise raise them above the stylesheet's share of a slow connection.
 */
export function BlogImage({
  blog,
  sizes,
  className,
  eager = false,
  alt = "",
}: {
  blog: Pick<Blog, "image" | "imageVariants" | "imageWidth" | "imageHeight" | "title">;
  sizes: string;
  className?: string;
  eager?: boolean;
  /** The picture's alt text; "" (the default) marks it decorative. */
  alt?: string;
}) {
  if (!blog.image) {
    return (
      <img
        src="/images/placeholder.svg"
        alt=""
        width={800}
        height={500}
        loading={eager ? "eager" : "lazy"}
        className={className}
      />
    );
  }
  const srcSet = blog.imageVariants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
  return (
    <picture>
      {srcSet && <source type="image/webp" srcSet={srcSet} sizes={sizes} />}
      <img
        src={blog.image}
        alt={alt}
        width={blog.imageWidth ?? 1200}
        height={blog.imageHeight ?? 630}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "low"}
        className={className}
      />
    </picture>
  );
}
