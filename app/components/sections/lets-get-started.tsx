import { Link } from "react-router";
import type { BannerWords } from "../../../common/schemas/content.ts";
import { buttonPrimary } from "../ui/styles.ts";

/** The closing banner's words (edited in Site content, "Call-to-action banners"). */
export type ClosingBanner = Pick<
  BannerWords,
  "closingHeading" | "closingText" | "closingButton" | "closingSecondButton"
>;

/** The closing banner's words out of all the banners' (what a page's loader sends). */
export function closingBanner(banners: BannerWords): ClosingBanner {
  const { closingHeading, closingText, closingButton, closingSecondButton } = banners;
  return { closingHeading, closingText, closingButton, closingSecondButton };
}

/** "Let's Get Started": the closing call to action of the about, team and services pages. */
export function LetsGetStarted({ banner }: { banner: ClosingBanner }) {
  return (
    <section aria-labelledby="get-started" className="bg-white py-16 md:py-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-brand px-6 py-12 text-center text-white md:px-16">
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-24 size-72 rounded-full border-[2.5rem] border-white/10"
          />
          <h2 id="get-started" className="relative text-3xl font-extrabold md:text-4xl">
            {banner.closingHeading}
          </h2>
          {banner.closingText && (
            <p className="relative mx-auto mt-4 max-w-2xl text-lg text-brand-100">
              {banner.closingText}
            </p>
          )}
          <div className="relative mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/contact" className={buttonPrimary}>
              {banner.closingButton}
            </Link>
            <Link
              to="/services"
              className="inline-flex items-center rounded-full border-2 border-white px-6 py-3 font-bold text-white hover:bg-white hover:text-brand"
            >
              {banner.closingSecondButton}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
