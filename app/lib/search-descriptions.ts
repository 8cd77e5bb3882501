import type { SearchPageKey } from "../../common/schemas/content.ts";
import type { SiteIdentity } from "../../common/identity.ts";
import { defaultServiceItems } from "../../common/content/services.ts";

/** What of the contact details a description names. */
export interface DescriptionContact {
  city?: string;
  officeHours?: string;
}

/**
 * The search description a page uses while staff leave its own blank (issue 47, item 2): made
 * from the stored identity (and, for Contact Us, the city and office hours). The pages' `meta`
 * and the Search and sharing screen, which shows it as the blank field's placeholder, both
 * read it here.
 */
export function derivedDescription(
  key: SearchPageKey,
  identity: Pick<SiteIdentity, "name" | "description">,
  contact?: DescriptionContact,
  /** The services as stored (Site content, "Services"); the built-in seven when not given. */
  services: readonly { slug: string; summary: string }[] = defaultServiceItems,
): string {
  const { name } = identity;
  switch (key) {
    case "home":
      return identity.description;
    case "about":
      return `${name} is a Lagos digital marketing agency: our mission, why clients choose us and the team behind the work.`;
    case "team":
      return `Meet the people of ${name}: strategy, paid media, social media management and video production.`;
    case "services":
      return `Social media marketing and management, digital marketing, video content, ads, branding and page revamps by ${name}.`;
    case "blog":
      return `Insights, tips and actionable advice on social media, ads, branding and growth from the experts at ${name}.`;
    case "policy":
      return `How ${name} collects, uses and protects personal data under the GDPR, and how to use your rights.`;
    case "contact": {
      const where = contact?.city ? ` in ${contact.city}` : "";
      const hours = contact?.officeHours ? ` Office hours ${contact.officeHours}.` : "";
      return `Call, e-mail or visit ${name}${where}, or send an enquiry.${hours}`;
    }
    default: {
      // A service page: its summary.
      const service = services.find((item) => camel(item.slug) === key);
      return service?.summary ?? identity.description;
    }
  }
}

const camel = (slug: string) =>
  slug.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
