import type { SiteServices } from "../../common/load-context.ts";
import type { Service, SiteContent } from "../../common/schemas/content.ts";
import { GraphicsGallery, PackagesSection } from "../components/service/service-page.tsx";
import { findPackage } from "../copy/packages-copy.ts";
import { forSale } from "./for-sale.ts";
import { loadPrices } from "./prices.server.ts";
import { servicePathOf } from "./nav-services.ts";
import { illustrationOf } from "./services.ts";
import { withoutIds } from "./shown-content.ts";

// A service's page (issue 47, decision 0048): what /{slug} shows when a service of the services
// list has that address. Only this service's words and blocks go into the page's data.

/** The extra sections that show prices. */
const PRICED = new Set<Service["extra"]>(["packages", "video-rates", "ads-offers"]);

export async function loadServicePage(
  service: Service,
  content: SiteContent,
  url: URL,
  siteServices: SiteServices,
) {
  const { extra } = service;
  const [prices] = await Promise.all([
    PRICED.has(extra) ? loadPrices(siteServices) : {},
    extra === "packages" && PackagesSection.preload(),
    extra === "gallery" && GraphicsGallery.preload(),
  ]);
  const blocks = content["service-blocks"]
    .filter((block) => block.page === service.slug)
    .map(({ title, text, image, options }) => ({ title, text, image, options }));
  const packages = extra === "packages" ? content.packages : [];
  // "Choose Package" links here with ?package=<slug>: that package is the form's default.
  const chosenPackage = findPackage(packages, url.searchParams.get("package"))?.name ?? null;
  const { enabled } = siteServices.payments;
  return {
    kind: "service" as const,
    service: {
      ...service,
      path: servicePathOf(service.slug),
      picture: illustrationOf(service),
    },
    blocks,
    prices,
    chosenPackage,
    packages: forSale(packages, "package", prices, enabled),
    rates: forSale(
      extra === "video-rates" ? content["video-rates"] : [],
      "video-rate",
      prices,
      enabled,
    ),
    adsOffers: forSale(
      extra === "ads-offers" ? content["ads-offers"] : [],
      "ads-offer",
      prices,
      enabled,
    ),
    gallery: withoutIds(extra === "gallery" ? content.gallery : []),
  };
}

export type ServicePageData = Awaited<ReturnType<typeof loadServicePage>>;
