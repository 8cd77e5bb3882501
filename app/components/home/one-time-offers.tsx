import type { HomeWords, ShownItemOf } from "../../../common/schemas/content.ts";
import { SectionHeading } from "../sections/section-heading.tsx";
import { priceText } from "../ui/price.ts";
import { BuyButton } from "../payments/buy-button.tsx";

/** The 'One Time Offers' price list (spec §9), in naira; no offers, no section. */
export function OneTimeOffers({
  offers,
  prices,
  words,
}: {
  /** `buy`: its checkout key when it is sold online (app/lib/for-sale.ts). */
  offers: readonly (ShownItemOf<"offers"> & { buy?: string })[];
  prices: Record<string, number>;
  words: Pick<HomeWords, "offersBadge" | "offersHeading" | "offersText">;
}) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="offers-title" className="bg-brand-50 py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="offers-title"
          badge={words.offersBadge}
          title={words.offersHeading}
          intro={words.offersText}
        />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-x-10 gap-y-1 rounded-3xl bg-white p-6 shadow-md md:grid-cols-2 md:p-10">
          {offers.map((offer, index) => (
            <li
              key={index}
              className="flex items-baseline justify-between gap-4 border-b border-dashed border-slate-200 py-3"
            >
              <span className="text-ink">{offer.name}</span>
              <span className="flex shrink-0 items-baseline gap-3">
                <span className="font-extrabold text-brand">{priceText(offer, prices)}</span>
                {offer.buy && <BuyButton item={offer.buy} name={offer.name} />}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
