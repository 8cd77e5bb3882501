import { socialLinks } from "./social-links.ts";

/** The four social links as round icons, each opening in a new tab. */
export function SocialLinkList({ listClass, linkClass }: { listClass: string; linkClass: string }) {
  return (
    <ul className={listClass}>
      {socialLinks.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} (opens in a new tab)`}
            className={`flex items-center justify-center rounded-full ${linkClass}`}
          >
            <Icon width={16} height={16} />
          </a>
        </li>
      ))}
    </ul>
  );
}
