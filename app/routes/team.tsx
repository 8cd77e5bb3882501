import { siteServicesContext } from "../../common/load-context.ts";
import { derivedDescription } from "../lib/search-descriptions.ts";
import { Claims } from "../components/sections/claims.tsx";
import { closingBanner, LetsGetStarted } from "../components/sections/lets-get-started.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { SectionHeading } from "../components/sections/section-heading.tsx";
import { TeamGrid } from "../components/sections/team-grid.tsx";
import { identityFrom, originFrom, seo } from "../lib/seo.ts";
import { withoutIds } from "../lib/shown-content.ts";
import type { Route } from "./+types/team";
import { islandsPage } from "../islands/switch.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteServicesContext).content.all();
  return {
    team: withoutIds(content.team),
    claims: withoutIds(content.claims),
    banner: closingBanner(content.banners),
    words: content["team-page"],
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Our Team",
    description: derivedDescription("team", identityFrom(matches)),
    path: "/about/team",
    origin: originFrom(matches),
    identity: identityFrom(matches),
    matches,
  });

export default function Team({ loaderData }: Route.ComponentProps) {
  const { team, claims, words } = loaderData;
  return (
    <>
      <PageHero
        title={words.title}
        subtitle={words.subtitle || undefined}
        image={words.heroPicture}
        crumb="Our Team"
      />
      {team.length > 0 && (
        <section aria-labelledby="team-members" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page">
            <SectionHeading
              id="team-members"
              badge={words.badge}
              title={words.heading}
              intro={words.intro || undefined}
            />
            <div className="mt-12">
              <TeamGrid team={team} bios />
            </div>
          </div>
        </section>
      )}
      {claims.length > 0 && (
        <section aria-label="Our work in numbers" className="bg-white pt-16 md:pt-20">
          <div className="container-page max-w-3xl">
            <Claims claims={claims} />
          </div>
        </section>
      )}
      <LetsGetStarted banner={loaderData.banner} />
    </>
  );
}
