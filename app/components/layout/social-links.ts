import { site } from "../../../common/site-config.ts";
import { FacebookIcon, InstagramIcon, LinkedInIcon, TwitterIcon } from "../ui/icons.tsx";

/** The four social links of the rail, the contact page and the footer. */
export const socialLinks = [
  { name: "Instagram", href: site.socials.instagram, Icon: InstagramIcon },
  { name: "Facebook", href: site.socials.facebook, Icon: FacebookIcon },
  { name: "Twitter", href: site.socials.twitter, Icon: TwitterIcon },
  { name: "LinkedIn", href: site.socials.linkedin, Icon: LinkedInIcon },
] as const;
