/** The paths of the seven service pages (spec §2), in menu order. */
export const servicePages = [
  "social-media",
  "social-media-management",
  "digital-marketing",
  "video-creation",
  "ads",
  "branding",
  "page-revamp",
] as const;
export type ServiceSlug = (typeof servicePages)[number];
