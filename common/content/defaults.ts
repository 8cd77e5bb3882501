import { defaultIdentity } from "../identity.ts";
import { defaultSetup } from "../schemas/setup.ts";
import { defaultNavigation } from "./navigation.ts";
import { PRICE_KEYS } from "../price-keys.ts";
import { bookingSettingsSchema, defaultOfficeWeekSettings } from "../schemas/content.ts";
import type {
  Brand,
  Claim,
  ContactDetails,
  FaqItem,
  GalleryImage,
  ListContentTypeName,
  Offer,
  PolicySection,
  PolicySettings,
  Rate,
  ServiceBlock,
  SearchSettings,
  SingleContentTypeName,
  SingleOf,
  Slide,
  SocialPackage,
  TeamMember,
  Testimonial,
} from "../schemas/content.ts";
import type { ServiceSlug } from "../service-pages.ts";
import { defaultServiceItems } from "./services.ts";
import { site } from "../site-config.ts";
import {
  aboutWordFields,
  bannerWordFields,
  blogWordFields,
  contactWordFields,
  teamWordFields,
  homeWordFields,
  searchPages,
  servicesWordFields,
  wordDefaults,
} from "./page-words.ts";

// The content a new site starts with: exactly what the pages showed before staff could
// edit them (the spec's texts, numbers and pictures). Migration 0007 stores it; from then on
// the database is the truth and this module is only read again by a new install.
// An agency adopting the site may change these before its first start, or in the back office
// afterwards.

const fixed = (amount: number, upTo: number | null = null) => ({ priceKey: "", amount, upTo });
const fromPrice = (priceKey: string) => ({ priceKey, amount: null, upTo: null });

const offers: Offer[] = (
  [
    ["Explainer Video Content", 30000],
    ["Voiceover", 10000],
    ["Branding", 100000, 300000],
    ["Content Strategy", 25000],
    ["Content Calendar", 15000],
    ["Landing Page Creation", 10000],
    ["Fixing Restricted and Disabled Ad Account", 20000],
    ["Sales Funnel", 150000],
    ["Business Consultation", 30000],
    ["Targeting", 20000],
    ["Prepaid Ad Account", 15000],
    ["Fixing Suspended and Disabled Instagram Account", 150000],
    ["Running Sponsored Ads", 30000],
    ["Page Revamp", 30000],
  ] as [string, number, number?][]
).map(([name, amount, upTo]) => ({ name, ...fixed(amount, upTo ?? null) }));

const videoRates: Rate[] = [
  {
    title: "40 Seconds Video",
    ...fixed(30000),
    descs: ["40-second video", "With script", "Background music included"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
  {
    title: "50 Seconds Video",
    ...fixed(40000),
    descs: ["50-second video", "Background music included"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
  {
    title: "1 Minute Video",
    ...fixed(60000),
    descs: ["1-minute video", "Background music included"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
  {
    title: "Video Voice Over",
    ...fromPrice(PRICE_KEYS.videoVoice),
    descs: ["Professional voiceover for your video", "English or Pidgin", "One revision"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
];

const adsOffers: Rate[] = [
  {
    title: "Running Sponsored Ads",
    ...fixed(30000),
    descs: [
      "Campaign setup on Instagram and Facebook",
      "Audience targeting and creative review",
      "Weekly performance updates",
    ],
    tAndC: "Advert budget not included. Delivery in 2-5 days.",
    buttonDisplay: "Get Started",
  },
  {
    title: "Fixing Restricted and Disabled Ad Account",
    ...fixed(20000),
    descs: [
      "Review of the restriction and its cause",
      "Appeal and account recovery",
      "Advice to keep the account healthy",
    ],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Get Started",
  },
];

const packages: SocialPackage[] = [
  {
    priceKey: PRICE_KEYS.takeOff,
    amount: null,
    upTo: null,
    name: "TAKE OFF",
    featured: false,
    features: [
      "3 weekly posts",
      "Content calendar",
      "Page audit or page creation",
      "Story engagement",
      "Dedicated account manager",
      "Hashtag and keyword research",
      "SEO",
      "Basic graphics",
      "Post scheduling",
      "30-minute monthly report call",
    ],
  },
  {
    priceKey: PRICE_KEYS.empowerMe,
    amount: null,
    upTo: null,
    name: "EMPOWER ME",
    featured: false,
    features: [
      "1 feed post and 2 stories daily",
      "30 sec explainer video",
      "DM management",
      "Content calendar",
      "Hashtag and keyword research",
      "Story engagement",
      "Monthly report call",
    ],
  },
  {
    priceKey: PRICE_KEYS.growMe,
    amount: null,
    upTo: null,
    name: "GROW ME",
    featured: true,
    features: [
      "2 feed posts and 2 stories daily",
      "50 sec explainer video",
      "Community management",
      "Ads account setup",
      "DM management",
      "Content calendar",
      "Monthly report call",
    ],
  },
  {
    priceKey: PRICE_KEYS.brandMe,
    amount: null,
    upTo: null,
    name: "BRAND ME",
    featured: false,
    features: [
      "3 feed posts and 2 stories daily",
      "1 min explainer video",
      "Marketing strategy",
      "Ads management",
      "Community and DM management",
      "Content calendar",
      "2 report calls a month",
    ],
  },
];

const photo = (src: string, alt: string) => ({ src, alt, variants: [] });

const team: TeamMember[] = [
  {
    name: "Amaka Eze",
    position: "Founder & Creative Director",
    image: photo("/images/team/amaka.svg", "Portrait of Amaka Eze"),
    color: defaultIdentity.primaryColour,
    bio: "Ten years of building brands for Lagos businesses, from first logo to national campaigns.",
  },
  {
    name: "Tobi Adewale",
    position: "Head of Paid Media",
    image: photo("/images/team/tobi.svg", "Portrait of Tobi Adewale"),
    color: defaultIdentity.accentColour,
    bio: "Plans and runs Meta and Google ad campaigns with budgets that go to audiences that buy.",
  },
  {
    name: "Ifeoma Nwachukwu",
    position: "Social Media Manager",
    image: photo("/images/team/ifeoma.svg", "Portrait of Ifeoma Nwachukwu"),
    color: "#021d4a",
    bio: "Keeps content calendars full and communities answered, every day of the week.",
  },
  {
    name: "Segun Bello",
    position: "Video Producer",
    image: photo("/images/team/segun.svg", "Portrait of Segun Bello"),
    color: "#0a4fb5",
    bio: "Scripts, shoots and edits the explainer videos and reels that make customers stop scrolling.",
  },
];

const DEFAULT_AVATAR = "/images/avatars/default.svg";
const avatar = (name: string) => photo(DEFAULT_AVATAR, `Avatar of ${name}`);
const logo = (file: string, name: string) => photo(`/images/avatars/${file}`, `${name} logo`);

const testimonials: Testimonial[] = [
  {
    name: "Kola Foods",
    text: "Our Instagram went from a few likes to real orders every day. The team plans, posts and replies faster than we ever could.",
    image: logo("client-kola.svg", "Kola Foods"),
  },
  {
    name: "Adaeze Okafor",
    text: "The explainer video they made for our salon answered every question customers used to ask in the DMs. Bookings doubled.",
    image: avatar("Adaeze Okafor"),
  },
  {
    name: "Zuri Beauty",
    text: "Clear monthly reports, honest advice on ad budgets in naira and designs our customers love. We feel like their only client.",
    image: logo("client-zuri.svg", "Zuri Beauty"),
  },
  {
    name: "Tunde Bakare",
    text: "They fixed our disabled ad account in two days and had our campaign running again before the weekend sale.",
    image: avatar("Tunde Bakare"),
  },
  {
    name: "Ember Tech",
    text: "A brand refresh, a landing page and a launch campaign, all on time. Our app launch beat every target we set.",
    image: logo("client-ember.svg", "Ember Tech"),
  },
  {
    name: "Chioma Nwosu",
    text: "The page revamp made our small boutique look like a big brand. New followers now message us to ask for the catalogue.",
    image: avatar("Chioma Nwosu"),
  },
  {
    name: "Ibrahim Musa",
    text: "Content calendar, stories and community replies every day. I finally have time to run my business instead of my phone.",
    image: avatar("Ibrahim Musa"),
  },
  {
    name: "Folake Adeyemi",
    text: "Their targeting is spot on: we stopped paying for clicks from people who never buy and our cost per lead dropped by half.",
    image: avatar("Folake Adeyemi"),
  },
  {
    name: "Emeka Obi",
    text: "Friendly, quick and creative. The sales funnel they built brings in enquiries while we sleep.",
    image: avatar("Emeka Obi"),
  },
];

const faq: FaqItem[] = [
  {
    question: "What services do you offer?",
    answer:
      "Social media marketing and management, digital marketing (SEO, email marketing, pay-per-click and analytics), video content creation, ads campaign management, branding and graphic design, and page revamps. Each can be booked alone or combined in a package.",
  },
  {
    question: "How do I choose the right service for my business?",
    answer:
      "Book a free consultation. We look at your goals, your audience and your budget, then recommend the service or package that fits, with a clear price in naira before any work starts.",
  },
  {
    question: "Do you work with businesses in different industries?",
    answer:
      "Yes. We work with food and hospitality, fashion and beauty, real estate, technology, health and professional service firms, from new small businesses to established brands.",
  },
];

const brands: Brand[] = [
  "Kola Foods",
  "Lekki Luxe",
  "Naija Threads",
  "Ikeja Motors",
  "Zuri Beauty",
  "Oyo Farms",
  "Ember Tech",
  "Palm Capital",
  "Ada Fashion",
  "Eko Bites",
  "Savanna Homes",
  "Delta Logistics",
  "Ivory Dental",
  "Bloom Bakery",
  "Tunde Law",
  "Nova Pharmacy",
  "Coral Travel",
  "Harmattan Co",
  "Gidi Gyms",
  "Baobab Events",
].map((name, index) => ({
  name,
  image: photo(`/images/brands/brand-${String(index + 1).padStart(2, "0")}.svg`, `${name} logo`),
}));

/** The widths the generated gallery posters come in (scripts/generate-images.ts). */
const GALLERY_WIDTHS = [320, 640] as const;

const gallery: GalleryImage[] = [
  ["Kola Foods", "flash sale, 50% off"],
  ["Naija Threads", "new Ankara edit"],
  ["Lekki Luxe", "grand opening in Lekki Phase 1"],
  ["Eko Bites", "weekend jollof combo"],
  ["Zuri Beauty", "skin care week"],
  ["Ivory Dental", "free check-up"],
  ["Oyo Farms", "fresh daily from the farm"],
  ["Ember Tech", "app launch"],
  ["Savanna Homes", "3-bedroom duplex"],
  ["Gidi Gyms", "membership offer"],
  ["Baobab Events", "wedding season"],
  ["Delta Logistics", "fast delivery, Lagos to Abuja"],
].map(([brand, subject], index) => {
  const file = `/images/gallery/poster-${String(index + 1).padStart(2, "0")}`;
  return {
    image: {
      src: `${file}-640.webp`,
      alt: `Social media poster for ${brand}: ${subject}`,
      variants: GALLERY_WIDTHS.flatMap((width) =>
        (["avif", "webp"] as const).map((format) => ({
          width,
          url: `${file}-${width}.${format}`,
        })),
      ),
    },
  };
});

const slides: Slide[] = [
  "Campaign launch: reach 1.2 million people in 30 days",
  "Content day: a month of posts shot in one day",
  "Brand refresh: new logo, new look, new customers",
  "Ads that sell: four times return on ad spend",
  "Community: replies within the hour, every day",
].map((alt, index) => ({ image: photo(`/images/carousel/slide-${index + 1}.svg`, alt) }));

const claims: Claim[] = [
  { value: "200+", label: "Projects Completed" },
  { value: "150+", label: "Satisfied Clients" },
  { value: "5+", label: "Years of Experience" },
];

/**
 * The blocks of the seven service pages ("What You Get"), page by page: [title, text]. Each
 * block offers its title in its page's enquiry form (spec decisions: a service form's options
 * are its blocks); none has a picture, so each shows the tick.
 */
const blocksByPage: Record<ServiceSlug, [title: string, text: string][]> = {
  "social-media": [
    [
      "Social Media Advertising",
      "Targeted ads on Instagram, Facebook, TikTok and X, with creatives and copy made for each audience.",
    ],
    [
      "Account Management",
      "We run your accounts day to day so your brand shows up consistently and on time.",
    ],
    [
      "Paid Promotions",
      "Boosted posts and influencer promotions planned around your launches, sales and seasons.",
    ],
    [
      "Performance Tracking",
      "Clear monthly numbers: reach, engagement, messages, leads and cost per result.",
    ],
  ],
  "social-media-management": [
    [
      "Account Management",
      "A dedicated account manager who knows your brand, your offers and your customers.",
    ],
    [
      "Community Management",
      "Comments and messages answered quickly and in your brand's voice, every day.",
    ],
    [
      "Content Scheduling and Posting",
      "A content calendar agreed with you, then posts and stories published at the best times.",
    ],
    [
      "Performance Analysis & Reporting",
      "Monthly reports and a review call on what worked, what did not and what comes next.",
    ],
  ],
  "digital-marketing": [
    [
      "Search Engine Optimisation (SEO)",
      "Pages and content that rank on Google for the searches your customers make.",
    ],
    [
      "Email Marketing",
      "Newsletters and automated e-mails that bring customers back and turn leads into sales.",
    ],
    [
      "Pay-Per-Click Advertising",
      "Google and display campaigns where you pay only when someone clicks.",
    ],
    ["Analytics", "Tracking set up properly, so every decision is based on real numbers."],
  ],
  "video-creation": [
    [
      "Explainer Videos",
      "30 seconds to a minute that answer the questions customers ask in your DMs.",
    ],
    [
      "Reels and Short-Form Content",
      "Vertical videos made for Instagram, TikTok and YouTube Shorts.",
    ],
    ["Voiceovers", "Clear, friendly voiceovers in English or Pidgin for your videos and adverts."],
  ],
  ads: [
    [
      "Campaign Strategy",
      "Goals, audiences, budgets and timelines agreed before a single naira is spent.",
    ],
    [
      "Audience Targeting",
      "Interests, locations, lookalikes and retargeting that reach the right people.",
    ],
    ["Ad Creatives", "Images, videos and copy designed to stop the scroll and get the click."],
    ["Budget Optimisation", "Daily checks that move money from weak ads to the ones that work."],
    ["Reporting", "Weekly updates with cost per result and clear next steps."],
  ],
  branding: [
    ["Logo Design", "A logo that works on a phone screen, a signboard and everything in between."],
    [
      "Brand Identity",
      "Colours, typefaces and a voice that make every post and flyer look like you.",
    ],
    [
      "Social Media Graphics",
      "Post and story designs, templates and highlight covers for your pages.",
    ],
    ["Print and Packaging", "Flyers, banners, labels and packaging ready for the printer."],
  ],
  "page-revamp": [
    [
      "Social Media Page Optimization",
      "A clear bio, a profile picture that works, highlights, links and contact buttons set up right.",
    ],
    [
      "Content and Visual Updates",
      "A fresh grid style, new cover images and content that shows your best work first.",
    ],
  ],
};

const serviceBlocks: ServiceBlock[] = Object.entries(blocksByPage).flatMap(([page, blocks]) =>
  blocks.map(([title, text]) => ({
    page: page as ServiceSlug,
    title,
    text,
    image: null,
    options: [title],
  })),
);

/**
 * What the privacy policy says of the site's own visit counter (issue 33): a heading and a
 * paragraph at the end of the Cookies section, so the spec's twelve numbered sections keep
 * their numbers. Migration 0026 adds the same lines to a site that existed before.
 */
export const POLICY_VISITOR_STATISTICS =
  "# Visitor statistics\nOur website counts its own visits: the pages viewed, the site or campaign that brought you, and whether you use a phone, tablet or computer (from your screen’s width). It sets no cookie, stores nothing on your device and uses no third party. Your address and browser are turned into an anonymous key with a random value that is replaced and deleted every day, so visits on different days cannot be linked and your address is never stored. We keep only daily totals: no profile of you, no advertising, and nothing is shared. If we switch it on, browsers that send Do Not Track or Global Privacy Control are not counted at all.";

/**
 * The privacy policy's numbered sections (spec §2), in the post format; the Cookies section
 * ends with what the site's own visit counter counts (issue 33).
 */
const policySections: PolicySection[] = [
  {
    title: "Who We Are",
    body: `{name} is a digital marketing and advertising agency based in {city}, {country}. We are the controller of the personal data described in this policy and we collect and process it in line with the General Data Protection Regulation (GDPR) and the Nigeria Data Protection Act.`,
  },
  {
    title: "Data We Collect",
    body: [
      "When you use our website or work with us, we may collect:",
      "* Your name",
      "* Your e-mail address",
      "* Your phone number",
      "* Company details, such as your company name, website and social media handles",
      "* Usage data, such as the pages you visit and the device and browser you use",
      "* Your marketing preferences, such as newsletter subscriptions",
      "* Cookies and similar technologies (see section 9)",
    ].join("\n"),
  },
  {
    title: "How We Use Your Data",
    body: "We use your data to answer your enquiries, prepare proposals and quotes, deliver the services you order, send the newsletter you subscribed to, and improve our website and services.",
  },
  {
    title: "Legal Bases for Processing",
    body: "We process your data on these legal bases: your consent (for example, the newsletter), the performance of a contract or steps before entering one (for example, answering an enquiry), our legitimate interests in running and improving our business, and compliance with legal obligations.",
  },
  {
    title: "How We Protect Your Data",
    body: "We use appropriate technical and organisational measures to protect your data against loss, misuse and unauthorised access, including encrypted connections, access limited to staff who need it, and strong authentication for our systems.",
  },
  {
    title: "Data Retention",
    body: "We keep personal data only as long as we need it for the purposes above: enquiries for up to two years after our last contact, client records for as long as the law requires, and newsletter data until you unsubscribe.",
  },
  {
    title: "Your Rights Under GDPR",
    body: [
      "You have the right to access your data, to have it corrected or erased, to restrict or object to its processing, to data portability, and to withdraw consent at any time. You may also complain to a data protection authority.",
      "To use any of these rights, e-mail us at {email}. We answer every request within one month.",
    ].join("\n"),
  },
  {
    title: "Sharing Your Data",
    body: "We do not sell your data. We share it only with service providers who help us run our business (such as hosting and e-mail providers) under contracts that protect it, or when the law requires us to.",
  },
  {
    title: "Cookies",
    body: `Our website uses only the cookies and local storage it needs to work. We do not use advertising cookies. You can block or delete cookies in your browser settings.\n${POLICY_VISITOR_STATISTICS}`,
  },
  {
    title: "Third-Party Links",
    body: "Our website links to other sites, such as our social media pages and YouTube. We are not responsible for their privacy practices; please read their policies.",
  },
  {
    title: "International Data Transfers",
    body: "Some of our service providers may process data outside Nigeria. When they do, we make sure appropriate safeguards, such as standard contractual clauses, protect your data.",
  },
  {
    title: "Changes to This Policy",
    body: "We may update this policy from time to time. The latest version is always on this page. This policy was last updated in {date}.",
  },
];

/** Every list type's items, in their order on the site. */
export const defaultLists: { [T in ListContentTypeName]: unknown[] } = {
  offers,
  "video-rates": videoRates,
  "ads-offers": adsOffers,
  packages,
  team,
  testimonials,
  faq,
  brands,
  gallery,
  slides,
  claims,
  services: defaultServiceItems,
  "service-blocks": serviceBlocks,
  "policy-sections": policySections,
};

/** The contact details and social links of common/site-config.ts. */
export const defaultContact: ContactDetails = {
  phone: site.phone,
  whatsapp: site.whatsapp,
  email: site.email,
  street: site.address.street,
  city: site.address.city,
  region: site.address.region,
  country: site.address.country,
  officeHours: site.officeHours,
  ...defaultOfficeWeekSettings,
  instagram: site.socials.instagram,
  facebook: site.socials.facebook,
  twitter: site.socials.twitter,
  linkedin: site.socials.linkedin,
  youtube: site.socials.youtube,
};

/** The policy is dated October 2024 (spec §2). */
export const defaultPolicy: PolicySettings = { lastUpdated: "2024-10-01" };

/** Every page's own search title, description and share image: none (today's). */
const defaultSearch = Object.fromEntries(
  searchPages.flatMap((page) => [
    [`${page.key}Title`, ""],
    [`${page.key}Description`, ""],
    [`${page.key}Image`, null],
  ]),
) as SearchSettings;

/**
 * Every one-record setting as a site starts with it. A setting without a stored row is
 * these (a type added after a site was installed needs no migration), and a stored row is
 * read over them (a field added later starts with its default).
 */
export const defaultSingles: { [T in SingleContentTypeName]: SingleOf<T> } = {
  contact: defaultContact,
  booking: bookingSettingsSchema.parse({}),
  policy: defaultPolicy,
  "home-page": wordDefaults(homeWordFields),
  "about-page": wordDefaults(aboutWordFields),
  "services-page": wordDefaults(servicesWordFields),
  "contact-page": wordDefaults(contactWordFields),
  "team-page": wordDefaults(teamWordFields),
  "blog-page": wordDefaults(blogWordFields),
  banners: wordDefaults(bannerWordFields),
  search: defaultSearch,
  setup: defaultSetup,
  navigation: defaultNavigation,
};
