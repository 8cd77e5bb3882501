import { GALLERY_SIZE, gallery, gallerySrcSet } from "../../content/gallery.ts";
import { SectionHeading } from "../sections/section-heading.tsx";

/** Two columns on phones, four from 768 px, inside a container of at most 1200 px. */
const SIZES = "(min-width: 1280px) 290px, (min-width: 768px) 25vw, 50vw";

/** The 'Graphics Design Portfolio' gallery of 12 images (AVIF or WebP, two widths each). */
export function GraphicsGallery() {
  return (
    <section aria-labelledby="gallery-title" className="bg-white py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="gallery-title"
          badge="Our Work"
          title="Graphics Design Portfolio"
          intro="Posters, flyers and social media designs we made for brands across Nigeria."
        />
        <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
          {gallery.map((image) => (
            <li
              key={image.file}
              className="overflow-hidden rounded-xl shadow-sm ring-1 ring-black/5"
            >
              <picture>
                <source type="image/avif" srcSet={gallerySrcSet(image, "avif")} sizes={SIZES} />
                <source type="image/webp" srcSet={gallerySrcSet(image, "webp")} sizes={SIZES} />
                <img
                  src={`${image.file}-${GALLERY_SIZE}.webp`}
                  alt={image.alt}
                  width={GALLERY_SIZE}
                  height={GALLERY_SIZE}
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
