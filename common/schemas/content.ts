import { defaultIdentity } from "../identity.ts";
import { setupSettingsSchema } from "./setup.ts";
import { navigationSchema } from "./navigation.ts";
import { z } from "zod";
import { messages } from "../messages.ts";
import { MAX_PRICE, PRICE_KEY_PATTERN } from "./price.ts";
import { EMAIL_PATTERN, tooLong } from "./common.ts";
import { serviceNames, servicePages } from "../service-pages.ts";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "../slug.ts";
import {
  builtInIllustrations,
  newServiceWords,
  serviceExtraLabels,
  serviceExtras,
} from "../content/services.ts";
import { openDayField, WEEKDAYS } from "../booking.ts";
import { site } from "../site-config.ts";
import {
  aboutWordFields,
  bannerWordFields,
  blogWordFields,
  contactWordFields,
  teamWordFields,
  homeWordFields,
  SEARCH_DESCRIPTION_MAX,
  SEARCH_TITLE_MAX,
  searchPages,
  servicesWordFields,
  type WordField,
  type WordsOf,
} from "../content/page-words.ts";

// The site's editable content (issue 12): one schema per content type, used by the API to
// validate every write, by the back office's forms and by the pages. Items are stored as JSON
// in `content_items` (one row per item, `position` orders a list); the two singletons
// (contact details, policy) are one row each. What a form shows for each field is declared
// beside the schema (`contentTypes[type].fields`), so one editor serves every type.

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(label, max));

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, tooLong(label, max))
    .default("");

const naira = (label: string) =>
  z
    .number({ error: `${label} must be an amount in naira.` })
    .int(`${label} must be a whole number of naira.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_PRICE, `${label} must be at most N1,000,000,000.`);

const hexColour = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like ${defaultIdentity.primaryColour}.`);

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_URL_CHARS = /[\s\u0000-\u001f\u007f]/;

/** A link to another site (https only), or blank for none. */
const webLink = (label: string) =>
  optional(label, 500).refine(
    (value) => {
      if (value === "") return true;
      if (UNSAFE_URL_CHARS.test(value)) return false;
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    },
    { message: `${label} must be a full https:// address, or blank.` },
  );

/** An image of this site: /images/… (built in) or /media/… (uploaded); no "..", no host. */
const SITE_IMAGE_PATH = /^\/(images|media)\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/**
 * A picture on the site: the file (a site path such as /images/… or an upload under
 * /media/content/…), its alt text (required: every picture is described), and smaller
 * versions for `srcset`.
 */
export const contentImageSchema = z.object(
  {
    src: z
      .string({ error: "Choose an image." })
      .trim()
      .min(1, "Choose an image.")
      .max(300, "The image address is too long.")
      .regex(SITE_IMAGE_PATH, "Upload the image here (a site image)."),
    alt: text("Alt text", 300),
    variants: z
      .array(
        z.object({
          width: z.number().int().positive(),
          url: z.string().max(300).regex(SITE_IMAGE_PATH, "An image variant is not a site image."),
        }),
      )
      .max(12)
      .default([]),
  },
  { error: "Choose an image." },
);
export type ContentImage = z.infer<typeof contentImageSchema>;

/** A price shown on the site: a fixed amount (or range), or the amount of a price key. */
const priced = {
  priceKey: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || PRICE_KEY_PATTERN.test(value),
      "Choose a price from the list.",
    )
    .default(""),
  amount: naira("Amount").nullable().default(null),
  upTo: naira("Up to").nullable().default(null),
};

function checkPrice(
  value: { priceKey: string; amount: number | null; upTo: number | null },
  context: z.RefinementCtx,
) {
  if (value.priceKey === "" && value.amount === null) {
    context.addIssue({
      code: "custom",
      path: ["amount"],
      message: "Enter an amount, or choose a price from the list.",
    });
  }
  if (value.upTo !== null && value.amount !== null && value.upTo < value.amount) {
    context.addIssue({
      code: "custom",
      path: ["upTo"],
      message: "Up to must be at least the amount.",
    });
  }
}

const lines = (label: string, maxItems: number) =>
  z
    .array(text(label, 200), { error: `${label}: one per line.` })
    .min(1, `${label}: add at least one.`)
    .max(maxItems, `${label}: at most ${maxItems}.`);

export const offerSchema = z.object({ name: text("Name", 120), ...priced }).superRefine(checkPrice);

export const rateSchema = z
  .object({
    title: text("Title", 120),
    ...priced,
    descs: lines("Points", 12),
    tAndC: optional("Terms", 300),
    buttonDisplay: text("Button text", 40),
  })
  .superRefine(checkPrice);

/** A package is priced like an offer: a price key or its own monthly amount (decision 0030). */
export const packageSchema = z
  .object({
    name: text("Name", 60),
    ...priced,
    features: lines("Features", 20),
    featured: z.boolean().default(false),
  })
  .superRefine(checkPrice);

export const teamMemberSchema = z.object({
  name: text("Name", 120),
  position: text("Position", 120),
  image: contentImageSchema,
  color: hexColour("Colour"),
  bio: optional("Bio", 400),
});

export const testimonialSchema = z.object({
  name: text("Name", 120),
  text: text("Text", 600),
  // Optional (issue 50): a client without a photo or logo shows their initials.
  image: contentImageSchema.nullable().default(null),
});

export const faqItemSchema = z.object({
  question: text("Question", 200),
  answer: text("Answer", 2000),
});

export const brandSchema = z.object({ name: text("Name", 120), image: contentImageSchema });

export const galleryImageSchema = z.object({ image: contentImageSchema });

export const slideSchema = z.object({ image: contentImageSchema });

export const claimSchema = z.object({ value: text("Figure", 20), label: text("Label", 60) });

/** "06:00", "06:30" … "22:00": the times the office may open or close (Lagos wall clock). */
export const OFFICE_TIMES = Array.from({ length: 33 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 ? "30" : "00"}`;
});

const officeTime = (label: string, fallback: string) =>
  z
    .enum(OFFICE_TIMES as [string, ...string[]], {
      error: `${label} must be a time on the hour or half hour, 06:00 to 22:00.`,
    })
    .default(fallback);

/**
 * The office hours as the booking form reads them (issue 52): a switch per weekday and the
 * opening and closing times. Their defaults are common/site-config.ts's `officeWeek`, the
 * same hours as the displayed "8am-5pm Mon-Sat".
 */
function officeWeekShape() {
  const days = Object.fromEntries(
    WEEKDAYS.map((_, weekday) => [
      openDayField(weekday),
      z
        .boolean({ error: `${WEEKDAYS[weekday]} must be on or off.` })
        .default((site.officeWeek.days as readonly number[]).includes(weekday)),
    ]),
  ) as Record<ReturnType<typeof openDayField>, z.ZodDefault<z.ZodBoolean>>;
  return {
    ...days,
    opensAt: officeTime("Opens at", site.officeWeek.opens),
    closesAt: officeTime("Closes at", site.officeWeek.closes),
  };
}

/** The office week's fields as a new install starts with them (site-config's `officeWeek`). */
export const defaultOfficeWeekSettings = z.object(officeWeekShape()).parse({});

/** A weekday's switch and the two times, as the contact settings' form shows them. */
const officeWeekFields: ContentField[] = [
  // Monday first, as the week is read.
  ...[1, 2, 3, 4, 5, 6, 0].map((weekday): ContentField => ({
    name: openDayField(weekday),
    label: `Open on ${WEEKDAYS[weekday]}`,
    input: "checkbox",
    group: "Office hours for bookings",
  })),
  ...(["opensAt", "closesAt"] as const).map((name): ContentField => ({
    name,
    label: name === "opensAt" ? "Opens at" : "Closes at",
    input: "select",
    choices: OFFICE_TIMES.map((time) => ({ value: time, label: time })),
    group: "Office hours for bookings",
    hint:
      name === "closesAt"
        ? "Lagos time. The last consultation ends by then. The text above is what the pages show."
        : undefined,
  })),
];

/** Slot lengths and buffers staff may choose, in minutes. */
export const SLOT_MINUTES = ["15", "20", "30", "45", "60", "90", "120"] as const;
export const BUFFER_MINUTES = ["0", "5", "10", "15", "30", "45", "60"] as const;
/** The most days off kept (two years of public holidays and more). */
const MAX_DAYS_OFF = 100;

/** How consultations are booked (Site content, Settings, "Consultation booking"). */
export const bookingSettingsSchema = z.object({
  slotMinutes: z
    .enum(SLOT_MINUTES, { error: "Slot length must be one of the lengths offered." })
    .default("30"),
  bufferMinutes: z
    .enum(BUFFER_MINUTES, { error: "Buffer must be one of the lengths offered." })
    .default("30"),
  daysOff: z
    .array(
      z
        .string({ error: "Days off: one date (yyyy-mm-dd) per line." })
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Days off: one date (yyyy-mm-dd) per line.")
        .refine(
          (day) => !Number.isNaN(Date.parse(day)),
          "Days off: one date (yyyy-mm-dd) per line.",
        ),
      { error: "Days off: one date (yyyy-mm-dd) per line." },
    )
    .max(MAX_DAYS_OFF, `Days off: at most ${MAX_DAYS_OFF}.`)
    .default([]),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const contactSchema = z.object({
  phone: text("Phone", 40).regex(/^\+?[0-9 ()-]{7,}$/, "Phone must be a phone number."),
  whatsapp: optional("WhatsApp number", 20).refine(
    (value) => value === "" || /^[0-9]{7,15}$/.test(value),
    "WhatsApp number must be the country code and number, digits only (e.g. 2348123456789).",
  ),
  email: text("Email", 254).regex(EMAIL_PATTERN, messages.invalidEmail),
  street: text("Street", 200),
  city: text("City", 80),
  region: optional("State", 80),
  country: text("Country", 80),
  officeHours: text("Office hours", 80),
  ...officeWeekShape(),
  instagram: webLink("Instagram"),
  facebook: webLink("Facebook"),
  twitter: webLink("X (Twitter)"),
  linkedin: webLink("LinkedIn"),
  youtube: webLink("YouTube channel"),
});

// --- Issue 29: the service pages' blocks and the policy's sections ---------------------------

/**
 * A service (issue 47, decision 0048): its page at /{slug}, its card, its links in the menus,
 * and every word of its page. The name is also the enquiry's serviceType.
 */
export const serviceSchema = z.object({
  name: text("Name", 80),
  slug: z
    .string({ error: "Address is required." })
    .trim()
    .min(1, "Address is required.")
    .max(MAX_SLUG_LENGTH, tooLong("Address", MAX_SLUG_LENGTH))
    .regex(SLUG_PATTERN, "Address: lower-case letters and digits joined by hyphens (web-design)."),
  footerLabel: text("Footer label", 80),
  summary: text("Summary", 300),
  onHome: z.boolean().default(false),
  illustration: z
    .enum(servicePages, { error: "Choose one of the built-in illustrations." })
    .default(servicePages[0]),
  image: contentImageSchema.nullable().default(null),
  heroText: text("Hero text", 300),
  heroButton: text("Hero button", 60),
  blocksBadge: text("Blocks badge", 60),
  blocksTitle: text("Blocks heading", 120),
  extra: z.enum(serviceExtras, { error: "Choose the extra section." }).default("none"),
  extraBadge: optional("Extra section badge", 60),
  extraTitle: optional("Extra section heading", 120),
  extraIntro: optional("Extra section text", 300),
  enquiryBadge: text("Enquiry badge", 60),
  enquiryTitle: text("Enquiry heading", 120),
  enquiryIntro: text("Enquiry text", 300),
  promises: z
    .array(text("Promise", 200), { error: "Promises: one per line." })
    .max(8, "Promises: at most 8.")
    .default([]),
  talkHeading: text("Call us heading", 60),
});
export type Service = z.infer<typeof serviceSchema>;

/** The most enquiry options one block adds to its page's form. */
const MAX_BLOCK_OPTIONS = 12;

/**
 * A block of a service page ("What You Get"): its title and text, a picture (none: the check
 * icon), and the options it adds to the page's enquiry form (none: it adds none).
 */
export const serviceBlockSchema = z.object({
  // A service's slug (the services list): checked against the list when saved.
  page: z
    .string({ error: "Choose the page the block is shown on." })
    .trim()
    .regex(SLUG_PATTERN, "Choose the page the block is shown on."),
  title: text("Title", 120),
  text: text("Text", 600),
  image: contentImageSchema.nullable().default(null),
  options: z
    .array(text("Enquiry option", 120), { error: "Enquiry options: one per line." })
    .max(MAX_BLOCK_OPTIONS, `Enquiry options: at most ${MAX_BLOCK_OPTIONS}.`)
    .default([]),
});

/**
 * A numbered section of the privacy policy: its title and its body in the post format (a line
 * starting with # is a heading, with * a bullet, any other line a paragraph).
 */
export const policySectionSchema = z.object({
  title: text("Title", 120),
  body: text("Text", 8000),
});

export type ServiceBlock = z.infer<typeof serviceBlockSchema>;
export type PolicySection = z.infer<typeof policySectionSchema>;

export const policySettingsSchema = z.object({
  lastUpdated: z
    .string({ error: "Last updated is required." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Last updated must be a date.")
    .refine((value) => !Number.isNaN(Date.parse(value)), "Last updated must be a date."),
});

export type Offer = z.infer<typeof offerSchema>;
export type Rate = z.infer<typeof rateSchema>;
export type SocialPackage = z.infer<typeof packageSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export type Slide = z.infer<typeof slideSchema>;
export type Claim = z.infer<typeof claimSchema>;
export type ContactDetails = z.infer<typeof contactSchema>;
export type PolicySettings = z.infer<typeof policySettingsSchema>;

/** How the back office's editor shows one field. */
export type FieldInput =
  | "text"
  | "textarea"
  | "lines"
  | "naira"
  | "price-key"
  | "image"
  | "colour"
  | "checkbox"
  | "email"
  | "tel"
  | "url"
  | "date"
  | "select";

export interface ContentField {
  name: string;
  label: string;
  input: FieldInput;
  hint?: string;
  /** A blank value is allowed (for an image: no picture). */
  optional?: boolean;
  /** A "select" field's choices: the stored value and what the back office calls it. */
  choices?: readonly { value: string; label: string }[];
  /** The choices are the items of this list (their slug and name), read when the form opens. */
  choicesFrom?: "services";
  /** The heading of the form's part the field is shown in (consecutive fields share one). */
  group?: string;
  /** What a blank text field shows greyed (the text the page uses when it is left blank). */
  placeholder?: string;
  /** An image whose alt text may stay blank: it only decorates (a page's built-in picture). */
  decorative?: boolean;
  /** An image's built-in picture, which the form can put back after a removal or upload. */
  builtIn?: { src: string; alt: string };
}

const priceFields: ContentField[] = [
  {
    name: "priceKey",
    label: "Price",
    input: "price-key",
    optional: true,
    hint: "A price from the Prices screen, or “Fixed amount” to enter it here.",
  },
  { name: "amount", label: "Amount", input: "naira", optional: true },
  { name: "upTo", label: "Up to", input: "naira", optional: true, hint: "For a price range." },
];

const rateFields: ContentField[] = [
  { name: "title", label: "Title", input: "text" },
  ...priceFields,
  { name: "descs", label: "Points", input: "lines", hint: "One per line." },
  { name: "tAndC", label: "Terms", input: "text", optional: true },
  { name: "buttonDisplay", label: "Button text", input: "text" },
];

/** Every list type: its schema, names, form fields and the page that shows it. */
export const listContentTypes = {
  offers: {
    schema: offerSchema,
    label: "One-time offers",
    singular: "offer",
    fields: [{ name: "name", label: "Name", input: "text" }, ...priceFields],
    titleOf: (item: Offer) => item.name,
    preview: "/#offers-title",
    shownOn: "the home page (One Time Offers)",
  },
  "video-rates": {
    schema: rateSchema,
    label: "Video rates",
    singular: "video rate",
    fields: rateFields,
    titleOf: (item: Rate) => item.title,
    preview: "/video-creation",
    shownOn: "Video Content Creation",
  },
  "ads-offers": {
    schema: rateSchema,
    label: "Ads offers",
    singular: "ads offer",
    fields: rateFields,
    titleOf: (item: Rate) => item.title,
    preview: "/ads",
    shownOn: "Ads Campaign Management",
  },
  packages: {
    schema: packageSchema,
    label: "Social media packages",
    singular: "package",
    fields: [
      { name: "name", label: "Name", input: "text" },
      {
        name: "priceKey",
        label: "Monthly price",
        input: "price-key",
        optional: true,
        hint: "A price from the Prices screen, or “Fixed amount” to enter it below. The package's address is /social-media-management?package= its price key, or with a fixed amount its name in lower case with hyphens.",
      },
      ...priceFields.slice(1),
      { name: "features", label: "Features", input: "lines", hint: "One per line." },
      { name: "featured", label: "Highlight as the most popular", input: "checkbox" },
    ],
    titleOf: (item: SocialPackage) => item.name,
    preview: "/social-media-management#packages-title",
    shownOn: "Social Media Management and the home page",
  },
  team: {
    schema: teamMemberSchema,
    label: "Team",
    singular: "team member",
    fields: [
      { name: "name", label: "Name", input: "text" },
      { name: "position", label: "Position", input: "text" },
      { name: "image", label: "Photo", input: "image" },
      { name: "color", label: "Card colour", input: "colour" },
      { name: "bio", label: "Bio", input: "textarea", optional: true },
    ],
    titleOf: (item: TeamMember) => item.name,
    preview: "/about/team",
    shownOn: "About Us and Meet Our Team",
  },
  testimonials: {
    schema: testimonialSchema,
    label: "Testimonials",
    singular: "testimonial",
    fields: [
      { name: "name", label: "Name", input: "text" },
      { name: "text", label: "Text", input: "textarea" },
      { name: "image", label: "Avatar or logo", input: "image", optional: true },
    ],
    titleOf: (item: Testimonial) => item.name,
    preview: "/#feedback-title",
    shownOn: "the home page (Client's Feedback)",
  },
  faq: {
    schema: faqItemSchema,
    label: "FAQ",
    singular: "question",
    fields: [
      { name: "question", label: "Question", input: "text" },
      { name: "answer", label: "Answer", input: "textarea" },
    ],
    titleOf: (item: FaqItem) => item.question,
    preview: "/contact#faq-title",
    shownOn: "Contact Us",
  },
  brands: {
    schema: brandSchema,
    label: "Brand logos",
    singular: "brand",
    fields: [
      { name: "name", label: "Name", input: "text" },
      { name: "image", label: "Logo", input: "image" },
    ],
    titleOf: (item: Brand) => item.name,
    preview: "/#brands-title",
    shownOn: "the home page (Brands We've Worked With)",
  },
  gallery: {
    schema: galleryImageSchema,
    label: "Gallery",
    singular: "gallery image",
    fields: [{ name: "image", label: "Image", input: "image" }],
    titleOf: (item: GalleryImage) => item.image.alt,
    preview: "/#gallery-title",
    shownOn: "the home page (Graphics Design Portfolio)",
  },
  slides: {
    schema: slideSchema,
    label: "Carousel slides",
    singular: "slide",
    fields: [{ name: "image", label: "Image", input: "image" }],
    titleOf: (item: Slide) => item.image.alt,
    preview: "/",
    shownOn: "the home page (image carousel)",
  },
  claims: {
    schema: claimSchema,
    label: "Claims",
    singular: "claim",
    fields: [
      { name: "value", label: "Figure", input: "text", hint: "For example 200+." },
      { name: "label", label: "Label", input: "text" },
    ],
    titleOf: (item: Claim) => `${item.value} ${item.label}`,
    preview: "/services",
    shownOn: "the home page, About Us and Services",
  },
  // --- Issue 47: the services (decision 0048) ---------------------------------------------
  services: {
    schema: serviceSchema,
    label: "Services",
    singular: "service",
    fields: [
      {
        name: "name",
        label: "Name",
        input: "text",
        group: "The service",
        hint: "Its page's title, its name in the menus and on its card, and the enquiry's service type.",
      },
      {
        name: "slug",
        label: "Address",
        input: "text",
        group: "The service",
        hint: "The page's address: /{address}. Changing it moves the page; the old address then redirects to the new one.",
      },
      { name: "footerLabel", label: "Footer label", input: "text", group: "The service" },
      {
        name: "summary",
        label: "Summary",
        input: "textarea",
        group: "The service",
        hint: "The card's text (Our Services and the home page) and the page's search description.",
      },
      { name: "onHome", label: "Shown on the home page", input: "checkbox", group: "The service" },
      {
        name: "illustration",
        label: "Built-in illustration",
        input: "select",
        group: "Illustration",
        choices: builtInIllustrations,
        hint: "Shown on the card and the page when no picture is uploaded.",
      },
      {
        name: "image",
        label: "Picture",
        input: "image",
        optional: true,
        group: "Illustration",
        hint: "None: the built-in illustration.",
      },
      { name: "heroText", label: "Hero text", input: "textarea", group: "The page's top" },
      { name: "heroButton", label: "Hero button", input: "text", group: "The page's top" },
      { name: "blocksBadge", label: "Blocks badge", input: "text", group: "What You Get" },
      { name: "blocksTitle", label: "Blocks heading", input: "text", group: "What You Get" },
      {
        name: "extra",
        label: "Extra section",
        input: "select",
        group: "Extra section",
        choices: serviceExtras.map((value) => ({ value, label: serviceExtraLabels[value] })),
        hint: "A section after the blocks. Its heading below (the gallery has its own).",
      },
      {
        name: "extraBadge",
        label: "Extra section badge",
        input: "text",
        optional: true,
        group: "Extra section",
      },
      {
        name: "extraTitle",
        label: "Extra section heading",
        input: "text",
        optional: true,
        group: "Extra section",
      },
      {
        name: "extraIntro",
        label: "Extra section text",
        input: "textarea",
        optional: true,
        group: "Extra section",
      },
      { name: "enquiryBadge", label: "Enquiry badge", input: "text", group: "Enquiry" },
      { name: "enquiryTitle", label: "Enquiry heading", input: "text", group: "Enquiry" },
      { name: "enquiryIntro", label: "Enquiry text", input: "textarea", group: "Enquiry" },
      {
        name: "promises",
        label: "Promises",
        input: "lines",
        optional: true,
        group: "Enquiry",
        hint: "The ticked points beside the form (a free consultation…), one per line.",
      },
      { name: "talkHeading", label: "Call us heading", input: "text", group: "Enquiry" },
    ],
    titleOf: (item: Service) => item.name,
    // A new service's form starts with the words every service page shares.
    newItem: {
      ...newServiceWords,
      promises: [...newServiceWords.promises],
      illustration: servicePages[0],
      extra: "none",
    },
    preview: "/services#all-services",
    previewOf: (item: Service) => `/${item.slug}`,
    shownOn: "their own pages, Our Services, the home page, the menus and the footer",
  },
  // --- Issue 29: the service pages' blocks and the policy's sections (decision 0029) ------
  "service-blocks": {
    schema: serviceBlockSchema,
    label: "Service page blocks",
    singular: "block",
    fields: [
      {
        name: "page",
        label: "Page",
        input: "select",
        // The built-in seven until the services list is read (the back office reads it).
        choices: servicePages.map((slug) => ({ value: slug, label: serviceNames[slug] })),
        choicesFrom: "services",
      },
      { name: "title", label: "Title", input: "text" },
      { name: "text", label: "Text", input: "textarea" },
      {
        name: "image",
        label: "Picture",
        input: "image",
        optional: true,
        hint: "None: the block shows a tick.",
      },
      {
        name: "options",
        label: "Enquiry options",
        input: "lines",
        optional: true,
        hint: "What a visitor can tick in the page's enquiry form for this block, one per line. None: the block adds none.",
      },
    ],
    titleOf: (item: ServiceBlock) => item.title,
    preview: "/social-media#blocks",
    previewOf: (item: ServiceBlock) => `/${item.page}#blocks`,
    groupBy: "page",
    shownOn: "the service pages (What You Get) and their enquiry forms",
  },
  "policy-sections": {
    schema: policySectionSchema,
    label: "Privacy policy sections",
    singular: "section",
    fields: [
      { name: "title", label: "Title", input: "text" },
      {
        name: "body",
        label: "Text",
        input: "textarea",
        hint: "As in a post: a line starting with # is a heading, with * a bullet, any other line a paragraph. {name} shows the agency's name (Site identity); {email}, {city}, {country} and {date} show the contact e-mail, city and country and the month of Last updated.",
      },
    ],
    titleOf: (item: PolicySection) => item.title,
    preview: "/policy#section-1",
    shownOn: "the privacy policy (its numbered sections)",
  },
} as const satisfies Record<string, ListContentType>;

interface ListContentType {
  schema: z.ZodType;
  label: string;
  singular: string;
  fields: readonly ContentField[];
  titleOf: (item: never) => string;
  preview: string;
  /** The section that shows one item, when it depends on the item (its preview link). */
  previewOf?: (item: never) => string;
  /** A "select" field whose value groups the list (its screen shows one group at a time). */
  groupBy?: string;
  /** What the form of a new item starts with (blank fields otherwise). */
  newItem?: object;
  shownOn: string;
}

// --- Page words and search fields (issue 29, decision 0028) ---------------------------------
// Built from the lists of common/content/page-words.ts, which declare each field once with
// today's text.

/**
 * A page's picture (issue 47, item 3): a site image (built in or uploaded) with its alt text,
 * which a decorative one may leave blank; null shows no picture.
 */
const pagePictureSchema = (decorative: boolean) =>
  z
    .object({
      src: contentImageSchema.shape.src,
      alt: decorative ? optional("Alt text", 300) : text("Alt text", 300),
      variants: contentImageSchema.shape.variants,
    })
    .nullable();

function wordsSchema<const F extends readonly WordField[]>(fields: F) {
  const shape = Object.fromEntries(
    fields.map((field) => {
      if (field.picture) return [field.name, pagePictureSchema(field.text === "")];
      const max = field.max ?? (field.long ? 600 : 120);
      return [field.name, field.optional ? optional(field.label, max) : text(field.label, max)];
    }),
  );
  return z.object(shape) as unknown as z.ZodType<WordsOf<F>>;
}

function wordFormFields(fields: readonly WordField[]): ContentField[] {
  return fields.map((field) => ({
    name: field.name,
    label: field.label,
    input: field.picture ? "image" : field.long ? "textarea" : "text",
    group: field.group,
    ...((field.optional || field.picture) && { optional: true }),
    ...(field.hint && { hint: field.hint }),
    ...(field.picture && {
      builtIn: { src: field.picture, alt: field.text },
      ...(field.text === "" && { decorative: true }),
    }),
  }));
}

/** A picture that may be left out: blank (no file chosen) is null. */
const optionalImage = z.preprocess(
  (value) =>
    value === undefined ||
    (typeof value === "object" && value !== null && (value as { src?: unknown }).src === "")
      ? null
      : value,
  contentImageSchema.nullable(),
);

export type HomeWords = WordsOf<typeof homeWordFields>;
export type AboutWords = WordsOf<typeof aboutWordFields>;
export type ServicesWords = WordsOf<typeof servicesWordFields>;
export type BannerWords = WordsOf<typeof bannerWordFields>;
export type ContactWords = WordsOf<typeof contactWordFields>;
export type TeamWords = WordsOf<typeof teamWordFields>;

export type SearchPageKey = (typeof searchPages)[number]["key"];
/** Each public page's own search title, description and share image; blank is today's. */
export type SearchSettings = { [K in SearchPageKey as `${K}Title` | `${K}Description`]: string } & {
  [K in SearchPageKey as `${K}Image`]: ContentImage | null;
};

export const searchSettingsSchema = z.object(
  Object.fromEntries(
    searchPages.flatMap((page) => [
      [`${page.key}Title`, optional(`${page.label}: search title`, SEARCH_TITLE_MAX)],
      [
        `${page.key}Description`,
        optional(`${page.label}: search description`, SEARCH_DESCRIPTION_MAX),
      ],
      [`${page.key}Image`, optionalImage],
    ]),
  ),
) as unknown as z.ZodType<SearchSettings>;

const searchFormFields: ContentField[] = searchPages.flatMap((page) => {
  const group = `${page.label} (${page.path})`;
  return [
    {
      name: `${page.key}Title`,
      label: "Search title",
      input: "text",
      group,
      optional: true,
      hint: "The whole title shown in search results and browser tabs. Blank: today's title.",
    },
    {
      name: `${page.key}Description`,
      label: "Search description",
      input: "textarea",
      group,
      optional: true,
      hint: "One or two sentences for search results and shared links. Blank: today's.",
    },
    {
      name: `${page.key}Image`,
      label: "Share image",
      input: "image",
      group,
      optional: true,
      hint: "Shown when the page is shared (1200 × 630 is best). None: the site's image.",
    },
  ] satisfies ContentField[];
});

/** A page's own search title, description and share image, as the pages get them. */
export interface OwnSearch {
  title?: string;
  description?: string;
  image?: { src: string; alt: string };
}

/** The pages that have search fields of their own, by path, with only what staff set. */
export function shownSearch(settings: SearchSettings): Record<string, OwnSearch> {
  const shown: Record<string, OwnSearch> = {};
  for (const page of searchPages) {
    const title = settings[`${page.key}Title`];
    const description = settings[`${page.key}Description`];
    const image = settings[`${page.key}Image`];
    if (!title && !description && !image) continue;
    shown[page.path] = {
      ...(title && { title }),
      ...(description && { description }),
      ...(image && { image: { src: image.src, alt: image.alt } }),
    };
  }
  return shown;
}
// --- end of page words -------------------------------------------------------------------

/** The two settings that are one record each. */
export const singleContentTypes = {
  contact: {
    schema: contactSchema,
    label: "Contact details",
    fields: [
      { name: "phone", label: "Phone", input: "tel" },
      {
        name: "whatsapp",
        label: "WhatsApp number",
        input: "text",
        optional: true,
        hint: "Country code and number, digits only. Blank: the phone number.",
      },
      { name: "email", label: "Email", input: "email" },
      { name: "street", label: "Street", input: "text" },
      { name: "city", label: "City", input: "text" },
      { name: "region", label: "State", input: "text", optional: true },
      { name: "country", label: "Country", input: "text" },
      { name: "officeHours", label: "Office hours", input: "text" },
      ...officeWeekFields,
      { name: "instagram", label: "Instagram", input: "url", optional: true },
      { name: "facebook", label: "Facebook", input: "url", optional: true },
      { name: "twitter", label: "X (Twitter)", input: "url", optional: true },
      { name: "linkedin", label: "LinkedIn", input: "url", optional: true },
      {
        name: "youtube",
        label: "YouTube channel",
        input: "url",
        optional: true,
        hint: "The portfolio's sample videos link here until six videos of your own are shown.",
      },
    ],
    preview: "/contact",
  },
  booking: {
    schema: bookingSettingsSchema,
    label: "Consultation booking",
    fields: [
      {
        name: "slotMinutes",
        label: "Slot length",
        input: "select",
        choices: SLOT_MINUTES.map((value) => ({ value, label: `${value} minutes` })),
        hint: "How long a free consultation lasts.",
      },
      {
        name: "bufferMinutes",
        label: "Buffer between slots",
        input: "select",
        choices: BUFFER_MINUTES.map((value) => ({ value, label: `${value} minutes` })),
      },
      {
        name: "daysOff",
        label: "Days off",
        input: "lines",
        optional: true,
        hint: "One date per line (yyyy-mm-dd), such as a public holiday. The days and hours are in Contact details.",
      },
    ],
    preview: "/contact",
  },
  policy: {
    schema: policySettingsSchema,
    label: "Privacy policy",
    fields: [{ name: "lastUpdated", label: "Last updated", input: "date" }],
    preview: "/policy",
  },
  // --- Page words and search fields (issue 29, decision 0028) ---
  "home-page": {
    schema: wordsSchema(homeWordFields),
    label: "Home page",
    fields: wordFormFields(homeWordFields),
    preview: "/",
  },
  "about-page": {
    schema: wordsSchema(aboutWordFields),
    label: "About Us page",
    fields: wordFormFields(aboutWordFields),
    preview: "/about",
  },
  "services-page": {
    schema: wordsSchema(servicesWordFields),
    label: "Our Services page",
    fields: wordFormFields(servicesWordFields),
    preview: "/services",
  },
  "contact-page": {
    schema: wordsSchema(contactWordFields),
    label: "Contact Us page",
    fields: wordFormFields(contactWordFields),
    preview: "/contact",
  },
  "team-page": {
    schema: wordsSchema(teamWordFields),
    label: "Our Team page",
    fields: wordFormFields(teamWordFields),
    preview: "/about/team",
  },
  "blog-page": {
    schema: wordsSchema(blogWordFields),
    label: "Blog page",
    fields: wordFormFields(blogWordFields),
    preview: "/blog",
  },
  banners: {
    schema: wordsSchema(bannerWordFields),
    label: "Call-to-action banners",
    fields: wordFormFields(bannerWordFields),
    preview: "/about#get-started",
  },
  search: {
    schema: searchSettingsSchema,
    label: "Search and sharing",
    fields: searchFormFields,
    preview: "/",
  },
  // --- end of page words ---
  // Issue 47: the dashboard's set-up card and the portfolio's built-in samples.
  setup: {
    schema: setupSettingsSchema,
    label: "Set-up and sample content",
    fields: [
      {
        name: "sampleVideos",
        label: "Show the built-in sample videos until six of your own are shown",
        input: "checkbox",
      },
      {
        name: "done",
        label: "The site is set up (the dashboard's set-up card is closed)",
        input: "checkbox",
      },
    ],
    preview: "/",
  },
  // Issue 47 item 4 (decision 0047): the menus. Their own screen edits them (/admin/navigation).
  navigation: {
    schema: navigationSchema,
    label: "Navigation",
    fields: [],
    preview: "/",
  },
} as const satisfies Record<string, SingleContentType>;

interface SingleContentType {
  schema: z.ZodType;
  label: string;
  fields: readonly ContentField[];
  preview: string;
}

export type ListContentTypeName = keyof typeof listContentTypes;
export type SingleContentTypeName = keyof typeof singleContentTypes;
export type ContentTypeName = ListContentTypeName | SingleContentTypeName;

export const listContentTypeNames = Object.keys(listContentTypes) as ListContentTypeName[];
export const singleContentTypeNames = Object.keys(singleContentTypes) as SingleContentTypeName[];

export const listTypeParam = z.enum(
  listContentTypeNames as [ListContentTypeName, ...ListContentTypeName[]],
  { error: "There is no such content type." },
);
export const singleTypeParam = z.enum(
  singleContentTypeNames as [SingleContentTypeName, ...SingleContentTypeName[]],
  { error: "There is no such setting." },
);

/** One item of a list type as the public pages show it: what it says, without its id. */
export type ShownItemOf<T extends ListContentTypeName> = z.infer<
  (typeof listContentTypes)[T]["schema"]
>;
/** One stored item of a list type as the API answers it. */
export type ListItemOf<T extends ListContentTypeName> = ShownItemOf<T> & { _id: string };
export type SingleOf<T extends SingleContentTypeName> = z.infer<
  (typeof singleContentTypes)[T]["schema"]
>;

/** Everything the pages show, by type: what `GET /api/content` answers. */
export type SiteContent = { [T in ListContentTypeName]: ListItemOf<T>[] } & {
  [T in SingleContentTypeName]: SingleOf<T>;
};

export const reorderSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(64), { error: "ids must be a list of item ids." })
    .max(500, "Too many ids."),
});
