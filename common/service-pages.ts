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

/**
 * Each service's name: its page's title, its name in the menus and cards, the enquiry's
 * serviceType, and the back office's choice of page for a block: the defaults of the services
 * list (common/content/services.ts, decision 0048), and the keys of their search fields.
 */
export const serviceNames: Record<ServiceSlug, string> = {
  "social-media": "Social Media Marketing",
  "social-media-management": "Social Media Management",
  "digital-marketing": "Digital Marketing",
  "video-creation": "Video Content Creation",
  ads: "Ads Campaign Management",
  branding: "Branding and Graphic Designs",
  "page-revamp": "Page Revamp",
};
