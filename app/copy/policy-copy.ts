import type { ContactDetails, PolicySettings } from "../../common/schemas/content.ts";

// The privacy policy (spec §2): its intro, then its numbered sections (content staff edit: the
// "policy-sections" type, common/content/defaults.ts), then the NDPA note. Its date, the
// agency's city, country and e-mail are edited in the back office, so the texts that name them
// are built from those settings.

/**
 * What the policy's texts depend on: the agency's name (the stored identity), the contact
 * details and the policy's date.
 */
export type PolicyDetails = Pick<ContactDetails, "city" | "country" | "email"> &
  Pick<PolicySettings, "lastUpdated"> & { name: string };

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

export const policyIntro = (name: string) =>
  `This policy explains what personal data ${name} collects when you use our website or work with us, why we collect it, how we protect it and the rights you have over it under the General Data Protection Regulation (GDPR).`;

/**
 * A policy section's text with its placeholders filled in: {name} the agency's (the stored
 * identity's), {email}, {city} and {country} from the contact details, {date} the month of
 * Last updated (the field's hint in
 * common/schemas/content.ts names them). Any other text in braces stays as written.
 */
export function fillPolicyText(text: string, details: PolicyDetails): string {
  const values: Record<string, string> = {
    name: details.name,
    email: details.email,
    city: details.city,
    country: details.country,
    date: policyDateOf(details.lastUpdated),
  };
  return text.replace(
    /\{(name|email|city|country|date)\}/g,
    (_, name: string) => values[name] ?? "",
  );
}

/**
 * Nigerian law, after the numbered sections (unnumbered, so their numbers stay): the agency is in
 * Lagos, so the Nigeria Data Protection Act 2023 applies and the NDPC supervises it.
 */
export const ndpaNote = ({
  name,
  city,
  country,
}: Pick<PolicyDetails, "name" | "city" | "country">): {
  title: string;
  paragraphs: string[];
  lawfulBases: string[];
} => ({
  title: "Nigeria Data Protection Act 2023 (NDPA)",
  paragraphs: [
    `Because ${name} is based in ${city}, ${country}, we also process personal data in line with the Nigeria Data Protection Act 2023 (NDPA). Under the NDPA we rely on these lawful bases:`,
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
