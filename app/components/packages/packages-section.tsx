import { Link } from "react-router";
import { amountOf } from "../../../common/content/pricing.ts";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { homeWordDefaults } from "../../../common/content/page-words.ts";
import { choosePackageHref } from "../../copy/packages-copy.ts";
import { priceText } from "../ui/price.ts";
import { SectionHeading } from "../sections/section-heading.tsx";
import { WhatsAppLink } from "../ui/whatsapp-link.tsx";
import { BuyButton } from "../payments/buy-button.tsx";

/**
 * The Social Media Management packages, each priced by its price key (`prices` maps key to
 * naira) or its own amount. A missing price reads "Price on request". "Choose Package" goes to the package form
 * with that package chosen (`?package=<slug>`, read on the server, so it works without
 * JavaScript); "Chat on WhatsApp" opens a chat about that package. No packages, no section.
 */
export function PackagesSection({
  packages,
  prices,
  words = homeWordDefaults,
}: {
  /** `buy`: its checkout key when it is sold online (app/lib/for-sale.ts). */
  packages: readonly (ShownItemOf<"packages"> & { buy?: string })[];
  prices: Record<string, number>;
  /** The section's badge, heading and paragraph (the home page's, edited in Site content). */
  words?: Pick<typeof homeWordDefaults, "packagesBadge" | "packagesHeading" | "packagesText">;
}) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="packages-title" className="bg-white py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="packages-title"
          badge={words.packagesBadge}
          title={words.packagesHeading}
          intro={words.packagesText}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {packages.map((pack, index) => (
            <li
              key={index}
              className={`relative flex flex-col rounded-2xl p-6 shadow-md ${
                pack.featured ? "bg-brand text-white ring-4 ring-accent" : "bg-white text-ink"
              }`}
            >
              {pack.featured && (
                <p className="absolute -top-3 right-6 rounded-full bg-accent px-3 py-1 text-xs font-bold text-navy">
                  Most popular
                </p>
              )}
              <h3
                className={`text-lg font-extrabold ${pack.featured ? "text-white" : "text-navy"}`}
              >
                {pack.name}
              </h3>
              <p className="mt-3">
                <span
                  className={`text-3xl font-extrabold ${pack.featured ? "text-white" : "text-brand"}`}
                  data-price-key={pack.priceKey || undefined}
                >
                  {priceText(pack, prices)}
                </span>
                {amountOf(pack, prices).amount !== undefined && (
                  <span className={pack.featured ? "text-brand-100" : "text-muted"}> /month</span>
                )}
              </p>
              <ul className="mt-5 flex-1 space-y-2 text-sm">
                {pack.features.map((feature) => (
                  <li
                    key={feature}
                    className={`check-mark flex gap-2 ${pack.featured ? "before:bg-accent-soft" : "before:bg-brand"}`}
                  >
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to={choosePackageHref(pack)}
                className={`mt-6 rounded-full px-5 py-2.5 text-center font-bold ${
                  pack.featured
                    ? "bg-accent text-navy hover:bg-accent-soft"
                    : "bg-brand text-white hover:bg-brand-700"
                }`}
                aria-label={`Choose Package: ${pack.name}`}
              >
                Choose Package
              </Link>
              {pack.buy && (
                <BuyButton
                  item={pack.buy}
                  name={pack.name}
                  monthly
                  tone={pack.featured ? "light" : "brand"}
                  className="mt-3 justify-center"
                />
              )}
              <WhatsAppLink
                topic={pack.name}
                subject={`the ${pack.name} package`}
                label="Chat on WhatsApp"
                className="mt-3 text-sm"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
