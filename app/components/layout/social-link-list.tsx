import { useContactDetails } from "../../lib/contact-details.tsx";
import { socialLinksOf } from "./social-links.ts";

/** The agency's social links as round icons, each opening in a new tab (none: nothing). */
export function SocialLinkList({ listClass, linkClass }: { listClass: string; linkClass: string }) {
  const links = socialLinksOf(useContactDetails());
  if (links.length === 0) return null;
  return (
    <ul className={listClass}>
      {links.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} (opens in a new tab)`}
            className={`flex items-center justify-center rounded-full ${linkClass}`}
          >
            <Icon width={16} />
          </a>
        </li>
      ))}
    </ul>
  );
}
