import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router";
import type { BannerWords, HomeWords, ShownItemOf } from "../../../common/schemas/content.ts";
import type { PortfolioItem } from "../../copy/portfolio-copy.ts";
import type { ServiceCard } from "../../lib/services.ts";
import { postalAddressOf, telHref, useContactDetails } from "../../lib/contact-details.tsx";
import { layOutWhenIdle } from "../../lib/sections-when-idle.ts";
import { ImageCarousel } from "../carousel/image-carousel.tsx";
import { TestimonialCarousel } from "../carousel/testimonial-carousel.tsx";
import { HomeEnquiryForm } from "../forms/home-enquiry-form.tsx";
import { NewsletterBox } from "../forms/newsletter-form.tsx";
import { GraphicsGallery } from "../gallery/graphics-gallery.tsx";
import { PackagesSection } from "../packages/packages-section.tsx";
import { SectionHeading } from "../sections/section-heading.tsx";
import { ServiceCards } from "../sections/service-cards.tsx";
import { buttonPrimary } from "../ui/styles.ts";
import { BrandsStrip } from "./brands-strip.tsx";
import { OneTimeOffers } from "./one-time-offers.tsx";
import { PortfolioVideos } from "./portfolio.tsx";
import { mailtoHref } from "../../../common/mailto.ts";

/** The editable content the home page shows below the fold (its loader sends only these). */
export type HomeContent = {
  [
    T in "brands" | "packages" | "gallery" | "slides" | "testimonials" | "offers"
  ]: (ShownItemOf<T> & {
    /** Its checkout key when it is sold online (app/lib/for-sale.ts). */
    buy?: string;
  })[];
} & {
  /** The cards of the services shown on the home page (the services list). */
  services: ServiceCard[];
};

/**
 * Lays out the sections that the stylesheet leaves for later (`.sections-on-demand`), one
 * per idle moment, once the page has hydrated (app/lib/sections-when-idle.ts; on an islands
 * page app/islands/home.ts calls it).
 */
function useSectionsWhenIdle(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => (ref.current ? layOutWhenIdle(ref.current) : undefined), [ref]);
}

/**
 * The home page from the brand strip down, in the spec's order: brands, six service cards,
 * packages, graphics gallery, video portfolio, image carousel, client feedback, the 'Get
 * Started' banner, one-time offers, the enquiry form and the newsletter box. A section whose
 * list staff emptied is left out.
 */
export function HomeBelowFold({
  prices,
  portfolio,
  content,
  words,
  banner,
}: {
  prices: Record<string, number>;
  portfolio: readonly PortfolioItem[];
  content: HomeContent;
  /** The home page's words and the banners' (edited in Site content). */
  words: HomeWords;
  banner: Pick<BannerWords, "homeHeading" | "homeText" | "homeButton">;
}) {
  const contact = useContactDetails();
  const address = postalAddressOf(contact);
  const onDemand = useRef<HTMLDivElement>(null);
  useSectionsWhenIdle(onDemand);
  return (
    <>
      <div ref={onDemand} data-island="sections" className="sections-on-demand">
        <BrandsStrip brands={content.brands} heading={words.brandsHeading} />
        <section aria-labelledby="services-title" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page">
            <SectionHeading
              id="services-title"
              badge={words.servicesBadge}
              title={words.servicesHeading}
              intro={words.servicesText}
            />
            <div className="mt-12">
              <ServiceCards items={content.services} />
            </div>
            <div className="mt-10 text-center">
              <Link to="/services" className={buttonPrimary}>
                Explore Our Services
              </Link>
            </div>
          </div>
        </section>
        <PackagesSection packages={content.packages} prices={prices} words={words} />
        <GraphicsGallery gallery={content.gallery} words={words} />
        <PortfolioVideos items={portfolio} words={words} />
        {content.slides.length > 0 && (
          <section aria-labelledby="highlights-title" className="bg-white py-16 md:py-24">
            <div className="container-page">
              <SectionHeading
                id="highlights-title"
                badge={words.highlightsBadge}
                title={words.highlightsHeading}
              />
              <div className="mt-12">
                <ImageCarousel slides={content.slides} />
              </div>
            </div>
          </section>
        )}
        {content.testimonials.length > 0 && (
          <section aria-labelledby="feedback-title" className="bg-brand-50 py-16 md:py-24">
            <div className="container-page">
              <SectionHeading
                id="feedback-title"
                badge={words.feedbackBadge}
                title={words.feedbackHeading}
              />
              <div className="mt-12">
                <TestimonialCarousel testimonials={content.testimonials} />
              </div>
            </div>
          </section>
        )}
        <section aria-labelledby="cta-title" className="bg-white py-16">
          <div className="container-page">
            <div className="relative flex flex-col items-center justify-between gap-6 overflow-hidden rounded-3xl bg-accent px-8 py-10 text-center md:flex-row md:px-12 md:text-left">
              <div
                aria-hidden="true"
                className="absolute -top-16 -right-10 size-48 rounded-full border-[1.5rem] border-white/25"
              />
              <div className="relative">
                <h2 id="cta-title" className="text-3xl font-extrabold text-navy">
                  {banner.homeHeading}
                </h2>
                {banner.homeText && <p className="mt-2 text-lg text-navy">{banner.homeText}</p>}
              </div>
              <Link
                to="/contact"
                className="relative shrink-0 rounded-full bg-navy px-8 py-3.5 font-bold text-white hover:bg-brand"
              >
                {banner.homeButton}
              </Link>
            </div>
          </div>
        </section>
        <OneTimeOffers offers={content.offers} prices={prices} words={words} />
        <section aria-labelledby="enquiry-title" className="bg-white py-16 md:py-24">
          <div className="container-page grid gap-12 md:grid-cols-[1fr_1.3fr]">
            <div>
              <SectionHeading
                id="enquiry-title"
                badge={words.enquiryBadge}
                title={words.enquiryHeading}
                intro={words.enquiryText}
                align="left"
              />
              <ul className="mt-8 space-y-3 text-ink">
                {contact.phone && (
                  <li>
                    <span className="font-semibold">Phone:</span>{" "}
                    <a href={telHref(contact.phone)} className="text-brand underline">
                      {contact.phone}
                    </a>
                  </li>
                )}
                {contact.email && (
                  <li>
                    <span className="font-semibold">Email:</span>{" "}
                    <a href={mailtoHref(contact.email)} className="text-brand underline">
                      {contact.email}
                    </a>
                  </li>
                )}
                {address && (
                  <li>
                    <span className="font-semibold">Office:</span> {address}
                  </li>
                )}
                {contact.officeHours && (
                  <li>
                    <span className="font-semibold">Hours:</span> {contact.officeHours}
                  </li>
                )}
              </ul>
            </div>
            <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-black/5 md:p-8">
              <HomeEnquiryForm />
            </div>
          </div>
        </section>
        <NewsletterBox words={words} />
      </div>
    </>
  );
}
