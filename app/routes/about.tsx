import { Link } from "react-router";
import { derivedDescription } from "../lib/search-descriptions.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { Claims } from "../components/sections/claims.tsx";
import { closingBanner, LetsGetStarted } from "../components/sections/lets-get-started.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { SectionHeading } from "../components/sections/section-heading.tsx";
import { TeamGrid } from "../components/sections/team-grid.tsx";
import { Reveal } from "../components/ui/reveal.tsx";
import { buttonPrimary } from "../components/ui/styles.ts";
import { useIdentity } from "../lib/identity.ts";
import { identityFrom, originFrom, seo } from "../lib/seo.ts";
import { withoutIds } from "../lib/shown-content.ts";
import type { Route } from "./+types/about";
import { islandsPage } from "../islands/switch.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteServicesContext).content.all();
  return {
    team: withoutIds(content.team),
    claims: withoutIds(content.claims),
    words: content["about-page"],
    banner: closingBanner(content.banners),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "About Us",
    description: derivedDescription("about", identityFrom(matches)),
    path: "/about",
    origin: originFrom(matches),
    identity: identityFrom(matches),
    matches,
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const identity = useIdentity();
  const { team, claims, words, banner } = loaderData;
  const reasons = [1, 2, 3, 4].map((n) => ({
    title: words[`reason${n as 1 | 2 | 3 | 4}Title`],
    text: words[`reason${n as 1 | 2 | 3 | 4}Text`],
  }));
  return (
    <>
      <PageHero
        title={words.heroTitle}
        subtitle={words.heroText || undefined}
        image={words.heroPicture}
        crumb="About"
      />
      <section aria-labelledby="welcome-title" className="bg-white py-16 md:py-24">
        <div className="container-page grid items-center gap-12 md:grid-cols-2">
          <Reveal>
            <SectionHeading
              id="welcome-title"
              badge={words.welcomeBadge}
              title={words.welcomeHeading || `Welcome to ${identity.name}`}
              align="left"
            />
            <p className="mt-5 text-lg text-muted">{words.welcomeText}</p>
            <Link to="/contact" className={`${buttonPrimary} mt-8`}>
              Get in Touch
            </Link>
          </Reveal>
          {claims.length > 0 && (
            <Reveal delay={200}>
              <Claims claims={claims} />
            </Reveal>
          )}
        </div>
      </section>
      <section aria-labelledby="mission-title" className="bg-brand py-16 text-white md:py-20">
        <div className="container-page max-w-4xl text-center">
          <h2 id="mission-title" className="text-3xl font-extrabold md:text-4xl">
            {words.missionHeading}
          </h2>
          <p className="mt-5 text-lg text-brand-100 md:text-xl">{words.missionText}</p>
        </div>
      </section>
      <section aria-labelledby="why-title" className="bg-brand-50 py-16 md:py-24">
        <div className="container-page">
          <SectionHeading id="why-title" badge={words.whyBadge} title={words.whyHeading} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map((reason, index) => (
              <Reveal as="li" key={index} delay={50 + index * 150}>
                <div className="h-full rounded-2xl bg-white p-6 shadow-md">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-xl font-extrabold text-navy">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-navy">{reason.title}</h3>
                  <p className="mt-2 text-muted">{reason.text}</p>
                </div>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>
      {team.length > 0 && (
        <section aria-labelledby="team-title" className="bg-white py-16 md:py-24">
          <div className="container-page">
            <SectionHeading
              id="team-title"
              badge={words.teamBadge}
              title={words.teamHeading}
              intro={words.teamText}
            />
            <div className="mt-12">
              <TeamGrid team={team} />
            </div>
            <p className="mt-10 text-center">
              <Link to="/about/team" className="font-bold text-brand underline underline-offset-4">
                {words.teamLink}
              </Link>
            </p>
          </div>
        </section>
      )}
      <LetsGetStarted banner={banner} />
    </>
  );
}
