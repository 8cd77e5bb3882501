import { naira } from "../../../common/format.ts";
import { oneTimeOffers } from "../../content/offers.ts";
import { SectionHeading } from "../sections/section-heading.tsx";

/** The 'One Time Offers' price list (spec §9), in naira. */
export function OneTimeOffers() {
  return (
    <section aria-labelledby="offers-title" className="bg-brand-50 py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="offers-title"
          badge="Price List"
          title="One Time Offers"
          intro="Single jobs at fixed prices, for when you need one thing done well."
        />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-x-10 gap-y-1 rounded-3xl bg-white p-6 shadow-md md:grid-cols-2 md:p-10">
          {oneTimeOffers.map((offer) => (
            <li
              key={offer.name}
              className="flex items-baseline justify-between gap-4 border-b border-dashed border-slate-200 py-3"
            >
              <span className="text-ink">{offer.name}</span>
              <span className="shrink-0 font-extrabold text-brand">
                {offer.upTo ? `${naira(offer.amount)}-${naira(offer.upTo)}` : naira(offer.amount)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
