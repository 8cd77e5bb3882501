import { site } from "./site-config.ts";

/**
 * The agency's identity as the pages read it (issue 29, decision 0027): its types, the
 * defaults and the icons' addresses, without zod, so a public page's first scripts do not
 * carry the validation library (docs/performance-budget.md). Its schema, which checks what
 * the Site identity screen sends, is common/schemas/identity.ts.
 */

/** A logo or share picture: its address (under /media/identity/) and size. */
export interface IdentityImage {
  src: string;
  width: number;
  height: number;
}

/** The agency's words, two colours, logo and share picture. */
export interface SiteIdentity {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  primaryColour: string;
  accentColour: string;
  logo: IdentityImage | null;
  shareImage: IdentityImage | null;
}

/** A fresh install's identity: site-config.ts's, no logo, the built-in share picture. */
export const defaultIdentity: SiteIdentity = {
  name: site.name,
  shortName: site.shortName,
  tagline: site.tagline,
  description: site.description,
  primaryColour: site.colors.primary.toLowerCase(),
  accentColour: site.colors.accent.toLowerCase(),
  logo: null,
  shareImage: null,
};

/**
 * What of an identity differs from the defaults: what the root loader puts in every page
 * (a fresh site sends `{}`; the home page has no bytes to spare for repeating the defaults).
 */
export function identityChanges(identity: SiteIdentity): Partial<SiteIdentity> {
  return Object.fromEntries(
    Object.entries(identity).filter(
      ([key, value]) =>
        JSON.stringify(value) !== JSON.stringify(defaultIdentity[key as keyof SiteIdentity]),
    ),
  );
}

/** An identity from its changes (`identityChanges`): the defaults for the rest. */
export function identityWith(changes: Partial<SiteIdentity> | undefined): SiteIdentity {
  return changes ? { ...defaultIdentity, ...changes } : defaultIdentity;
}

/** The icons made from the logo: their stable address, pixel size and purpose. */
export const identityIcons = [
  { file: "favicon-32.png", size: 32 },
  { file: "apple-touch-icon.png", size: 180 },
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
] as const;
export type IdentityIconFile = (typeof identityIcons)[number]["file"];
export const ICONS_PATH = "/icons/";
/** Where the web app manifest is served. */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** The storage key stem of an uploaded picture ("identity/<uuid>") from its address. */
export const identityStem = (image: IdentityImage) =>
  image.src.slice("/media/".length).replace(/\.[a-z]+$/, "");

/** The version of a logo's icons: the start of its server-made name. */
export const iconVersion = (logo: IdentityImage) =>
  identityStem(logo).slice("identity/".length, "identity/".length + 8);

/** An icon's address for this logo: the version makes a new logo a new address. */
export function iconHref(logo: IdentityImage, file: IdentityIconFile): string {
  return `${ICONS_PATH}${file}?v=${iconVersion(logo)}`;
}
