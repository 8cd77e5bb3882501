import type { HomeWords } from "../../../common/schemas/content.ts";
import type { PortfolioImage, PortfolioItem } from "../../copy/portfolio-copy.ts";
import { SectionHeading } from "../sections/section-heading.tsx";
import { VideoPlayLink } from "../ui/video-play-link.tsx";

/**
 * Six video thumbnails; the play button opens the video in a new tab. A built-in sample has
 * one only when it links to the agency's YouTube channel.
 */
export function PortfolioVideos({
  items,
  words,
}: {
  items: readonly PortfolioItem[];
  words: Pick<HomeWords, "portfolioBadge" | "portfolioHeading" | "portfolioText">;
}) {
  // Nothing to show (the samples removed, no video of the agency's own yet): no empty band.
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="portfolio-title" className="bg-navy py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="portfolio-title"
          badge={words.portfolioBadge}
          title={words.portfolioHeading}
          intro={words.portfolioText}
          light
        />
        <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
          {items.map((item, index) => (
            <li key={`${item.title}-${index}`}>
              <figure className="group h-full overflow-hidden rounded-xl bg-brand shadow-lg sm:rounded-2xl">
                <div className="relative">
                  <PortfolioPicture image={item.image} />
                  {item.href && (
                    <VideoPlayLink
                      href={item.href}
                      label={
                        item.sample
                          ? `Play ${item.title} on our YouTube channel (opens in a new tab)`
                          : `Play ${item.title} (opens in a new tab)`
                      }
                    />
                  )}
                </div>
                <figcaption className="px-3 py-2.5 text-sm font-semibold text-white sm:px-5 sm:py-4 sm:text-base">
                  {item.title}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A thumbnail: an uploaded poster with its WebP versions, else one picture. */
function PortfolioPicture({ image }: { image: PortfolioImage }) {
  const srcSet = image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
  const img = (
    <img
      src={image.src}
      alt={image.alt}
      width={640}
      height={360}
      loading="lazy"
      className="aspect-video w-full object-cover"
    />
  );
  if (!srcSet) return img;
  return (
    <picture>
      <source
        type="image/webp"
        srcSet={srcSet}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 50vw"
      />
      {img}
    </picture>
  );
}
