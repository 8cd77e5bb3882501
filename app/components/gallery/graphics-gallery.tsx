import type { ContentImage, ShownItemOf } from "../../../common/schemas/content.ts";
import { homeWordDefaults } from "../../../common/content/page-words.ts";
import { SectionHeading } from "../sections/section-heading.tsx";

/** Two columns on phones, four from 768 px, inside a container of at most 1200 px. */
const SIZES = "(min-width: 1280px) 290px, (min-width: 768px) 25vw, 50vw";
/** The width and height of every gallery tile's box (square; a picture is cropped to fit). */
const TILE_SIZE = 640;

const MIME_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};
/** The browser takes the first source it supports: the smallest files first. */
const FORMAT_ORDER = ["image/avif", "image/webp", "image/png", "image/jpeg"];

/**
 * One `<source>` per format among the image's variants (by file extension): the generated
 * posters come in AVIF and WebP, uploads in WebP; each with its widths for `srcset`.
 */
export function sourcesOf(image: ContentImage): readonly ImageSource[] {
  let sources = sourcesByImage.get(image);
  if (sources === undefined) {
    sources = sourcesFor(image);
    sourcesByImage.set(image, sources);
  }
  return sources;
}

interface ImageSource {
  type: string;
  srcSet: string;
}

/**
 * The sources of each image the content holds: the server's copy of the content is shared by
 * every render until the next write (server/lib/cached-read.ts), so each is worked out once.
 */
const sourcesByImage = new WeakMap<ContentImage, readonly ImageSource[]>();

function sourcesFor(image: ContentImage): ImageSource[] {
  const byType = new Map<string, { width: number; url: string }[]>();
  for (const variant of image.variants) {
    const type = MIME_TYPES[variant.url.split(".").pop()?.toLowerCase() ?? ""];
    if (!type) continue;
    byType.set(type, [...(byType.get(type) ?? []), variant]);
  }
  return [...byType.entries()]
    .sort(([a], [b]) => FORMAT_ORDER.indexOf(a) - FORMAT_ORDER.indexOf(b))
    .map(([type, variants]) => ({
      type,
      srcSet: [...variants]
        .sort((a, b) => a.width - b.width)
        .map((variant) => `${variant.url} ${variant.width}w`)
        .join(", "),
    }));
}

/** The 'Graphics Design Portfolio' gallery: square tiles, each in the formats it has. */
export function GraphicsGallery({
  gallery,
  words = homeWordDefaults,
}: {
  gallery: readonly ShownItemOf<"gallery">[];
  /** The section's badge, heading and paragraph (the home page's, edited in Site content). */
  words?: Pick<typeof homeWordDefaults, "galleryBadge" | "galleryHeading" | "galleryText">;
}) {
  if (gallery.length === 0) return null;
  return (
    <section aria-labelledby="gallery-title" className="bg-white py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="gallery-title"
          badge={words.galleryBadge}
          title={words.galleryHeading}
          intro={words.galleryText}
        />
        <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
          {gallery.map(({ image }, index) => (
            <li key={index} className="overflow-hidden rounded-xl shadow-sm ring-1 ring-black/5">
              <picture>
                {sourcesOf(image).map((source) => (
                  <source
                    key={source.type}
                    type={source.type}
                    srcSet={source.srcSet}
                    sizes={SIZES}
                  />
                ))}
                <img
                  src={image.src}
                  alt={image.alt}
                  width={TILE_SIZE}
                  height={TILE_SIZE}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full bg-brand-50 object-cover transition-transform duration-500 hover:scale-105 motion-reduce:transition-none"
                />
              </picture>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
