import { Link } from "react-router";
import {
  footerCompanyNavigation,
  footerPolicyLink,
  footerServiceNavigationOf,
} from "../../lib/navigation.ts";
import { useServices } from "../../lib/services.ts";
import { useIdentity } from "../../lib/identity.ts";
import { postalAddressOf, telHref, useContactDetails } from "../../lib/contact-details.tsx";
import { MailIcon, PhoneIcon, PinIcon } from "../ui/icons.tsx";
import { SocialLinkList } from "./social-link-list.tsx";
import { mailtoHref } from "../../../common/mailto.ts";
import { consentWords } from "../../../common/marketing-tags.ts";

const linkClass = "text-brand-100 transition-colors hover:text-white hover:underline";

/**
 * `termsHref`: where "Terms of Service" links once the terms page is published (else text);
 * `cookieSettings`: a marketing tag is on, and "Cookie settings" opens its consent notice.
 */
export function Footer({
  termsHref,
  cookieSettings,
}: {
  termsHref?: string;
  cookieSettings?: boolean;
}) {
  const contact = useContactDetails();
  const { name, tagline } = useIdentity();
  const address = postalAddressOf(contact);
  const footerServiceNavigation = footerServiceNavigationOf(useServices());
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
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-bold text-white">
            Our Company
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerCompanyNavigation.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-bold text-white">
            Our Services
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerServiceNavigation.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
            <li>
              <Link to={footerPolicyLink.to} className={linkClass}>
                {footerPolicyLink.label}
              </Link>
            </li>
            <li>
              {termsHref ? (
                <Link to={termsHref} className={linkClass}>
                  Terms of Service
                </Link>
              ) : (
                "Terms of Service"
              )}
            </li>
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
