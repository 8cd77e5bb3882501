import { Link } from "react-router";
import { consentWords, enabledTags, type MarketingTagIds } from "../../../common/marketing-tags.ts";
import { paths } from "../../../common/content/navigation.ts";

// Accept and decline look the same (the Nigeria Data Protection Act's GAID 2025: refusing is
// as easy as accepting); neither is the default.
const choiceClass =
  "w-full rounded-full bg-white px-5 py-2.5 font-bold text-navy ring-2 ring-white hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

/**
 * The consent notice of the agency's own marketing tags (issue 50), rendered only while one
 * is on: hidden until the consent part (app/islands/consent.ts) finds no choice for these
 * tags; no tag loads before "Accept".
 */
export function ConsentNotice({ tags }: { tags: MarketingTagIds }) {
  const on = enabledTags(tags);
  if (on.length === 0) return null;
  const ids = Object.fromEntries(on.map((tag) => [tag.kind, tags[tag.kind]]));
  return (
    <section
      data-island="consent"
      data-tags={JSON.stringify(ids)}
      hidden
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-accent bg-navy text-white shadow-2xl"
    >
      <div className="container-page flex flex-col gap-4 py-5 md:flex-row md:items-center md:justify-between">
        <div className="max-w-3xl">
          <h2 id="consent-title" className="text-lg font-extrabold">
            {consentWords.title}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-brand-100">
            {consentWords.text}{" "}
            <Link to={paths.policy} className="font-semibold text-white underline">
              {consentWords.policyLink}
            </Link>
          </p>
        </div>
        <div className="grid shrink-0 gap-3 sm:grid-cols-2">
          <button type="button" data-consent="accepted" className={choiceClass}>
            {consentWords.accept}
          </button>
          <button type="button" data-consent="declined" className={choiceClass}>
            {consentWords.decline}
          </button>
        </div>
      </div>
    </section>
  );
}
