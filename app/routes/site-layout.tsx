import { type ReactNode } from "react";
import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { shownSearch } from "../../common/schemas/content.ts";
import { loadEnhancedForms } from "../components/forms/deferred-forms.tsx";
import { enabledTags } from "../../common/marketing-tags.ts";
import { ConsentNotice } from "../components/layout/consent-notice.tsx";
import { Footer } from "../components/layout/footer.tsx";
import { Header } from "../components/layout/header.tsx";
import { PendingNotice } from "../components/layout/pending-notice.tsx";
import { SocialRail } from "../components/layout/social-rail.tsx";
import { NotFoundPage } from "../components/sections/not-found.tsx";
import { ContactDetailsProvider, SITE_LAYOUT_ROUTE_ID } from "../lib/contact-details.tsx";
import { MenusProvider, siteMenus } from "../lib/menus.tsx";
import { navServiceOf } from "../lib/nav-services.ts";
import type { Route } from "./+types/site-layout";

/**
 * The contact details and social links (edited in the back office): the header, footer,
 * social rail and WhatsApp buttons of every public page show them; the menus of the header,
 * footer and 404 page (the stored navigation, resolved with the published staff pages:
 * app/lib/menus.tsx); and the search titles, descriptions and share images
 * staff set (only those: none on a fresh site), which the pages' meta read through
 * app/lib/seo.ts. Each page loads the rest of the content it shows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  const [{ contact, search, navigation, services: serviceList }, pageLinks, tags] =
    await Promise.all([
      services.content.all(),
      // Kept in memory until a write (server/services.ts): no query per view.
      services.pages.links(),
      // The agency's own marketing tags (issue 50): none on a fresh install, and then no notice.
      services.marketingTags.get(),
      // The forms' enhancement is loaded in the browser only when a form is about to be used;
      // the server renders the forms in full, so it has the module before the page renders.
      loadEnhancedForms(),
    ]);
  // The menus', footer's and 404 page's services (app/lib/services.ts: useServices()).
  const navServices = serviceList.map(navServiceOf);
  // A link to a staff page that is not published is left out, or plain text in the footer.
  const menus = siteMenus(
    navigation,
    pageLinks.map((link) => link.slug),
    navServices,
  );
  const marketingTags = enabledTags(tags).length > 0 ? tags : undefined;
  return {
    contact,
    menus,
    search: shownSearch(search),
    marketingTags,
    services: navServices,
  };
}

function Shell({ children }: { children: ReactNode }) {
  // The error page has the details too, unless reading them was what failed.
  const data = useRouteLoaderData<typeof loader>(SITE_LAYOUT_ROUTE_ID);
  return (
    <ContactDetailsProvider contact={data?.contact}>
      <MenusProvider menus={data?.menus}>
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Header />
        <PendingNotice />
        <SocialRail />
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
        <Footer cookieSettings={data?.marketingTags !== undefined} />
        {data?.marketingTags && <ConsentNotice tags={data.marketingTags} />}
      </MenusProvider>
    </ContactDetailsProvider>
  );
}

/**
 * React never runs a public page in the browser (decision 0053): every public page is an
 * islands page (app/islands/switch.ts), and a client-side navigation from the back office
 * into the site becomes a document load, so the islands (app/islands/) are the one owner of
 * the pages' behaviour in the browser: forms, outbox, view counting, landing source.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/** Every public page: skip link, header, social rail, the page, footer. */
export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Errors of public pages keep the header and footer, so visitors can find their way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
    );
  }
  return (
    <Shell>
      <section className="bg-white pt-36 pb-24 text-center">
        <div className="container-page max-w-2xl">
          <h1 className="text-3xl font-extrabold text-navy">Something went wrong</h1>
          <p className="mt-4 text-muted">An unexpected error occurred. Please try again later.</p>
          <Link to="/" className="mt-8 inline-flex font-bold text-brand underline">
            Go to the home page
          </Link>
        </div>
      </section>
    </Shell>
  );
}
