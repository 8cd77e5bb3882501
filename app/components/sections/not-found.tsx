import { Link } from "react-router";
import { notFoundNavigationOf } from "../../lib/navigation.ts";
import { useServices } from "../../lib/services.ts";
import { ArrowIcon } from "../ui/icons.tsx";
import { PageHero } from "./page-hero.tsx";

/** The 404 page body inside the site layout: what happened and ways onwards. */
export function NotFoundPage() {
  const notFoundNavigation = notFoundNavigationOf(useServices());
  return (
    <>
      <PageHero
        title="Page not found"
        subtitle="The page you are looking for does not exist or has moved. One of these may help."
      />
      <section aria-label="Helpful links" className="bg-white py-16 md:py-20">
        <div className="container-page grid gap-12 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-extrabold text-navy">Popular pages</h2>
            <ul className="mt-6 flex flex-wrap gap-3">
              {notFoundNavigation.popular.map(({ to, label }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="inline-flex rounded-full bg-brand-50 px-5 py-2.5 font-semibold text-brand hover:bg-brand hover:text-white"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-extrabold text-navy">Our services</h2>
            <ul className="mt-6 space-y-2">
              {notFoundNavigation.services.map(({ to, label }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
                  >
                    <ArrowIcon width={16} />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
