import { site } from "../../../common/site-config.ts";
import { useContactDetails, whatsappNumber } from "../../lib/contact-details.tsx";

/**
 * The click-to-chat address: WhatsApp opens a chat with `number` (country code and number,
 * digits only) with `message` typed in. A plain link, so nothing is loaded from WhatsApp
 * until the visitor clicks it.
 */
export function whatsappHref(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The message a chat about a package or a service starts with. */
export function whatsappMessage(subject?: string): string {
  return subject
    ? `Hello ${site.name}, I would like to know more about ${subject}.`
    : `Hello ${site.name}, I would like to talk about my business.`;
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
  if (!number) return null;
  return (
    <a
      href={whatsappHref(number, whatsappMessage(subject))}
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

/** A speech bubble with a handset: the project's own drawing, not WhatsApp's logo file. */
function WhatsAppIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
    >
      <path
        d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.8-1.3A9.5 9.5 0 1 0 12 2.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path
        d="M9.2 7.5c-.3-.6-.6-.6-.9-.6h-.7c-.3 0-.7.1-1 .5-.4.4-1.3 1.2-1.3 3s1.3 3.5 1.5 3.7c.2.2 2.6 4 6.3 5.5 3.1 1.2 3.8 1 4.4.9.7-.1 2.2-.9 2.5-1.8.3-.9.3-1.6.2-1.8-.1-.2-.3-.3-.7-.5l-2.2-1.1c-.3-.1-.5-.2-.8.2l-1 1.2c-.2.2-.4.3-.7.1-.4-.2-1.5-.6-2.8-1.8-1-.9-1.7-2-1.9-2.4-.2-.4 0-.5.2-.7l.5-.6c.2-.2.2-.4.3-.6.1-.2.1-.5 0-.7L9.2 7.5Z"
        fill="currentColor"
        transform="translate(12 12) scale(.62) translate(-12 -12.4)"
      />
    </svg>
  );
}
