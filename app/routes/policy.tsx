import { useRouteLoaderData } from "react-router";
import { derivedDescription } from "../lib/search-descriptions.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { mapBlockText } from "../../common/post-blocks.ts";
import { parsePost } from "../../common/post-format.ts";
import { BlogBlocks, InlineText } from "../components/blog/blog-blocks.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { fillPolicyText, ndpaNote, policyDateOf, policyIntro } from "../copy/policy-copy.ts";
import {
  postalAddressOf,
  SITE_LAYOUT_ROUTE_ID,
  useContactDetails,
} from "../lib/contact-details.tsx";
import { useIdentity } from "../lib/identity.ts";
import { identityFrom, originFrom, seo } from "../lib/seo.ts";
import { withoutIds } from "../lib/shown-content.ts";
import type { Route } from "./+types/policy";
import { islandsPage } from "../islands/switch.ts";
import { mailtoHref } from "../../common/mailto.ts";
import { consentWords, enabledTags, type MarketingTagIds } from "../../common/marketing-tags.ts";
import type { loader as siteLayoutLoader } from "./site-layout.tsx";

type SiteLayoutData = Awaited<ReturnType<typeof siteLayoutLoader>>;

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteServicesContext).content.all();
  return {
    lastUpdated: content.policy.lastUpdated,
    // Each body in the post format, parsed here: the parser stays out of the page's scripts.
    sections: withoutIds(content["policy-sections"]).map((section) => ({
      title: section.title,
      blocks: parsePost([section.body]),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Privacy Policy",
    description: derivedDescription("policy", identityFrom(matches)),
    path: "/policy",
    origin: originFrom(matches),
    identity: identityFrom(matches),
    matches,
  });

const sectionId = (index: number) => `section-${index + 1}`;
/** The section the marketing tags are listed in (the default's section 9), by its title. */
const COOKIES_TITLE = "cookies";

/** The marketing tags that are on (issue 50), in the cookie section: who, why, which cookies. */
function MarketingCookies({ tags }: { tags: MarketingTagIds }) {
  const on = enabledTags(tags);
  return (
    <div data-testid="policy-marketing-tags">
      <h3 className="mt-5 text-xl font-bold text-navy">Marketing cookies (only if you accept)</h3>
      <p className="mt-3 text-lg leading-relaxed text-ink">
        While you have not accepted them on our cookie notice, none of these loads and no request
        goes to their makers. You can change your choice at any time from “{consentWords.settings}”
        at the foot of every page.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-lg text-ink marker:text-accent">
        {on.map((tag) => (
          <li key={tag.kind}>
            <strong>{tag.provider}</strong>: {tag.purpose} (cookies: {tag.cookies}).
          </li>
        ))}
      </ul>
    </div>
  );
}
const ndpaId = "ndpa";

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { lastUpdated } = loaderData;
  // The city, country and e-mail the texts name are the contact details of the layout.
  const contact = useContactDetails();
  // The agency's name is the stored identity's.
  const { name } = useIdentity();
  const details = { ...contact, lastUpdated, name };
  // Each body in the post format (parsed by the loader); placeholders filled in.
  const fill = (text: string) => fillPolicyText(text, details);
  const sections = loaderData.sections.map((section) => ({
    title: fill(section.title),
    blocks: section.blocks.map((block) => mapBlockText(block, fill)),
  }));
  const ndpa = ndpaNote({ ...contact, name });
  const tags = useRouteLoaderData<SiteLayoutData>(SITE_LAYOUT_ROUTE_ID)?.marketingTags;
  const cookiesAt = sections.findIndex(
    (section) => section.title.trim().toLowerCase() === COOKIES_TITLE,
  );
  const address = postalAddressOf(contact);
  return (
    <>
      <PageHero
        title="Privacy Policy"
        subtitle={`Last updated: ${policyDateOf(lastUpdated)}`}
        crumb="Policy"
      />
      <div className="bg-white py-16 md:py-20">
        <div className="container-page grid gap-12 lg:grid-cols-[16rem_1fr]">
          <nav aria-labelledby="policy-contents" className="lg:sticky lg:top-24 lg:self-start">
            <h2
              id="policy-contents"
              className="text-sm font-bold tracking-wide text-muted uppercase"
            >
              Contents
            </h2>
            <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1">
              {sections.map((section, index) => (
                <li key={index}>
                  <a
                    href={`#${sectionId(index)}`}
                    className="block rounded-md px-2 py-1 text-brand hover:bg-brand-50 hover:underline"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
            <a
              href={`#${ndpaId}`}
              className="mt-1 block rounded-md px-2 py-1 text-sm text-brand hover:bg-brand-50 hover:underline"
            >
              {ndpa.title}
            </a>
          </nav>
          <div className="max-w-3xl">
            <p className="text-lg leading-relaxed text-ink">{policyIntro(name)}</p>
            <ol className="mt-10 space-y-10">
              {sections.map((section, index) => (
                <li key={index} id={sectionId(index)} className="scroll-mt-24">
                  <h2 className="text-2xl font-extrabold text-navy">
                    {index + 1}. {section.title}
                  </h2>
                  {section.blocks.map((block, blockIndex) => {
                    if (block.kind === "heading") {
                      return (
                        <h3 key={blockIndex} className="mt-5 text-xl font-bold text-navy">
                          <InlineText nodes={block.text} />
                        </h3>
                      );
                    }
                    if (block.kind === "list") {
                      return (
                        <ul
                          key={blockIndex}
                          className="mt-3 list-disc space-y-1 pl-6 text-lg text-ink marker:text-accent"
                        >
                          {block.items.map((item, itemIndex) => (
                            <li key={itemIndex}>
                              <InlineText nodes={item} />
                            </li>
                          ))}
                        </ul>
                      );
                    }
                    if (block.kind !== "paragraph") {
                      // A numbered list, a quote, a picture or a video: as a post shows it.
                      return (
                        <div key={blockIndex} className="mt-3">
                          <BlogBlocks blocks={[block]} />
                        </div>
                      );
                    }
                    return (
                      <p key={blockIndex} className="mt-3 text-lg leading-relaxed text-ink">
                        <InlineText nodes={block.text} />
                      </p>
                    );
                  })}
                  {tags && index === cookiesAt && <MarketingCookies tags={tags} />}
                </li>
              ))}
            </ol>
            {tags && cookiesAt < 0 && <MarketingCookies tags={tags} />}
            {/* Unnumbered, after the numbered sections: their numbers stay as they are. */}
            <section
              id={ndpaId}
              aria-labelledby={`${ndpaId}-title`}
              className="mt-10 scroll-mt-24 border-t border-brand-100 pt-10"
            >
              <h2 id={`${ndpaId}-title`} className="text-2xl font-extrabold text-navy">
                {ndpa.title}
              </h2>
              <p className="mt-3 text-lg leading-relaxed text-ink">{ndpa.paragraphs[0]}</p>
              <ul className="mt-3 list-disc space-y-1 pl-6 text-lg text-ink marker:text-accent">
                {ndpa.lawfulBases.map((basis) => (
                  <li key={basis}>{basis}</li>
                ))}
              </ul>
              {ndpa.paragraphs.slice(1).map((text) => (
                <p key={text} className="mt-3 text-lg leading-relaxed text-ink">
                  {text}
                </p>
              ))}
            </section>
            <aside
              aria-labelledby="policy-contact"
              className="mt-12 rounded-2xl bg-brand-50 p-6 md:p-8"
            >
              <h2 id="policy-contact" className="text-xl font-extrabold text-navy">
                Questions about your data?
              </h2>
              <p className="mt-3 text-ink">
                E-mail{" "}
                <a
                  href={mailtoHref(contact.email)}
                  className="font-bold break-all text-brand underline-offset-4 hover:underline"
                >
                  {contact.email}
                </a>{" "}
                or write to {name}
                {address && `, ${address}`}. We answer every request within one month.
              </p>
            </aside>
          </div>
        </div>
      </div>
    </>
  );
}
