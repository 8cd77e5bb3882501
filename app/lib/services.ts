import { useContext } from "react";
import { UNSAFE_DataRouterDataContext } from "react-router";
import { builtInIllustrationPath } from "../../common/content/services.ts";
import type { Service } from "../../common/schemas/content.ts";
import { SITE_LAYOUT_ROUTE_ID } from "./contact-details.tsx";
import { defaultNavServices, servicePathOf, type NavService } from "./nav-services.ts";

export { navServiceOf, type NavService } from "./nav-services.ts";

// The services (Site content, "Services"; issue 47, decision 0048) as the menus, the footer,
// the 404 page and the cards show them. The public layout's loader reads the list on every
// page; components read it here, so no page threads it through props.

/**
 * The services the public layout loaded; the built-in seven outside it (its own error page,
 * the back office, a component rendered on its own in a unit test).
 */
export function useServices(): readonly NavService[] {
  const state = useContext(UNSAFE_DataRouterDataContext);
  const data = state?.loaderData[SITE_LAYOUT_ROUTE_ID] as
    { services?: readonly NavService[] } | undefined;
  return data?.services ?? defaultNavServices;
}

/** A service's card (Our Services, the home page). */
export interface ServiceCard {
  slug: string;
  path: string;
  name: string;
  summary: string;
  /** The uploaded picture, else the built-in illustration. */
  image: string;
  /** An uploaded picture's alt text; the built-in illustrations are decoration (""). */
  imageAlt: string;
}

/** The picture a service shows on its card and its page's hero. */
export function illustrationOf(service: Pick<Service, "illustration" | "image">) {
  return service.image
    ? { src: service.image.src, alt: service.image.alt }
    : { src: builtInIllustrationPath(service.illustration), alt: "" };
}

export function serviceCardOf(service: Service): ServiceCard {
  const picture = illustrationOf(service);
  return {
    slug: service.slug,
    path: servicePathOf(service.slug),
    name: service.name,
    summary: service.summary,
    image: picture.src,
    imageAlt: picture.alt,
  };
}
