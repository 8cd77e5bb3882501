import { useEffect } from "react";
import { useLocation } from "react-router";
import type { ContentImage } from "../../../common/schemas/content.ts";
import { PACKAGE_FORM_ANCHOR } from "../../copy/packages-copy.ts";
import type { ServicePageData } from "../../lib/service-page.server.ts";
import { KeepServerHtml } from "../forms/deferred-forms.tsx";
import { EnquiryForm } from "../forms/enquiry-form.tsx";
import { deferredComponent } from "../home/deferred.ts";
import { PageHero } from "../sections/page-hero.tsx";
import { SectionHeading } from "../sections/section-heading.tsx";
import { CheckIcon } from "../ui/icons.tsx";
import { Reveal } from "../ui/reveal.tsx";
import { RateCards } from "./rate-cards.tsx";
import { ServiceEnquiry } from "./service-enquiry.tsx";

// A service's page (issue 47, decision 0048): its hero, its blocks, its extra section and its
// enquiry, every word from its item of the services list. The route is /:slug
// (app/routes/page.tsx), which serves a service's page before a page staff made.

// Shown by one service page each, below the fold: not in the scripts of the other pages. The
// server renders them in full (the loader loads them first); the browser loads one when its
// page renders it and hydrates it then (docs/decisions/0016).
export const PackagesSection = deferredComponent(() =>
  import("../packages/packages-section.tsx").then((module) => module.PackagesSection),
);
export const GraphicsGallery = deferredComponent(() =>
  import("../gallery/graphics-gallery.tsx").then((module) => module.GraphicsGallery),
);

/**
 * With JavaScript, "Choose Package" on this page is a client navigation: the package select is
 * already on the page, and a changed default value does not change what it shows. Each such
 * navigation selects the chosen package (a visitor who then picks another keeps theirs).
 */
function useSelectChosenPackage(chosenPackage: string | null) {
  const { key } = useLocation();
  useEffect(() => {
    if (!chosenPackage) return;
    const select = document.querySelector<HTMLSelectElement>(
      'form#package-form select[name="package"]',
    );
    if (select) select.value = chosenPackage;
  }, [chosenPackage, key]);
}

// Neighbouring sections take turns between white and tinted backgrounds.
/** Extra sections that follow the blocks on white (so the blocks are tinted). */
const followedByWhite = new Set(["packages", "gallery"]);
/** Extra sections that end tinted (so the enquiry is white). */
const afterTinted = new Set(["packages", "video-rates", "ads-offers"]);

/** A block's picture (uploads come with WebP widths for `srcset`), above its title. */
function BlockPicture({ image }: { image: ContentImage }) {
  const srcSet = image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
  return (
    <img
      src={image.src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? "(min-width: 1024px) 280px, (min-width: 640px) 45vw, 90vw" : undefined}
      alt={image.alt}
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      className="aspect-video w-full rounded-xl bg-white object-cover"
    />
  );
}

/** The heading of the extra section (package form, rates, offers): its badge, title and text. */
function ExtraHeading({ id, service }: { id: string; service: ServicePageData["service"] }) {
  return (
    <SectionHeading
      id={id}
      badge={service.extraBadge || undefined}
      title={service.extraTitle || service.name}
      intro={service.extraIntro || undefined}
    />
  );
}

export function ServicePage({ data }: { data: ServicePageData }) {
  const { service, blocks, prices, chosenPackage, packages, rates, adsOffers, gallery } = data;
  // The enquiry form's options: what the blocks offer, in their order, each once. The form
  // needs one to be ticked: with none offered, the service itself is the one.
  const offered = [...new Set(blocks.flatMap((block) => block.options))];
  const options = offered.length > 0 ? offered : [service.name];
  useSelectChosenPackage(chosenPackage);
  const tintedBlocks = followedByWhite.has(service.extra);
  return (
    <>
      <PageHero
        title={service.name}
        subtitle={service.heroText}
        image={service.picture.src}
        imageAlt={service.picture.alt}
        crumb={service.name}
      >
        <a
          href="#enquiry"
          className="mt-8 inline-flex rounded-full bg-accent px-6 py-3 font-bold text-navy hover:bg-accent-soft"
        >
          {service.heroButton}
        </a>
      </PageHero>
      {blocks.length > 0 && (
        <section
          id="blocks"
          aria-labelledby="blocks-title"
          // Scrolled to (the back office's "View on site") below the fixed header (h-18).
          className={`scroll-mt-18 py-16 md:py-24 ${tintedBlocks ? "bg-brand-50" : "bg-white"}`}
        >
          <div className="container-page">
            <SectionHeading
              id="blocks-title"
              badge={service.blocksBadge}
              title={service.blocksTitle}
            />
            <ul
              className={`mt-12 grid gap-6 sm:grid-cols-2 ${blocks.length % 3 === 0 || blocks.length === 5 ? "lg:grid-cols-3" : blocks.length === 2 ? "mx-auto max-w-4xl" : "lg:grid-cols-4"}`}
            >
              {blocks.map((block, index) => (
                <Reveal as="li" key={index} delay={50 + index * 150}>
                  <div
                    className={`h-full rounded-2xl p-6 ${tintedBlocks ? "bg-white shadow-md ring-1 ring-black/5" : "bg-brand-50"}`}
                  >
                    {block.image ? (
                      <BlockPicture image={block.image} />
                    ) : (
                      <span className="flex size-11 items-center justify-center rounded-xl bg-brand text-white">
                        <CheckIcon />
                      </span>
                    )}
                    <h3 className="mt-4 text-lg font-bold text-navy">{block.title}</h3>
                    <p className="mt-2 text-muted">{block.text}</p>
                  </div>
                </Reveal>
              ))}
            </ul>
          </div>
        </section>
      )}

      {service.extra === "packages" && packages.length > 0 && (
        <>
          <KeepServerHtml>
            <PackagesSection packages={packages} prices={prices} />
          </KeepServerHtml>
          {/* Scrolled to below the fixed header (h-18), so the heading shows. */}
          <section
            id={PACKAGE_FORM_ANCHOR}
            aria-labelledby="package-form-title"
            className="scroll-mt-18 bg-brand-50 py-16 md:py-24"
          >
            <div className="container-page max-w-3xl">
              <ExtraHeading id="package-form-title" service={service} />
              <div className="mt-10 rounded-3xl bg-white p-6 shadow-xl md:p-8">
                <EnquiryForm
                  kind="package"
                  intent="package-form"
                  submitLabel="Submit"
                  busyLabel="submitting..."
                  wide
                  packages={packages.map((pack) => pack.name)}
                  defaultPackage={chosenPackage ?? undefined}
                />
              </div>
            </div>
          </section>
        </>
      )}
      {service.extra === "gallery" && (
        <KeepServerHtml>
          <GraphicsGallery gallery={gallery} />
        </KeepServerHtml>
      )}
      {service.extra === "video-rates" && rates.length > 0 && (
        <section aria-labelledby="rates-title" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page">
            <ExtraHeading id="rates-title" service={service} />
            <div className="mt-12">
              <RateCards blocks={rates} prices={prices} />
            </div>
          </div>
        </section>
      )}
      {service.extra === "ads-offers" && adsOffers.length > 0 && (
        <section aria-labelledby="offers-title" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page">
            <ExtraHeading id="offers-title" service={service} />
            <div className="mt-12">
              <RateCards blocks={adsOffers} prices={prices} columns={2} />
            </div>
          </div>
        </section>
      )}

      <ServiceEnquiry
        serviceName={service.name}
        words={service}
        options={options}
        tone={afterTinted.has(service.extra) ? "white" : "tinted"}
      />
    </>
  );
}
