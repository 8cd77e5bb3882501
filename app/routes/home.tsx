import { shareCardSrc } from "../../common/built-in-pictures.ts";
import { Suspense, useMemo } from "react";
import { homeWordFields, wordList, wordsOfList } from "../../common/content/page-words.ts";
import type { HomeWords } from "../../common/schemas/content.ts";
import { Link } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { site } from "../../common/site-config.ts";
import { FloatingEnquiry } from "../components/forms/floating-enquiry.tsx";
import { deferredComponent } from "../components/home/deferred.ts";
import { socialLinksOf } from "../components/layout/social-links.ts";
import { Claims } from "../components/sections/claims.tsx";
import { PagePictureImage } from "../components/sections/page-picture.tsx";
import { SectionHeading } from "../components/sections/section-heading.tsx";
import { CheckIcon } from "../components/ui/icons.tsx";
import { Reveal } from "../components/ui/reveal.tsx";
import { buttonOutlineLight, buttonPrimary } from "../components/ui/styles.ts";
import { portfolioItems } from "../copy/portfolio-copy.ts";
import { contactFrom } from "../lib/contact-details.tsx";
import { loadPrices } from "../lib/prices.server.ts";
import { useIdentity } from "../lib/identity.ts";
import { identityFrom, jsonLd, originFrom, seo } from "../lib/seo.ts";
import { forSale } from "../lib/for-sale.ts";
import { withoutIds } from "../lib/shown-content.ts";
import { serviceCardOf } from "../lib/services.ts";
import type { Route } from "./+types/home";
import { islandsPage } from "../islands/switch.ts";

export { siteFormAction as action } from "../lib/site-form-action.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

// Everything below the About Us section is its own chunk (performance budget: ≤ 130 KB of
// JavaScript on the first visit). The server renders it in full; the browser hydrates it a
// moment after the hero and About Us.
const HomeBelowFold = deferredComponent(() =>
  import("../components/home/home-below-fold.tsx").then((module) => module.HomeBelowFold),
);
if (typeof document !== "undefined") void HomeBelowFold.preload();

export async function loader({ context }: Route.LoaderArgs) {
  const siteServices = context.get(siteServicesContext);
  const [prices, videos, content] = await Promise.all([
    loadPrices(siteServices),
    siteServices.videos.list().catch(() => []),
    siteServices.content.all(),
    HomeBelowFold.preload(),
  ]);
  // Only the editable content the home page shows, without ids (the payload stays small).
  return {
    prices,
    // The first six visible videos in the back office's order, then built-in samples.
    portfolio: portfolioItems(videos, content.contact.youtube, content.setup.sampleVideos),
    claims: withoutIds(content.claims),
    words: wordList(homeWordFields, content["home-page"]),
    // Only the home page's banner (the closing one is not shown here).
    banner: {
      homeHeading: content.banners.homeHeading,
      homeText: content.banners.homeText,
      homeButton: content.banners.homeButton,
    },
    content: {
      brands: withoutIds(content.brands),
      services: content.services.filter((service) => service.onHome).map(serviceCardOf),
      packages: forSale(content.packages, "package", prices, siteServices.payments.enabled),
      gallery: withoutIds(content.gallery),
      slides: withoutIds(content.slides),
      testimonials: withoutIds(content.testimonials),
      offers: forSale(content.offers, "offer", prices, siteServices.payments.enabled),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  const identity = identityFrom(matches);
  // The contact details come from the public layout's loader (edited in the back office).
  const contact = contactFrom(matches);
  return [
    ...seo({ description: identity.description, path: "/", origin, identity, matches }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": ["Organization", "LocalBusiness"],
      name: identity.name,
      description: identity.description,
      url: `${origin}/`,
      logo: `${origin}${identity.logo?.src ?? "/favicon.svg"}`,
      image: `${origin}${identity.shareImage?.src ?? shareCardSrc(identity)}`,
      ...(contact && {
        telephone: contact.phone,
        email: contact.email,
        address: {
          "@type": "PostalAddress",
          streetAddress: contact.street,
          addressLocality: contact.city,
          ...(contact.region && { addressRegion: contact.region }),
          // The ISO code while the country is the configured one; else its name (also valid).
          addressCountry:
            contact.country === site.address.country ? site.address.countryCode : contact.country,
        },
        // Free-text hours cannot be read by machines: stated only while they are the defaults
        // these opening hours were written for.
        ...(contact.officeHours === site.officeHours && { openingHours: "Mo-Sa 08:00-17:00" }),
      }),
      priceRange: "₦₦",
      ...(contact && {
        sameAs: [
          ...socialLinksOf(contact).map((link) => link.href),
          ...(contact.youtube ? [contact.youtube] : []),
        ],
      }),
    }),
  ];
};

type HomeData = Route.ComponentProps["loaderData"];

function Hero({ claims, words }: Pick<HomeData, "claims"> & { words: HomeWords }) {
  const { name, tagline } = useIdentity();
  return (
    <section className="relative bg-gradient-to-br from-brand via-brand to-navy pt-28 pb-16 text-white md:pt-36 md:pb-24">
      <div aria-hidden="true" className="absolute inset-0 overflow-hidden">
        <div className="absolute -top-40 -right-40 size-[30rem] rounded-full border-[3rem] border-white/5" />
        <div className="absolute -bottom-48 -left-32 size-96 rounded-full bg-white/5" />
      </div>
      <div className="container-page relative grid items-center gap-10 md:grid-cols-2">
        {/* Room on the right for the 'Send Enquiry' tab on phones. */}
        <div className="pr-12 md:pr-0">
          <Reveal delay={50}>
            <p className="inline-block rounded-full bg-white/10 px-4 py-1 text-sm font-bold text-accent-soft">
              {words.heroBadge || `Welcome to ${name}`}
            </p>
          </Reveal>
          <Reveal delay={200}>
            <h1 className="mt-4 text-4xl leading-tight font-extrabold md:text-6xl">
              {words.heroHeading || name}
            </h1>
          </Reveal>
          <Reveal delay={350}>
            <p className="mt-5 max-w-xl text-lg text-brand-100 md:text-xl">
              {words.heroText || `${tagline}.`}
            </p>
          </Reveal>
          <Reveal delay={500} className="mt-8 flex flex-wrap gap-4">
            <Link to="/contact" className={buttonPrimary}>
              Get in Touch
            </Link>
            <Link to="/services" className={buttonOutlineLight}>
              Learn more<span className="sr-only"> about our services</span>
            </Link>
          </Reveal>
          {claims.length > 0 && (
            <Reveal delay={650} className="mt-10 max-w-lg">
              <Claims claims={claims} light />
            </Reveal>
          )}
        </div>
        <PagePictureImage
          picture={words.heroPicture}
          width={640}
          height={560}
          className="mx-auto hidden w-full max-w-lg md:block"
        />
      </div>
      <FloatingEnquiry />
    </section>
  );
}

function AboutUs({ words }: { words: HomeWords }) {
  const cards = [
    { title: words.aboutCard1Title, text: words.aboutCard1Text },
    { title: words.aboutCard2Title, text: words.aboutCard2Text },
  ];
  return (
    <section aria-labelledby="about-title" className="overflow-hidden bg-white py-16 md:py-24">
      {/* Without its picture the words take the whole width. */}
      <div
        className={`container-page grid items-center gap-12${words.aboutPicture ? " md:grid-cols-2" : ""}`}
      >
        {words.aboutPicture && (
          <Reveal effect="left" delay={50}>
            <PagePictureImage
              picture={words.aboutPicture}
              width={560}
              height={480}
              className="w-full rounded-3xl shadow-xl"
            />
          </Reveal>
        )}
        <div>
          <Reveal delay={150}>
            <SectionHeading
              id="about-title"
              badge={words.aboutBadge}
              title={words.aboutHeading}
              align="left"
            />
          </Reveal>
          <Reveal delay={300}>
            <p className="mt-5 text-lg text-muted">{words.aboutText}</p>
          </Reveal>
          <div className="mt-8 grid gap-4 sm:grid-cols-2">
            {cards.map((card, index) => (
              <Reveal key={index} delay={450 + index * 200}>
                <div className="h-full rounded-2xl bg-brand-50 p-5">
                  <span className="flex size-10 items-center justify-center rounded-full bg-accent text-navy">
                    <CheckIcon />
                  </span>
                  <h3 className="mt-3 text-lg font-bold text-navy">{card.title}</h3>
                  <p className="mt-1 text-muted">{card.text}</p>
                </div>
              </Reveal>
            ))}
          </div>
          <Reveal delay={900}>
            <Link
              to="/about"
              className="mt-8 inline-flex rounded-full bg-brand px-6 py-3 font-bold text-white hover:bg-brand-700"
            >
              Learn More<span className="sr-only"> about us</span>
            </Link>
          </Reveal>
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { prices, portfolio, banner } = loaderData;
  const words = useMemo(() => wordsOfList(homeWordFields, loaderData.words), [loaderData.words]);
  return (
    <>
      <Hero claims={loaderData.claims} words={words} />
      <AboutUs words={words} />
      <Suspense>
        <HomeBelowFold
          prices={prices}
          portfolio={portfolio}
          content={loaderData.content}
          words={words}
          banner={banner}
        />
      </Suspense>
    </>
  );
}
