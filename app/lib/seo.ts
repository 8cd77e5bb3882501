import { shareCardSrc } from "../../common/built-in-pictures.ts";
import type { MetaDescriptor } from "react-router";
import { defaultIdentity, type SiteIdentity } from "../../common/identity.ts";
import type { OwnSearch } from "../../common/schemas/content.ts";
import { site } from "../../common/site-config.ts";
import { everywhereImage } from "../../common/share-image.ts";
import { SITE_LAYOUT_ROUTE_ID } from "./contact-details.tsx";

import { identityFrom } from "./identity.ts";

export { identityFrom };

interface RouteMatchLike {
  id: string;
  loaderData?: unknown;
}

/** The public origin the root loader exposes (PUBLIC_ORIGIN), for absolute URLs in meta tags. */
export function originFrom(matches: readonly (RouteMatchLike | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.loaderData as { origin?: string } | undefined;
  return data?.origin ?? site.defaultOrigin;
}

export interface PageSeo {
  /** Page title without the agency name; omit for the home page. */
  title?: string;
  description: string;
  /** Path of the page, e.g. "/about": the canonical URL is origin + path. */
  path: string;
  origin: string;
  /** The agency's name, tagline and share picture (`identityFrom(matches)`); else the defaults. */
  identity?: Pick<
    SiteIdentity,
    "name" | "tagline" | "shareImage" | "primaryColour" | "accentColour"
  >;
  /** Absolute or root-relative URL of the share image (else the identity's, else the built-in). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** ISO date of publication, for articles. */
  publishedTime?: string;
  noindex?: boolean;
  /**
   * The route matches, for the search title, description and share image staff set for the
   * page at `path` (Site content, "Search and sharing"): each replaces the page's own.
   */
  matches?: readonly (RouteMatchLike | undefined)[];
}

/** What staff set for the page at `path`, from the public layout's loader data. */
export function ownSearchFrom(
  matches: readonly (RouteMatchLike | undefined)[],
  path: string,
): OwnSearch {
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID);
  const data = layout?.loaderData as { search?: Record<string, OwnSearch> } | undefined;
  return data?.search?.[path] ?? {};
}

/**
 * A page's <title>: "<page> | <site name>"; the home page (no title) names the tagline. A title
 * that names the agency already (a search title staff wrote as "Terms | Lagos Bloom Media")
 * stays as it is: the name is never added twice.
 */
export function pageTitle(
  title?: string,
  identity: Pick<SiteIdentity, "name" | "tagline"> = defaultIdentity,
): string {
  if (!title) return `${identity.name} | ${identity.tagline}`;
  return title.toLowerCase().includes(identity.name.toLowerCase())
    ? title
    : `${title} | ${identity.name}`;
}

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function seo(page: PageSeo): MetaDescriptor[] {
  const identity =
    page.identity ?? (page.matches ? identityFrom(page.matches) : undefined) ?? defaultIdentity;
  const own = page.matches ? ownSearchFrom(page.matches, page.path) : {};
  const title = own.title ?? pageTitle(page.title, identity);
  const description = own.description ?? page.description;
  const url = `${page.origin}${page.path === "/" ? "/" : page.path.replace(/\/+$/, "")}`;
  const shared = own.image?.src ?? page.image ?? identity.shareImage?.src;
  const imagePath = shared && everywhereImage(shared, page.origin);
  const image = imagePath
    ? imagePath.startsWith("http")
      ? imagePath
      : `${page.origin}${imagePath}`
    : `${page.origin}${shareCardSrc(identity)}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: identity.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: own.image?.alt ?? page.imageAlt ?? identity.name },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (page.publishedTime) {
    tags.push({ property: "article:published_time", content: page.publishedTime });
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** A JSON-LD block for a route's meta export. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
