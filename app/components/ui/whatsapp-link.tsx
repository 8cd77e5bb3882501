import { defaultIdentity } from "../../../common/identity.ts";
import { useContactDetails, whatsappNumber } from "../../lib/contact-details.tsx";
import { useIdentity } from "../../lib/identity.ts";
import { WhatsAppIcon } from "./icons.tsx";

/**
 * The click-to-chat address: WhatsApp opens a chat with `number` (country code and number,
 * digits only) with `message` typed in. A plain link, so nothing is loaded from WhatsApp
 * until the visitor clicks it.
 */
export function whatsappHref(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The message a chat about a package or a service starts with. */
export function whatsappMessage(subject?: string, agency: string = defaultIdentity.name): string {
  return subject
    ? `Hello ${agency}, I would like to know more about ${subject}.`
    : `Hello ${agency}, I would like to talk about my business.`;
}

/**
 * "Chat on WhatsApp (about <topic>)": opens WhatsApp in a new tab with the message prefilled,
 * to the agency's WhatsApp number (its phone's when none is set; no link without either).
 * The icon is the project's own SVG; the green is WhatsApp's, with navy text for contrast.
 */
export function WhatsAppLink({
  topic,
  subject = topic,
  label = "Chat on WhatsApp",
  className = "",
}: {
  /** The package or service the chat is about; none for a general chat. */
  topic?: string;
  /** How the prefilled message names it, e.g. "the GROW ME package"; the topic by default. */
  subject?: string;
  /** The visible text; the accessible name always says what the chat is about. */
  label?: string;
  className?: string;
}) {
  const number = whatsappNumber(useContactDetails());
  const { name } = useIdentity();
  if (!number) return null;
  return (
    <a
      href={whatsappHref(number, whatsappMessage(subject, name))}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center justify-center gap-2 rounded-full bg-[#25D366] px-5 py-2.5 font-bold text-navy hover:bg-[#1ebe5b] ${className}`}
    >
      <WhatsAppIcon />
      <span>
        {label}
        {topic && <span className="sr-only"> about {topic}</span>}
        <span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
