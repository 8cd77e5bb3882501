import type { ContactDetails } from "../../../common/schemas/content.ts";
import { FacebookIcon, InstagramIcon, LinkedInIcon, TwitterIcon } from "../ui/icons.tsx";

const networks = [
  { name: "Instagram", field: "instagram", Icon: InstagramIcon },
  { name: "Facebook", field: "facebook", Icon: FacebookIcon },
  { name: "Twitter", field: "twitter", Icon: TwitterIcon },
  { name: "LinkedIn", field: "linkedin", Icon: LinkedInIcon },
] as const;

/**
 * The social links of the rail, the contact page and the footer: those the agency filled in
 * (the schema lets only https:// addresses through), in this order. The spec's rail has these
 * four networks; the YouTube channel of the contact settings is where the portfolio's sample
 * videos link (and it is named in the home page's structured data), not a fifth rail link.
 */
export function socialLinksOf(contact: ContactDetails) {
  return networks.flatMap(({ name, field, Icon }) => {
    const href = contact[field].trim();
    return href ? [{ name, href, Icon }] : [];
  });
}
