import type { MetaDescriptor } from "react-router";
import { defaultIdentity, type SiteIdentity } from "../../common/schemas/identity.ts";
import { site } from "../../common/site-config.ts";

export { identityFrom } from "./identity.ts";

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
  identity?: Pick<SiteIdentity, "name" | "tagline" | "shareImage">;
  /** Absolute or root-relative URL of the share image (else the identity's, else the built-in). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** ISO date of publication, for articles. */
  publishedTime?: string;
  noindex?: boolean;
}

/** A page's <title>: "<page> | <site name>"; the home page (no title) names the tagline. */
export function pageTitle(
  title?: string,
  identity: Pick<SiteIdentity, "name" | "tagline"> = defaultIdentity,
): string {
  return title ? `${title} | ${identity.name}` : `${identity.name} | ${identity.tagline}`;
}

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function seo(page: PageSeo): MetaDescriptor[] {
  const identity = page.identity ?? defaultIdentity;
  const title = pageTitle(page.title, identity);
  const shareImage = page.image ?? identity.shareImage?.src;
  const url = `${page.origin}${page.path === "/" ? "/" : page.path.replace(/\/+$/, "")}`;
  const image = shareImage
    ? shareImage.startsWith("http")
      ? shareImage
      : `${page.origin}${shareImage}`
    : `${page.origin}/images/og-default.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: identity.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: page.imageAlt ?? identity.name },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
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
