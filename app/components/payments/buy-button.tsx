import { checkoutHref, payNowLabel, subscribeLabel } from "../../../common/payments.ts";

/**
 * "Pay now" (and "Subscribe monthly" for a package) on an item sold online: links to its
 * checkout page, a plain form there (no script from another host on the site's pages, and
 * no script at all needed). The pages render it only for items with one price while
 * payments are on (`forSale`, app/lib/for-sale.ts): without a Paystack key nothing shows.
 */
export function BuyButton({
  item,
  name,
  monthly = false,
  tone = "brand",
  className = "",
}: {
  /** The item's checkout key (a package's price key, an offer's id). */
  item: string;
  /** The item's name, for the links' accessible names. */
  name: string;
  /** A package: also "Subscribe monthly". */
  monthly?: boolean;
  /** "light" on a dark (featured) card. */
  tone?: "brand" | "light";
  className?: string;
}) {
  const pay =
    tone === "light"
      ? "bg-white text-brand hover:bg-brand-50"
      : "bg-brand text-white hover:bg-brand-700";
  const subscribe =
    tone === "light"
      ? "border-2 border-white text-white hover:bg-white/10"
      : "border-2 border-brand text-brand hover:bg-brand-50";
  return (
    <span className={`flex flex-wrap gap-2 ${className}`}>
      <a
        href={checkoutHref(item)}
        // A page load of its own, not a swap of islands pages (app/islands/navigate.ts): the
        // checkout's form may post to Paystack only under its own page's CSP (form-action).
        data-reload=""
        className={`rounded-full px-4 py-2 text-center text-sm font-bold ${pay}`}
        aria-label={`${payNowLabel}: ${name}`}
      >
        {payNowLabel}
      </a>
      {monthly && (
        <a
          href={checkoutHref(item, true)}
          data-reload=""
          className={`rounded-full px-4 py-2 text-center text-sm font-bold ${subscribe}`}
          aria-label={`${subscribeLabel}: ${name}`}
        >
          {subscribeLabel}
        </a>
      )}
    </span>
  );
}
