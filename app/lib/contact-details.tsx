import { createContext, useContext, type ReactNode } from "react";
import type { ContactDetails } from "../../common/schemas/content.ts";
import { openDayField, WEEKDAYS } from "../../common/booking.ts";

// The agency's contact details and social links are edited in the back office (issue 12).
// The public layout route loads them once per page and offers them here, so the header,
// footer, social rail, WhatsApp buttons and page sections read one copy without threading
// props through every level.

/**
 * Blank details: what a component sees outside the public layout, or when the layout could
 * not load them (its error page). Every consumer leaves out what is blank.
 */
const noContact: ContactDetails = {
  phone: "",
  whatsapp: "",
  email: "",
  street: "",
  city: "",
  region: "",
  country: "",
  officeHours: "",
  // No hours: no day open.
  ...(Object.fromEntries(WEEKDAYS.map((_, weekday) => [openDayField(weekday), false])) as Record<
    ReturnType<typeof openDayField>,
    boolean
  >),
  opensAt: "",
  closesAt: "",
  instagram: "",
  facebook: "",
  twitter: "",
  linkedin: "",
  youtube: "",
};

const ContactDetailsContext = createContext<ContactDetails | null>(null);

export function ContactDetailsProvider({
  contact,
  children,
}: {
  contact: ContactDetails | null | undefined;
  children: ReactNode;
}) {
  return (
    <ContactDetailsContext.Provider value={contact ?? null}>
      {children}
    </ContactDetailsContext.Provider>
  );
}

/** The contact details of the public layout (blank fields when there are none). */
export function useContactDetails(): ContactDetails {
  return useContext(ContactDetailsContext) ?? noContact;
}

const digitsOf = (value: string) => value.replace(/\D/g, "");

/**
 * The phone as dialled, for `tel:` links: "+" and the digits of an international number
 * ("+234 812 345 6789" → "+2348123456789"); a number typed without its country code keeps
 * only its digits (a "+" before a local number would dial the wrong country).
 */
export function telHref(phone: string): string {
  const digits = digitsOf(phone);
  if (!digits) return "";
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** The WhatsApp number (country code and number, digits only): its own, else the phone's. */
export function whatsappNumber(contact: Pick<ContactDetails, "whatsapp" | "phone">): string {
  return contact.whatsapp.trim() || digitsOf(contact.phone);
}

/** The one-line postal address: street, city, country (the blank parts left out). */
export function postalAddressOf(
  contact: Pick<ContactDetails, "street" | "city" | "country">,
): string {
  return [contact.street, contact.city, contact.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/** Where a route's meta function finds the layout's loader data. */
export const SITE_LAYOUT_ROUTE_ID = "routes/site-layout";

interface RouteMatchLike {
  id: string;
  loaderData?: unknown;
}

/** The contact details the public layout loaded, for a route's `meta` (undefined: none). */
export function contactFrom(
  matches: readonly (RouteMatchLike | undefined)[],
): ContactDetails | undefined {
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID);
  return (layout?.loaderData as { contact?: ContactDetails } | undefined)?.contact;
}
