import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import type { ContentImage } from "../../common/schemas/content.ts";
import { KeepServerHtml } from "../components/forms/deferred-forms.tsx";
import { EnquiryForm } from "../components/forms/enquiry-form.tsx";
import { deferredComponent } from "../components/home/deferred.ts";
import { ServiceEnquiry } from "../components/service/service-enquiry.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { SectionHeading } from "../components/sections/section-heading.tsx";
import { RateCards } from "../components/service/rate-cards.tsx";
import { CheckIcon } from "../components/ui/icons.tsx";
import { Reveal } from "../components/ui/reveal.tsx";
import { findPackage, PACKAGE_FORM_ANCHOR } from "../copy/packages-copy.ts";
import { serviceIntros } from "../copy/service-details-copy.ts";
import { serviceByPath } from "../copy/services-copy.ts";
import { loadPrices } from "../lib/prices.server.ts";
import { identityFrom, originFrom, pageTitle, seo } from "../lib/seo.ts";
import { forSale } from "../lib/for-sale.ts";
import { withoutIds } from "../lib/shown-content.ts";
import type { Route } from "./+types/service-page";
import { islandsPage } from "../islands/switch.ts";

export { siteFormAction as action } from "../lib/site-form-action.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

// Shown by one service page each, below the fold: not in the scripts of the seven pages. The
// server renders them in full (the loader loads them first); the browser loads one when its
// page renders it and hydrates it then (docs/decisions/0016).
const PackagesSection = deferredComponent(() =>
  import("../components/packages/packages-section.tsx").then((module) => module.PackagesSection),
);
const GraphicsGallery = deferredComponent(() =>
  import("../components/gallery/graphics-gallery.tsx").then((module) => module.GraphicsGallery),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Client navigations fetch "<path>.data": the page is the path without that suffix.
  const service = serviceByPath(url.pathname.replace(/\.data$/, ""));
  if (!service) throw data("Not found", { status: 404 });
  const siteServices = context.get(siteServicesContext);
  const { slug } = service;
  const priced = slug === "social-media-management" || slug === "video-creation" || slug === "ads";
  const [prices, content] = await Promise.all([
    priced ? loadPrices(siteServices) : {},
    siteServices.content.all(),
    slug === "social-media-management" && PackagesSection.preload(),
    slug === "branding" && GraphicsGallery.preload(),
  ]);
  // Only the content this service's page shows.
  const blocks = content["service-blocks"]
    .filter((block) => block.page === slug)
    .map(({ title, text, image, options }) => ({ title, text, image, options }));
  const packages = slug === "social-media-management" ? content.packages : [];
  // "Choose Package" links here with ?package=<slug>: that package is the form's default.
  const chosenPackage = findPackage(packages, url.searchParams.get("package"))?.name ?? null;
  return {
    slug,
    // This service's intro and blocks only: the other six pages' texts stay out of the
    // browser's scripts.
    intro: serviceIntros[slug],
    blocks,
    prices,
    chosenPackage,
    packages: forSale(packages, "package", prices, siteServices.payments.enabled),
    rates: forSale(
      slug === "video-creation" ? content["video-rates"] : [],
      "video-rate",
      prices,
      siteServices.payments.enabled,
    ),
    adsOffers: forSale(
      slug === "ads" ? content["ads-offers"] : [],
      "ads-offer",
      prices,
      siteServices.payments.enabled,
    ),
    gallery: withoutIds(slug === "branding" ? content.gallery : []),
  };
}

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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = loaderData && serviceByPath(`/${loaderData.slug}`);
  if (!service) return [{ title: pageTitle("Page not found", identityFrom(matches)) }];
  return seo({
    title: service.name,
    description: service.summary,
    path: service.path,
    origin: originFrom(matches),
    identity: identityFrom(matches),
    image: undefined,
    matches,
  });
};

// Neighbouring sections take turns between white and tinted backgrounds.
/** Pages whose blocks are followed by a white section (packages, gallery). */
const followedByWhite = new Set(["social-media-management", "branding"]);
/** Pages whose enquiry follows a tinted section (package form, rates, offers). */
const afterTinted = new Set(["social-media-management", "video-creation", "ads"]);

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

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const service = serviceByPath(`/${loaderData.slug}`)!;
  const { intro, blocks } = loaderData;
  // The enquiry form's options: what the blocks offer, in their order, each once. The form
  // needs one to be ticked: with none offered, the service itself is the one.
  const offered = [...new Set(blocks.flatMap((block) => block.options))];
  const options = offered.length > 0 ? offered : [service.name];
  const { prices, chosenPackage, packages, rates, adsOffers, gallery } = loaderData;
  useSelectChosenPackage(chosenPackage);
  return (
    <>
      <PageHero title={service.name} subtitle={intro} image={service.image} crumb={service.name}>
        <a
          href="#enquiry"
          className="mt-8 inline-flex rounded-full bg-accent px-6 py-3 font-bold text-navy hover:bg-accent-soft"
        >
          Request this service
        </a>
      </PageHero>
      {blocks.length > 0 && (
        <section
          id="blocks"
          aria-labelledby="blocks-title"
          // Scrolled to (the back office's "View on site") below the fixed header (h-18).
          className={`scroll-mt-18 py-16 md:py-24 ${followedByWhite.has(service.slug) ? "bg-brand-50" : "bg-white"}`}
        >
          <div className="container-page">
            <SectionHeading
              id="blocks-title"
              badge="What You Get"
              title={`Our ${service.name} Services`}
            />
            <ul
              className={`mt-12 grid gap-6 sm:grid-cols-2 ${blocks.length % 3 === 0 || blocks.length === 5 ? "lg:grid-cols-3" : blocks.length === 2 ? "mx-auto max-w-4xl" : "lg:grid-cols-4"}`}
            >
              {blocks.map((block, index) => (
                <Reveal as="li" key={index} delay={50 + index * 150}>
                  <div
                    className={`h-full rounded-2xl p-6 ${followedByWhite.has(service.slug) ? "bg-white shadow-md ring-1 ring-black/5" : "bg-brand-50"}`}
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

      {service.slug === "social-media-management" && packages.length > 0 && (
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
              <SectionHeading
                id="package-form-title"
                badge="Packages"
                title="Get Started With a Package"
                intro="Choose a package and a contract, and we will set up your account within days."
              />
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
      {service.slug === "branding" && (
        <KeepServerHtml>
          <GraphicsGallery gallery={gallery} />
        </KeepServerHtml>
      )}
      {service.slug === "video-creation" && rates.length > 0 && (
        <section aria-labelledby="rates-title" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page">
            <SectionHeading
              id="rates-title"
              badge="Rates"
              title="Video Rates"
              intro="Background music included. Delivery in 2-5 days."
            />
            <div className="mt-12">
              <RateCards blocks={rates} prices={prices} />
            </div>
          </div>
        </section>
      )}
      {service.slug === "ads" && adsOffers.length > 0 && (
        <section aria-labelledby="offers-title" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page">
            <SectionHeading
              id="offers-title"
              badge="Offers"
              title="Ads Campaign Offers"
              intro="Delivery in 2-5 days."
            />
            <div className="mt-12">
              <RateCards blocks={adsOffers} prices={prices} columns={2} />
            </div>
          </div>
        </section>
      )}

      <ServiceEnquiry
        serviceName={service.name}
        options={options}
        tone={afterTinted.has(service.slug) ? "white" : "tinted"}
      />
    </>
  );
}
