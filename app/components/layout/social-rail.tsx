import { useContactDetails } from "../../lib/contact-details.tsx";
import { CloseIcon, ShareIcon } from "../ui/icons.tsx";
import { SocialLinkList } from "./social-link-list.tsx";
import { socialLinksOf } from "./social-links.ts";

/** Whether the agency has any social link to show (the rail and the menu hide otherwise). */
const useHasSocialLinks = () => socialLinksOf(useContactDetails()).length > 0;

/**
 * The fixed social rail of every public page; each link opens in a new tab. From 768 px it is
 * a strip on the left edge (the page keeps a gutter free for it). Phones have no room for
 * one: there the links sit behind the round "Follow us" button in the fixed header
 * (`SocialMenu`), which covers nothing that the header does not.
 */
export function SocialRail() {
  if (!useHasSocialLinks()) return null;
  return (
    <nav
      aria-label="Social media"
      className="fixed top-1/2 left-0 z-30 hidden -translate-y-1/2 md:block"
    >
      <SocialLinkList
        listClass="flex flex-col gap-1.5 rounded-r-xl bg-brand p-2 shadow-lg"
        linkClass="size-8 text-white transition-colors hover:bg-accent hover:text-navy"
      />
    </nav>
  );
}

/**
 * The social links on phones: a round button in the header that drops the links down. While
 * it is closed the links are `display: none`, not only unrendered content of a closed
 * `<details>`: nothing can find, focus or tap them where they would lie under the page.
 */
export function SocialMenu() {
  if (!useHasSocialLinks()) return null;
  return (
    <details className="group relative">
      <summary className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full bg-brand text-white shadow-md ring-2 ring-white [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Follow us</span>
        <ShareIcon className="group-open:hidden" />
        <CloseIcon className="hidden group-open:inline-block" />
      </summary>
      <nav
        aria-label="Social media"
        className="absolute top-full left-0 mt-2 hidden group-open:block"
      >
        <SocialLinkList
          listClass="flex flex-col gap-2"
          linkClass="size-11 bg-brand text-white shadow-lg ring-2 ring-white"
        />
      </nav>
    </details>
  );
}
