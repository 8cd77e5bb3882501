import { Link } from "react-router";
import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { priceText } from "../ui/price.ts";
import { BuyButton } from "../payments/buy-button.tsx";

/**
 * Rate blocks (title, descs, tAndC, button): the video rates and the ads offers. A price is
 * the block's own amount (or range) or its price key's, which may be missing.
 */
export function RateCards({
  blocks,
  prices,
  columns = 4,
}: {
  /** `buy`: its checkout key when it is sold online (app/lib/for-sale.ts). */
  blocks: readonly (ShownItemOf<"video-rates" | "ads-offers"> & { buy?: string })[];
  prices: Record<string, number>;
  columns?: 2 | 4;
}) {
  return (
    <ul
      className={`grid gap-6 sm:grid-cols-2 ${columns === 4 ? "lg:grid-cols-4" : "mx-auto max-w-4xl"}`}
    >
      {blocks.map((block, index) => (
        <li
          key={index}
          className="flex flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-black/5"
        >
          <h3 className="text-lg font-extrabold text-navy">{block.title}</h3>
          <p className="mt-2 text-3xl font-extrabold text-brand">{priceText(block, prices)}</p>
          <ul className="mt-4 flex-1 space-y-2 text-sm">
            {block.descs.map((desc) => (
              <li key={desc} className="check-mark flex gap-2 before:bg-brand">
                {desc}
              </li>
            ))}
          </ul>
          {block.tAndC && <p className="mt-4 text-xs text-muted">{block.tAndC}</p>}
          <Link
            to="#enquiry"
            className="mt-4 rounded-full bg-accent px-5 py-2.5 text-center font-bold text-navy hover:bg-accent-soft"
            aria-label={`${block.buttonDisplay}: ${block.title}`}
          >
            {block.buttonDisplay}
          </Link>
          {block.buy && (
            <BuyButton item={block.buy} name={block.title} className="mt-3 justify-center" />
          )}
        </li>
      ))}
    </ul>
  );
}
