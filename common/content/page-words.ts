// The words of the home, About and Services pages and of the call-to-action banners, and the
// public pages whose search title, description and share image staff may set (issue 29).
// Each field is declared once here with today's text as its default: the back office's form
// (its label, group and hint), the schema the API checks (common/schemas/content.ts builds it
// from these lists) and what a site shows until staff change it all read these lists.
// Decision 0028.

import { serviceNames, servicePages } from "../service-pages.ts";

/** One editable text of a page: its key in the stored record, its label and today's text. */
export interface WordField {
  name: string;
  label: string;
  /** A heading of the form that the field is shown under. */
  group: string;
  /** Today's text: what the page shows until staff change it. */
  text: string;
  /** Longer texts get a text area. */
  long?: boolean;
  /** A blank value is allowed (the hint says what blank shows). */
  optional?: boolean;
  hint?: string;
  /** At most this many characters (default 120 for a line, 600 for a text area). */
  max?: number;
  /**
   * A picture of the page (issue 47, item 3): today's built-in file. Its value is then the
   * picture shown (`PagePicture`: the built-in one, an upload, or null for none) and `text`
   * is the built-in picture's alt text ("" for a decorative one, whose alt may stay blank).
   */
  picture?: string;
}

/** A page's picture as stored: its file, its alt text ("" when decorative) and its sizes. */
export interface PagePicture {
  src: string;
  alt: string;
  variants: { width: number; url: string }[];
}

const PICTURE_HINT = "Remove it to show no picture.";
const DECORATIVE_HINT = `${PICTURE_HINT} A blank alt text marks it as decoration (screen readers skip it).`;

/** "social-media-management" → "socialMediaManagement": a service page's key in `searchPages`. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

function camelCase<S extends string>(slug: S): CamelCase<S> {
  return slug.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<S>;
}

const FROM_NAME = "Blank: the agency's name.";

/** The home page's own words, from the hero down (the lists have their own screens). */
export const homeWordFields = [
  {
    name: "heroBadge",
    label: "Badge",
    group: "Top of the page",
    text: "",
    optional: true,
    hint: "Blank: “Welcome to” and the agency's name.",
  },
  {
    name: "heroHeading",
    label: "Heading",
    group: "Top of the page",
    text: "",
    optional: true,
    hint: FROM_NAME,
  },
  {
    name: "heroText",
    label: "Paragraph",
    group: "Top of the page",
    text: "",
    long: true,
    optional: true,
    hint: "Blank: the agency's tagline.",
  },
  {
    name: "heroPicture",
    label: "Picture",
    group: "Top of the page",
    picture: "/images/hero.svg",
    text: "",
    hint: `Beside the words on wide screens. ${DECORATIVE_HINT}`,
  },
  { name: "aboutBadge", label: "Badge", group: "About Us", text: "About Us", optional: true },
  {
    name: "aboutHeading",
    label: "Heading",
    group: "About Us",
    text: "Crafting Impactful Stories, Driving Meaningful Results",
  },
  {
    name: "aboutText",
    label: "Paragraph",
    group: "About Us",
    long: true,
    text: "We put our clients first. Every campaign starts with your goals, your customers and your budget, and grows into a personalised plan of content, ads and community work that turns attention into sales.",
  },
  { name: "aboutCard1Title", label: "First card: title", group: "About Us", text: "Growth" },
  {
    name: "aboutCard1Text",
    label: "First card: text",
    group: "About Us",
    text: "Every Campaign to Meets Your Unique Needs.",
  },
  { name: "aboutCard2Title", label: "Second card: title", group: "About Us", text: "Revenue" },
  {
    name: "aboutCard2Text",
    label: "Second card: text",
    group: "About Us",
    text: "Our Mission is to Drive Growth & Improve Revenue.",
  },
  {
    name: "aboutPicture",
    label: "Picture",
    group: "About Us",
    picture: "/images/about-level-up.svg",
    text: "Level Up Your Business",
    hint: PICTURE_HINT,
  },
  {
    name: "servicesBadge",
    label: "Badge",
    group: "Our Services",
    text: "What We Do",
    optional: true,
  },
  { name: "servicesHeading", label: "Heading", group: "Our Services", text: "Our Services" },
  {
    name: "servicesText",
    label: "Paragraph",
    group: "Our Services",
    long: true,
    optional: true,
    text: "Everything your brand needs to be seen, trusted and chosen online.",
  },
  {
    name: "brandsHeading",
    label: "Heading",
    group: "Brand logos",
    text: "Brands We've Worked With",
  },
  { name: "packagesBadge", label: "Badge", group: "Packages", text: "Pricing", optional: true },
  {
    name: "packagesHeading",
    label: "Heading",
    group: "Packages",
    text: "Social Media Management Packages",
  },
  {
    name: "packagesText",
    label: "Paragraph",
    group: "Packages",
    long: true,
    optional: true,
    text: "Monthly, advert charge not included. Pick the pace that suits your business and change it as you grow.",
  },
  {
    name: "galleryBadge",
    label: "Badge",
    group: "Graphics gallery",
    text: "Our Work",
    optional: true,
  },
  {
    name: "galleryHeading",
    label: "Heading",
    group: "Graphics gallery",
    text: "Graphics Design Portfolio",
  },
  {
    name: "galleryText",
    label: "Paragraph",
    group: "Graphics gallery",
    long: true,
    optional: true,
    text: "Posters, flyers and social media designs we made for brands across Nigeria.",
  },
  { name: "portfolioBadge", label: "Badge", group: "Videos", text: "Portfolio", optional: true },
  { name: "portfolioHeading", label: "Heading", group: "Videos", text: "Videos We’ve Made" },
  {
    name: "portfolioText",
    label: "Paragraph",
    group: "Videos",
    long: true,
    optional: true,
    text: "Explainers, reels and adverts for brands that wanted to be seen and remembered.",
  },
  {
    name: "highlightsBadge",
    label: "Badge",
    group: "Image carousel",
    text: "Highlights",
    optional: true,
  },
  {
    name: "highlightsHeading",
    label: "Heading",
    group: "Image carousel",
    text: "Campaigns in Pictures",
  },
  {
    name: "feedbackBadge",
    label: "Badge",
    group: "Client's feedback",
    text: "Testimonials",
    optional: true,
  },
  {
    name: "feedbackHeading",
    label: "Heading",
    group: "Client's feedback",
    text: "Client's Feedback",
  },
  {
    name: "offersBadge",
    label: "Badge",
    group: "One-time offers",
    text: "Price List",
    optional: true,
  },
  { name: "offersHeading", label: "Heading", group: "One-time offers", text: "One Time Offers" },
  {
    name: "offersText",
    label: "Paragraph",
    group: "One-time offers",
    long: true,
    optional: true,
    text: "Single jobs at fixed prices, for when you need one thing done well.",
  },
  { name: "enquiryBadge", label: "Badge", group: "Enquiry form", text: "Contact", optional: true },
  {
    name: "enquiryHeading",
    label: "Heading",
    group: "Enquiry form",
    text: "Tell Us About Your Project",
  },
  {
    name: "enquiryText",
    label: "Paragraph",
    group: "Enquiry form",
    long: true,
    optional: true,
    text: "Send us a message and we will get back to you within one working day.",
  },
  {
    name: "newsletterHeading",
    label: "Heading",
    group: "Newsletter",
    text: "Subscribe to Our Newsletter",
  },
  {
    name: "newsletterText",
    label: "Paragraph",
    group: "Newsletter",
    long: true,
    optional: true,
    text: "Marketing tips, offers and insights for Nigerian businesses, once or twice a month. No spam.",
  },
] as const satisfies readonly WordField[];

/** The About page's words (the team and the claims have their own screens). */
export const aboutWordFields = [
  { name: "heroTitle", label: "Title", group: "Top of the page", text: "About Us" },
  {
    name: "heroText",
    label: "Paragraph",
    group: "Top of the page",
    long: true,
    optional: true,
    text: "A Lagos team of marketers, designers and video makers who help Nigerian businesses grow online.",
  },
  {
    name: "heroPicture",
    label: "Picture",
    group: "Top of the page",
    picture: "/images/about-level-up.svg",
    text: "",
    hint: `Beside the title on wide screens. ${DECORATIVE_HINT}`,
  },
  { name: "welcomeBadge", label: "Badge", group: "Welcome", text: "Welcome", optional: true },
  {
    name: "welcomeHeading",
    label: "Heading",
    group: "Welcome",
    text: "",
    optional: true,
    hint: "Blank: “Welcome to” and the agency's name.",
  },
  {
    name: "welcomeText",
    label: "Paragraph",
    group: "Welcome",
    long: true,
    text: "We are a digital marketing and advertising agency in Lagos. Business owners, product brands and professional service firms trust us with their social media, ads, videos and brand, and we treat their growth as our own.",
  },
  { name: "missionHeading", label: "Heading", group: "Our Mission", text: "Our Mission" },
  {
    name: "missionText",
    label: "Paragraph",
    group: "Our Mission",
    long: true,
    text: "Our mission is to help Nigerian businesses of every size grow with digital marketing that is creative, measurable and honest about what it costs, so that every naira spent on marketing works as hard as the people behind the brand.",
  },
  { name: "whyBadge", label: "Badge", group: "Why Choose Us", text: "Why Us", optional: true },
  { name: "whyHeading", label: "Heading", group: "Why Choose Us", text: "Why Choose Us" },
  {
    name: "reason1Title",
    label: "Reason 1: title",
    group: "Why Choose Us",
    text: "Proven Results",
  },
  {
    name: "reason1Text",
    label: "Reason 1: text",
    group: "Why Choose Us",
    long: true,
    text: "More than 200 projects delivered, with reports that show reach, leads and sales, not vanity numbers.",
  },
  {
    name: "reason2Title",
    label: "Reason 2: title",
    group: "Why Choose Us",
    text: "Creative Expertise",
  },
  {
    name: "reason2Text",
    label: "Reason 2: text",
    group: "Why Choose Us",
    long: true,
    text: "Designers, writers and video producers who make content your customers stop scrolling for.",
  },
  {
    name: "reason3Title",
    label: "Reason 3: title",
    group: "Why Choose Us",
    text: "Tailored Solutions",
  },
  {
    name: "reason3Text",
    label: "Reason 3: text",
    group: "Why Choose Us",
    long: true,
    text: "No copy-paste plans: every package is shaped around your market, your goals and your budget.",
  },
  {
    name: "reason4Title",
    label: "Reason 4: title",
    group: "Why Choose Us",
    text: "Experienced Team",
  },
  {
    name: "reason4Text",
    label: "Reason 4: text",
    group: "Why Choose Us",
    long: true,
    text: "Five years of campaigns for food, fashion, beauty, tech, real estate and professional services.",
  },
  { name: "teamBadge", label: "Badge", group: "Meet Our Team", text: "Our People", optional: true },
  { name: "teamHeading", label: "Heading", group: "Meet Our Team", text: "Meet Our Team" },
  {
    name: "teamText",
    label: "Paragraph",
    group: "Meet Our Team",
    long: true,
    optional: true,
    text: "The people who will plan, make and run your campaigns.",
  },
  {
    name: "teamLink",
    label: "Link to the team page",
    group: "Meet Our Team",
    text: "More about the team",
  },
] as const satisfies readonly WordField[];

/** The Services page's words (the seven cards are the services' own). */
export const servicesWordFields = [
  { name: "heroTitle", label: "Title", group: "Top of the page", text: "Our Services" },
  {
    name: "heroText",
    label: "Paragraph",
    group: "Top of the page",
    long: true,
    optional: true,
    text: "Seven ways we help businesses get seen, get trusted and get chosen online.",
  },
  { name: "listBadge", label: "Badge", group: "The services", text: "What We Do", optional: true },
  {
    name: "listHeading",
    label: "Heading",
    group: "The services",
    text: "Services That Grow Your Business",
  },
  {
    name: "listText",
    label: "Paragraph",
    group: "The services",
    long: true,
    optional: true,
    text: "Pick one, or let us combine them into a plan that fits your goals and budget.",
  },
] as const satisfies readonly WordField[];

/** The Contact page's words (issue 47, item 2); the details are the contact settings'. */
export const contactWordFields = [
  { name: "title", label: "Title", group: "Top of the page", text: "Contact Us" },
  {
    name: "intro",
    label: "Paragraph",
    group: "Top of the page",
    long: true,
    optional: true,
    text: "Tell us about your business and book a free consultation. We reply within one working day.",
  },
  {
    name: "bannerPicture",
    label: "Picture behind the top of the page",
    group: "Top of the page",
    picture: "/images/contact-banner.svg",
    text: "",
    hint: `It fills the band behind the title and the form. ${DECORATIVE_HINT}`,
  },
  {
    name: "quickFormTitle",
    label: "Heading of the short form",
    group: "Top of the page",
    text: "Book a Consultation",
  },
  {
    name: "quickFormButton",
    label: "Button of the short form",
    group: "Top of the page",
    text: "Send Message",
    max: 40,
  },
  {
    name: "detailsBadge",
    label: "Badge",
    group: "Contact details",
    text: "Get in Touch",
    optional: true,
  },
  { name: "detailsTitle", label: "Heading", group: "Contact details", text: "Contact Details" },
  { name: "phoneLabel", label: "Label of the phone", group: "Contact details", text: "Phone" },
  { name: "emailLabel", label: "Label of the e-mail", group: "Contact details", text: "Email" },
  { name: "officeLabel", label: "Label of the address", group: "Contact details", text: "Office" },
  {
    name: "hoursLabel",
    label: "Label of the office hours",
    group: "Contact details",
    text: "Office Hours",
  },
  {
    name: "followTitle",
    label: "Heading of the social links",
    group: "Contact details",
    text: "Follow Us",
  },
  {
    name: "longFormTitle",
    label: "Heading",
    group: "Detailed enquiry form",
    text: "Send Us a Detailed Enquiry",
  },
  {
    name: "longFormIntro",
    label: "Paragraph",
    group: "Detailed enquiry form",
    long: true,
    optional: true,
    text: "Tell us which services you are interested in and a little about your business.",
  },
  {
    name: "longFormButton",
    label: "Button",
    group: "Detailed enquiry form",
    text: "Submit",
    max: 40,
  },
  { name: "faqBadge", label: "Badge", group: "Questions", text: "FAQ", optional: true },
  { name: "faqTitle", label: "Heading", group: "Questions", text: "Frequently Asked Questions" },
] as const satisfies readonly WordField[];

/** The Team page's words (issue 47, item 2); the people are the team list's. */
export const teamWordFields = [
  { name: "title", label: "Title", group: "Top of the page", text: "Meet Our Team" },
  {
    name: "subtitle",
    label: "Paragraph",
    group: "Top of the page",
    long: true,
    optional: true,
    text: "Strategists, creatives and campaign managers who treat your growth as their own.",
  },
  {
    name: "heroPicture",
    label: "Picture",
    group: "Top of the page",
    picture: "/images/team.svg",
    text: "",
    hint: `Beside the title on wide screens. ${DECORATIVE_HINT}`,
  },
  { name: "badge", label: "Badge", group: "The team", text: "Our People", optional: true },
  {
    name: "heading",
    label: "Heading",
    group: "The team",
    text: "The People Behind Your Growth",
  },
  {
    name: "intro",
    label: "Paragraph",
    group: "The team",
    long: true,
    optional: true,
    text: "One team plans, makes and runs your campaigns, so nothing gets lost between an idea and the results.",
  },
] as const satisfies readonly WordField[];

/** The blog's words (issue 47): its heading, intro and newsletter box. */
export const blogWordFields = [
  {
    name: "heroTitle",
    label: "Title",
    group: "Top of the page",
    text: "",
    optional: true,
    hint: "Blank: the agency's name and “Blog”.",
  },
  {
    name: "heroText",
    label: "Paragraph",
    group: "Top of the page",
    long: true,
    optional: true,
    text: "Insights, tips and actionable advice from industry experts to help your business grow.",
  },
  {
    name: "introText",
    label: "Paragraph over the articles",
    group: "The articles",
    long: true,
    optional: true,
    text: "Your go-to resource for digital transformation, marketing insights, and business growth strategies.",
  },
  {
    name: "newsletterHeading",
    label: "Heading",
    group: "Newsletter box",
    text: "Don’t Miss Out on the Latest Insights",
  },
  {
    name: "newsletterText",
    label: "Paragraph",
    group: "Newsletter box",
    long: true,
    optional: true,
    text: "Get new articles on social media, ads, branding and growth in your inbox.",
  },
  {
    name: "newsletterButton",
    label: "Button text",
    group: "Newsletter box",
    text: "Subscribe",
    max: 40,
  },
] as const satisfies readonly WordField[];

const CLOSING = "Let's Get Started (About Us, Our Team, Our Services)";
const HOME_BANNER = "Get Started (home page)";

/** The call-to-action banners: the closing one of the inner pages and the home page's. */
export const bannerWordFields = [
  { name: "closingHeading", label: "Heading", group: CLOSING, text: "Let's Get Started" },
  {
    name: "closingText",
    label: "Text",
    group: CLOSING,
    long: true,
    optional: true,
    text: "Tell us about your business and your goals. We will reply within one working day with ideas and a clear price in naira.",
  },
  {
    name: "closingButton",
    label: "Button text",
    group: CLOSING,
    text: "Get in Touch",
    max: 40,
    hint: "The button goes to Contact Us.",
  },
  {
    name: "closingSecondButton",
    label: "Second button text",
    group: CLOSING,
    text: "Our Services",
    max: 40,
    hint: "The button goes to Our Services.",
  },
  { name: "homeHeading", label: "Heading", group: HOME_BANNER, text: "Ready to grow your brand?" },
  {
    name: "homeText",
    label: "Text",
    group: HOME_BANNER,
    long: true,
    optional: true,
    text: "Book a free consultation and get a plan with clear prices in naira.",
  },
  {
    name: "homeButton",
    label: "Button text",
    group: HOME_BANNER,
    text: "Get Started",
    max: 40,
    hint: "The button goes to Contact Us.",
  },
] as const satisfies readonly WordField[];

/**
 * The public pages whose search title, description and share image staff may set, in the
 * order of `publicPages` (app/lib/navigation.ts; a unit test keeps the two the same). `key`
 * names the page's fields: `${key}Title`, `${key}Description`, `${key}Image`; the seven
 * service pages' paths and names are common/service-pages.ts's.
 */
export const searchPages = [
  { key: "home", path: "/", label: "Home" },
  { key: "about", path: "/about", label: "About Us" },
  { key: "team", path: "/about/team", label: "Our Team" },
  { key: "services", path: "/services", label: "Our Services" },
  ...servicePages.map((slug) => ({
    key: camelCase(slug),
    path: `/${slug}` as const,
    label: serviceNames[slug],
  })),
  { key: "blog", path: "/blog", label: "Blog" },
  { key: "policy", path: "/policy", label: "Privacy Policy" },
  { key: "contact", path: "/contact", label: "Contact Us" },
] as const;

export const SEARCH_TITLE_MAX = 70;
export const SEARCH_DESCRIPTION_MAX = 300;

/** A page's words: one text per field of its list (a picture field: its picture, or null). */
export type WordsOf<F extends readonly WordField[]> = {
  [K in F[number] as K["name"]]: K extends { picture: string } ? PagePicture | null : string;
};

/** A picture field's built-in picture, as a site starts with it. */
export const builtInPictureOf = (field: WordField & { picture: string }): PagePicture => ({
  src: field.picture,
  alt: field.text,
  variants: [],
});

/** What a field holds as a site starts with it: its text, or its built-in picture. */
const defaultOf = (field: WordField) =>
  field.picture ? builtInPictureOf(field as WordField & { picture: string }) : field.text;

/** The texts of a list of word fields as a site starts with them. */
export function wordDefaults<const F extends readonly WordField[]>(fields: F): WordsOf<F> {
  return Object.fromEntries(fields.map((field) => [field.name, defaultOf(field)])) as WordsOf<F>;
}

/**
 * A page's words as a list in the order of its fields, which is what a page's loader sends:
 * the key names would cost the home page 150 bytes of its first round trip (decision 0028).
 */
export function wordList<const F extends readonly WordField[]>(
  fields: F,
  words: WordsOf<F>,
): (string | PagePicture | null)[] {
  return fields.map(
    (field) => words[field.name as keyof WordsOf<F>] as string | PagePicture | null,
  );
}

/** The words of a list made by `wordList` (a missing one is blank). */
export function wordsOfList<const F extends readonly WordField[]>(
  fields: F,
  list: readonly (string | PagePicture | null)[],
): WordsOf<F> {
  return Object.fromEntries(
    fields.map((field, index) => [field.name, list[index] ?? (field.picture ? null : "")]),
  ) as WordsOf<F>;
}

/** The home page's words as a site starts with them (the sections that other pages share
 * show these there). */
export const homeWordDefaults = wordDefaults(homeWordFields);
