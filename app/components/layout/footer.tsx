import { Link } from "react-router";
import type { ShownEntry } from "../../../common/content/navigation.ts";
import { useMenus } from "../../lib/menus.tsx";
import { useIdentity } from "../../lib/identity.ts";
import { postalAddressOf, telHref, useContactDetails } from "../../lib/contact-details.tsx";
import { MailIcon, PhoneIcon, PinIcon } from "../ui/icons.tsx";
import { SocialLinkList } from "./social-link-list.tsx";
import { mailtoHref } from "../../../common/mailto.ts";
import { consentWords } from "../../../common/marketing-tags.ts";

const linkClass = "text-brand-100 transition-colors hover:text-white hover:underline";

/** A footer entry: its link, or its label alone when its page is missing (decision 0047). */
function FooterEntry({ entry }: { entry: ShownEntry }) {
  return entry.to ? (
    <Link to={entry.to} className={linkClass}>
      {entry.label}
    </Link>
  ) : (
    entry.label
  );
}

/** `cookieSettings`: a marketing tag is on, and "Cookie settings" opens its consent notice. */
export function Footer({ cookieSettings }: { cookieSettings?: boolean }) {
  const { footerColumns, footerBottom } = useMenus();
  const contact = useContactDetails();
  const { name, tagline } = useIdentity();
  const address = postalAddressOf(contact);
  return (
    <footer className="bg-navy text-brand-100">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">{name}</p>
          <p className="mt-3 text-sm leading-relaxed">{tagline}.</p>
          <SocialLinkList
            listClass="mt-5 flex gap-2"
            linkClass="size-9 bg-white/10 text-white hover:bg-accent hover:text-navy"
          />
        </div>
        {footerColumns.map((column) => (
          <nav key={column.id} aria-labelledby={column.id}>
            <h2 id={column.id} className="font-bold text-white">
              {column.heading}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {column.links.map((entry, index) => (
                <li key={index}>
                  <FooterEntry entry={entry} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="font-bold text-white">Get in Touch</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {contact.phone && (
              <li className="flex gap-2">
                <PhoneIcon width={18} className="mt-0.5 shrink-0 text-accent" />
                <a href={telHref(contact.phone)} className={linkClass}>
                  {contact.phone}
                </a>
              </li>
            )}
            {contact.email && (
              <li className="flex gap-2">
                <MailIcon width={18} className="mt-0.5 shrink-0 text-accent" />
                <a href={mailtoHref(contact.email)} className={linkClass}>
                  {contact.email}
                </a>
              </li>
            )}
            {address && (
              <li className="flex gap-2">
                <PinIcon width={18} className="mt-0.5 shrink-0 text-accent" />
                <address className="not-italic">{address}</address>
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {name}. All rights reserved.
          </p>
          <ul className="flex gap-5">
            {footerBottom.map((entry, index) => (
              <li key={index}>
                <FooterEntry entry={entry} />
              </li>
            ))}
            {cookieSettings && (
              <li>
                <button type="button" data-consent-open className={linkClass}>
                  {consentWords.settings}
                </button>
              </li>
            )}
          </ul>
        </div>
      </div>
    </footer>
  );
}
