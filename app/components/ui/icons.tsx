/**
 * The site's icons: each a `<span>` painted in the text colour through the CSS mask of its
 * drawing (app.css: the `icon` utility, and `icon-*` for each drawing), so that a page
 * renders one element per icon instead of an `<svg>` and its paths: the home page has 51.
 * Decorative: the link or button around an icon says what it does.
 */
interface IconProps {
  /** Width and height (every icon is square) in CSS pixels, 20 by default. */
  width?: 14 | 16 | 18 | 20 | 24 | 26;
  className?: string;
}

/** The size classes, spelled out for Tailwind to find. */
const SIZES = {
  14: "size-3.5",
  16: "size-4",
  18: "size-4.5",
  20: "size-5",
  24: "size-6",
  26: "size-6.5",
} as const;

/** An icon component for a drawing's utility class (spelled out in full for Tailwind). */
export const icon =
  (drawing: string) =>
  ({ width = 20, className }: IconProps) => (
    <span
      aria-hidden="true"
      className={`icon ${drawing} ${SIZES[width]}${className ? ` ${className}` : ""}`}
    />
  );

export const InstagramIcon = icon("icon-instagram");
export const FacebookIcon = icon("icon-facebook");
export const TwitterIcon = icon("icon-twitter");
export const LinkedInIcon = icon("icon-linkedin");
export const ChevronIcon = icon("icon-chevron");
export const ArrowIcon = icon("icon-arrow");
export const CheckIcon = icon("icon-check");
export const PlayIcon = icon("icon-play");
export const PhoneIcon = icon("icon-phone");
export const MailIcon = icon("icon-mail");
export const PinIcon = icon("icon-pin");
export const ClockIcon = icon("icon-clock");
/** A speech bubble with a handset: the project's own drawing, not WhatsApp's logo file. */
export const WhatsAppIcon = icon("icon-whatsapp");
export const ShareIcon = icon("icon-share");
export const CloseIcon = icon("icon-close");
export const MenuIcon = icon("icon-menu");
