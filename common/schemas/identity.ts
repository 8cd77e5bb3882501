import { z } from "zod";
import { site } from "../site-config.ts";

/**
 * The agency's identity as an owner sets it on the Site identity screen (issue 29): its
 * words, its two colours, its logo and its share picture. `common/site-config.ts` owns the
 * defaults (`defaultIdentity`); what is stored overrides them. Every reader (pages, meta,
 * JSON-LD, manifest, feed, mails, back office) takes a `SiteIdentity`.
 */

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (label: string) =>
  z
    .string({ error: `The ${label} must be a colour like #053685.` })
    .trim()
    .toLowerCase()
    .regex(HEX, { error: `The ${label} must be a colour like #053685 (# and six hex digits).` });

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .min(min, { error: `The ${label} is required.` })
    .max(max, { error: `The ${label} must be at most ${max} characters.` });

/** The address of a picture uploaded on the Site identity screen. */
export const IDENTITY_MEDIA = /^\/media\/identity\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

/** A logo or share picture: its address (under /media/identity/) and size. */
export const identityImageSchema = z.object({
  src: z.string().regex(IDENTITY_MEDIA, { error: "Upload the picture on this screen." }),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type IdentityImage = z.infer<typeof identityImageSchema>;

/** What PUT /api/identity takes and GET answers. */
export const siteIdentitySchema = z.object({
  name: text("name", 80),
  shortName: text("short name", 30),
  tagline: text("tagline", 160),
  description: text("description", 320),
  primaryColour: colour("primary colour"),
  accentColour: colour("accent colour"),
  logo: identityImageSchema.nullable(),
  shareImage: identityImageSchema.nullable(),
});
export type SiteIdentity = z.infer<typeof siteIdentitySchema>;

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

/** The form's fields in order, with their labels (the screen and the tests read these). */
export const identityTextFields = [
  { name: "name", label: "Name", hint: "The agency's name: header, footer, page titles, mails." },
  { name: "shortName", label: "Short name", hint: "Where space is short: app icon, back office." },
  { name: "tagline", label: "Tagline", hint: "Under the name in the footer and the home title." },
  {
    name: "description",
    label: "Description",
    hint: "The home page's search description and structured data.",
  },
] as const satisfies readonly { name: keyof SiteIdentity; label: string; hint: string }[];

export const identityColourFields = [
  { name: "primaryColour", label: "Primary colour" },
  { name: "accentColour", label: "Accent colour" },
] as const satisfies readonly { name: keyof SiteIdentity; label: string }[];

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
