import type { ContactDetails, PolicySettings } from "../../common/schemas/content.ts";
import { site } from "../../common/site-config.ts";

// The privacy policy (spec §2): sections 1 to 12, then the NDPA note. Its date, the agency's
// city, country and e-mail are edited in the back office, so the texts that name them are
// built from those settings.

/** What the policy's texts depend on: the contact details and the policy's date. */
export type PolicyDetails = Pick<ContactDetails, "city" | "country" | "email"> &
  Pick<PolicySettings, "lastUpdated">;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "2024-10-01" → "October 2024": read from the date's own parts, so no time zone can move it
 * to another month (and the server and the browser render the same text).
 */
export function policyDateOf(lastUpdated: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(lastUpdated);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : lastUpdated;
}

export const policyIntro = `This policy explains what personal data ${site.name} collects when you use our website or work with us, why we collect it, how we protect it and the rights you have over it under the General Data Protection Regulation (GDPR).`;

export interface PolicySection {
  title: string;
  paragraphs: string[];
  list?: string[];
}

/** The twelve numbered sections, with the agency's current details. */
export const policySections = ({
  city,
  country,
  email,
  lastUpdated,
}: PolicyDetails): PolicySection[] => [
  {
    title: "Who We Are",
    paragraphs: [
      `${site.name} is a digital marketing and advertising agency based in ${city}, ${country}. We are the controller of the personal data described in this policy and we collect and process it in line with the General Data Protection Regulation (GDPR) and the Nigeria Data Protection Act.`,
    ],
  },
  {
    title: "Data We Collect",
    paragraphs: ["When you use our website or work with us, we may collect:"],
    list: [
      "Your name",
      "Your e-mail address",
      "Your phone number",
      "Company details, such as your company name, website and social media handles",
      "Usage data, such as the pages you visit and the device and browser you use",
      "Your marketing preferences, such as newsletter subscriptions",
      "Cookies and similar technologies (see section 9)",
    ],
  },
  {
    title: "How We Use Your Data",
    paragraphs: [
      "We use your data to answer your enquiries, prepare proposals and quotes, deliver the services you order, send the newsletter you subscribed to, and improve our website and services.",
    ],
  },
  {
    title: "Legal Bases for Processing",
    paragraphs: [
      "We process your data on these legal bases: your consent (for example, the newsletter), the performance of a contract or steps before entering one (for example, answering an enquiry), our legitimate interests in running and improving our business, and compliance with legal obligations.",
    ],
  },
  {
    title: "How We Protect Your Data",
    paragraphs: [
      "We use appropriate technical and organisational measures to protect your data against loss, misuse and unauthorised access, including encrypted connections, access limited to staff who need it, and strong authentication for our systems.",
    ],
  },
  {
    title: "Data Retention",
    paragraphs: [
      "We keep personal data only as long as we need it for the purposes above: enquiries for up to two years after our last contact, client records for as long as the law requires, and newsletter data until you unsubscribe.",
    ],
  },
  {
    title: "Your Rights Under GDPR",
    paragraphs: [
      "You have the right to access your data, to have it corrected or erased, to restrict or object to its processing, to data portability, and to withdraw consent at any time. You may also complain to a data protection authority.",
      `To use any of these rights, e-mail us at ${email}. We answer every request within one month.`,
    ],
  },
  {
    title: "Sharing Your Data",
    paragraphs: [
      "We do not sell your data. We share it only with service providers who help us run our business (such as hosting and e-mail providers) under contracts that protect it, or when the law requires us to.",
    ],
  },
  {
    title: "Cookies",
    paragraphs: [
      "Our website uses only the cookies and local storage it needs to work. We do not use advertising cookies. You can block or delete cookies in your browser settings.",
    ],
  },
  {
    title: "Third-Party Links",
    paragraphs: [
      "Our website links to other sites, such as our social media pages and YouTube. We are not responsible for their privacy practices; please read their policies.",
    ],
  },
  {
    title: "International Data Transfers",
    paragraphs: [
      "Some of our service providers may process data outside Nigeria. When they do, we make sure appropriate safeguards, such as standard contractual clauses, protect your data.",
    ],
  },
  {
    title: "Changes to This Policy",
    paragraphs: [
      `We may update this policy from time to time. The latest version is always on this page. This policy was last updated in ${policyDateOf(lastUpdated)}.`,
    ],
  },
];

/**
 * Nigerian law, after the twelve sections (unnumbered, so their numbers stay): the agency is in
 * Lagos, so the Nigeria Data Protection Act 2023 applies and the NDPC supervises it.
 */
export const ndpaNote = ({
  city,
  country,
}: Pick<PolicyDetails, "city" | "country">): {
  title: string;
  paragraphs: string[];
  lawfulBases: string[];
} => ({
  title: "Nigeria Data Protection Act 2023 (NDPA)",
  paragraphs: [
    `Because ${site.name} is based in ${city}, ${country}, we also process personal data in line with the Nigeria Data Protection Act 2023 (NDPA). Under the NDPA we rely on these lawful bases:`,
    "When you send an enquiry, we record the page you sent it from, the website that brought you to us and the campaign tags of the link you followed (utm_source and the like). Your browser keeps the last two for the length of your visit only (sessionStorage, not a cookie). A form you send while your connection is down is kept in your browser until it can be sent, then deleted.",
    "You have the same rights under the NDPA as those described in section 7, and we answer every request within one month. If you are not satisfied with our answer, you may complain to the Nigeria Data Protection Commission (NDPC), the supervisory authority for data protection in Nigeria (ndpc.gov.ng).",
  ],
  lawfulBases: [
    "Consent: for example, when you subscribe to our newsletter. You may withdraw it at any time.",
    "Contract: to answer your enquiry, prepare a proposal and deliver the services you order.",
    "Legitimate interests: to run, secure and improve our website and our business, where your rights do not override them.",
    "Legal obligation: to keep the records that Nigerian law, such as tax law, requires.",
  ],
});
