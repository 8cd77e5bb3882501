import { defaultIdentity } from "../identity.ts";
import { z } from "zod";
import type { IdentityImage as Image, SiteIdentity as Identity } from "../identity.ts";

// The zod-free part (types, defaults, icon addresses) lives in common/identity.ts, which the
// public pages import; these re-exports keep the server's and the back office's imports.
export {
  defaultIdentity,
  iconHref,
  iconVersion,
  ICONS_PATH,
  identityChanges,
  identityIcons,
  identityStem,
  identityWith,
  MANIFEST_PATH,
  type IdentityIconFile,
} from "../identity.ts";

/**
 * The agency's identity as an owner sets it on the Site identity screen (issue 29): its
 * words, its two colours, its logo and its share picture. `common/site-config.ts` owns the
 * defaults (`defaultIdentity`); what is stored overrides them. Every reader (pages, meta,
 * JSON-LD, manifest, feed, mails, back office) takes a `SiteIdentity`.
 */

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (label: string) =>
  z
    .string({ error: `The ${label} must be a colour like ${defaultIdentity.primaryColour}.` })
    .trim()
    .toLowerCase()
    .regex(HEX, {
      error: `The ${label} must be a colour like ${defaultIdentity.primaryColour} (# and six hex digits).`,
    });

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
export type IdentityImage = Image;
identityImageSchema satisfies z.ZodType<Image>;

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
export type SiteIdentity = Identity;
siteIdentitySchema satisfies z.ZodType<Identity>;

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
