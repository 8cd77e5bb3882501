import { siteServicesContext } from "../../common/load-context.ts";
import { derivedDescription } from "../lib/search-descriptions.ts";
import { Claims } from "../components/sections/claims.tsx";
import { closingBanner, LetsGetStarted } from "../components/sections/lets-get-started.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { SectionHeading } from "../components/sections/section-heading.tsx";
import { ServiceCards } from "../components/sections/service-cards.tsx";
import { serviceCardOf } from "../lib/services.ts";
import { identityFrom, originFrom, seo } from "../lib/seo.ts";
import { withoutIds } from "../lib/shown-content.ts";
import type { Route } from "./+types/services";
import { islandsPage } from "../islands/switch.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteServicesContext).content.all();
  return {
    claims: withoutIds(content.claims),
    words: content["services-page"],
    services: content.services.map(serviceCardOf),
    banner: closingBanner(content.banners),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Our Services",
    description: derivedDescription("services", identityFrom(matches)),
    path: "/services",
    origin: originFrom(matches),
    identity: identityFrom(matches),
    matches,
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { claims, words, banner, services } = loaderData;
  return (
    <>
      <PageHero title={words.heroTitle} subtitle={words.heroText || undefined} crumb="Our Services">
        {claims.length > 0 && (
          <div className="mt-10 max-w-xl">
            <Claims claims={claims} light />
          </div>
        )}
      </PageHero>
      <section aria-labelledby="all-services" className="bg-brand-50 py-16 md:py-24">
        <div className="container-page">
          <SectionHeading
            id="all-services"
            badge={words.listBadge}
            title={words.listHeading}
            intro={words.listText}
          />
          <div className="mt-12">
            <ServiceCards items={services} />
          </div>
        </div>
      </section>
      <LetsGetStarted banner={banner} />
    </>
  );
}
