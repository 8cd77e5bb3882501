import { serviceNames, type ServiceSlug } from "../../common/service-pages.ts";

/** The agency's seven services: the catalogue the menus, cards and service pages share. */
export interface Service {
  slug: ServiceSlug;
  /** The page path, e.g. "/social-media". */
  path: string;
  /** Name on the page, in the dropdown and on cards; also the enquiry's serviceType. */
  name: string;
  /** The label in the footer's service column (spec §2). */
  footerLabel: string;
  /** One or two sentences for the service cards. */
  summary: string;
  /** Illustration (the project's own SVG) for cards and the page hero. */
  image: string;
  /** Shown among the six cards on the home page. */
  onHome: boolean;
}

export const services: readonly Service[] = [
  {
    slug: "social-media",
    path: "/social-media",
    name: serviceNames["social-media"],
    footerLabel: "Social Media Marketing",
    summary:
      "Campaigns on Instagram, Facebook, TikTok, X and LinkedIn that reach the right people and turn followers into customers.",
    image: "/images/services/social-media.svg",
    onHome: true,
  },
  {
    slug: "social-media-management",
    path: "/social-media-management",
    name: serviceNames["social-media-management"],
    footerLabel: "Social Media Management",
    summary:
      "We run your pages day to day: content calendar, posting, community replies and monthly reports, on a package that fits.",
    image: "/images/services/social-media-management.svg",
    onHome: true,
  },
  {
    slug: "digital-marketing",
    path: "/digital-marketing",
    name: serviceNames["digital-marketing"],
    footerLabel: "Digital Management",
    summary:
      "Search engine optimisation, email marketing, pay-per-click and analytics that bring steady traffic and measurable growth.",
    image: "/images/services/digital-marketing.svg",
    onHome: true,
  },
  {
    slug: "video-creation",
    path: "/video-creation",
    name: serviceNames["video-creation"],
    footerLabel: "Video Content Creation",
    summary:
      "Scripted explainer videos, reels and voiceovers that show what you sell and why it is worth the price.",
    image: "/images/services/video-creation.svg",
    onHome: true,
  },
  {
    slug: "ads",
    path: "/ads",
    name: serviceNames["ads"],
    footerLabel: "Ads Campaigns Management",
    summary:
      "Planned, targeted and monitored ad campaigns on Meta and Google, with budgets that go to the audiences that buy.",
    image: "/images/services/ads.svg",
    onHome: true,
  },
  {
    slug: "branding",
    path: "/branding",
    name: serviceNames["branding"],
    footerLabel: "Branding/Graphics",
    summary:
      "Logos, brand identities and graphics for posts, flyers and packaging that make your business recognisable at a glance.",
    image: "/images/services/branding.svg",
    onHome: true,
  },
  {
    slug: "page-revamp",
    path: "/page-revamp",
    name: serviceNames["page-revamp"],
    footerLabel: "Page Revamp",
    summary:
      "A fresh, optimised social media page: new visuals, a clear bio and highlights, and content that converts visitors.",
    image: "/images/services/page-revamp.svg",
    onHome: false,
  },
];

export function serviceByPath(pathname: string): Service | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return services.find((service) => service.path === path);
}
