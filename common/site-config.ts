/**
 * The agency's identity as a fresh install shows it. Owners change the name, short name,
 * tagline, description and colours (and add a logo) on the back office's Site identity
 * screen, which overrides these (common/schemas/identity.ts, decision 0027); set
 * PUBLIC_ORIGIN in the environment for the domain.
 * The phone, e-mail, address, office hours and social links are what a new install starts
 * with (common/content/defaults.ts): staff edit them in the back office, and the public pages
 * read them from the database (app/lib/contact-details.tsx).
 */
/** The agency's phone number as dialled (+ and digits). */
const phoneHref = "+2348123456789";

export const site = {
  name: "Brightlane Digital",
  shortName: "Brightlane",
  tagline: "Digital marketing and advertising that grows Nigerian brands",
  description:
    "Brightlane Digital is a Lagos digital marketing and advertising agency: social media marketing and management, digital marketing, video content, ad campaigns, branding and page revamps.",
  phone: "+234 812 345 6789",
  /** The phone number as dialled, for tel: and WhatsApp links. */
  phoneHref,
  /**
   * The WhatsApp number for click-to-chat links (https://wa.me/<digits>): the country code and
   * number, digits only. The agency's phone by default; change it if WhatsApp runs on another.
   */
  whatsapp: phoneHref.replace(/\D/g, ""),
  email: "hello@brightlanedigital.com",
  address: {
    street: "12 Admiralty Way, Lekki Phase 1",
    city: "Lagos",
    region: "Lagos State",
    country: "Nigeria",
    countryCode: "NG",
  },
  officeHours: "8am-5pm Mon-Sat",
  /**
   * The same hours as the booking form reads them (Lagos time): the days (0 Sunday … 6
   * Saturday) and the opening and closing times. Staff change both in the contact settings.
   */
  officeWeek: { days: [1, 2, 3, 4, 5, 6], opens: "08:00", closes: "17:00" },
  socials: {
    instagram: "https://www.instagram.com/brightlanedigital",
    facebook: "https://www.facebook.com/brightlanedigital",
    twitter: "https://twitter.com/brightlanedigi",
    linkedin: "https://www.linkedin.com/company/brightlanedigital",
    /** The channel the portfolio's built-in sample videos link to ("" for none). */
    youtube: "https://www.youtube.com/@brightlanedigital",
  },
  /** Used when the server gives none (PUBLIC_ORIGIN overrides it at run time). */
  defaultOrigin: "http://localhost:3000",
  locale: "en-NG",
  /** Every date shown and every day counted (common/time-zone.ts), and what to call it. */
  timeZone: "Africa/Lagos",
  timeZoneName: "Lagos time",
  colors: {
    primary: "#053685",
    accent: "#DD8D15",
  },
} as const;

export type Site = typeof site;

/** The one-line postal address. */
export const postalAddress = `${site.address.street}, ${site.address.city}, ${site.address.country}`;
