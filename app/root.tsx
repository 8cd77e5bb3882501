import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  UNSAFE_DataRouterDataContext,
  UNSAFE_FrameworkContext,
  useMatches,
} from "react-router";
import { useContext } from "react";
import islandsScript from "virtual:agency-islands";
import { brandStyle, themeColourOf } from "../common/brand-colours.ts";
import { siteServicesContext } from "../common/load-context.ts";
import { iconHref, identityChanges, MANIFEST_PATH } from "../common/identity.ts";
// The site's icon inside every page (Vite inlines it as a data: URI): no request for it.
import favicon from "../public/favicon.svg?inline";
import { isIslandsPage, isUncountedPage } from "./islands/switch.ts";
import { useIdentity } from "./lib/identity.ts";
import type { Route } from "./+types/root";
import "./styles/app.css";

/**
 * The public origin, for canonical URLs and share tags in every route's meta, and the
 * agency's identity (name, colours, logo: Site identity), from the server's memory.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  return { origin: services.origin, identity: identityChanges(await services.identity.get()) };
}

// Neither changes on a navigation: the root loader runs again only when a screen asks
// (the Site identity screen after a save: useRevalidator), not on links or form posts.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return !formMethod && currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Blog", href: "/blog/rss.xml" },
];

/**
 * The identity in the page's head: the brand colours' custom properties when they are not
 * the site's own (app.css's then apply), the bar colour, the icons made from the logo (or the
 * built-in drawing, inlined: no request for it) and the web app manifest.
 */
function IdentityHead() {
  const identity = useIdentity();
  const { logo } = identity;
  return (
    <>
      <meta name="theme-color" content={themeColourOf(identity)} />
      {logo ? (
        <>
          <link rel="icon" href={iconHref(logo, "favicon-32.png")} type="image/png" sizes="32x32" />
          <link rel="apple-touch-icon" href={iconHref(logo, "apple-touch-icon.png")} />
          <link rel="manifest" href={MANIFEST_PATH} />
        </>
      ) : (
        <link rel="icon" href={favicon} type="image/svg+xml" />
      )}
    </>
  );
}

/**
 * An islands page's one script (docs/decisions/0039), asked for once the page has been
 * painted: nothing is parsed before the first paint, and the rest of the page's life does
 * not wait for the `load` event. The same text for every request (the render cache's CSP
 * takes its hash).
 */
function IslandsScript() {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  const load = `requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(islandsScript)})))`;
  // A classic script (app/lib/low-priority-scripts.server.ts rewrites module scripts, which
  // are React Router's); import() works from it all the same.
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: load }} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const identity = useIdentity();
  // Decided on the server only: in the browser this document is the back office or a page
  // React Router hydrated, and its client navigations render with React as before.
  const matches = useMatches();
  const islands = typeof document === "undefined" && isIslandsPage(matches);
  // An error page (a 404 within the site's layout) is marked: its view is not counted.
  const failed = useContext(UNSAFE_DataRouterDataContext)?.errors != null;
  const colours = brandStyle({ primary: identity.primaryColour, accent: identity.accentColour });
  return (
    <html
      lang="en"
      data-islands={
        islands ? (failed ? "error" : isUncountedPage(matches) ? "uncounted" : "") : undefined
      }
      style={Object.keys(colours).length > 0 ? (colours as React.CSSProperties) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <IdentityHead />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {islands ? (
          <IslandsScript />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The last resort when a page fails outside the site layout's own boundary: a plain,
 * self-contained page (the header and footer may be what failed) with a way back.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { name } = useIdentity();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const detail = notFound
    ? "The page you are looking for does not exist or has moved."
    : "An unexpected error occurred. Please try again later.";
  return (
    <main className="flex min-h-screen flex-col bg-brand-50">
      <title>{`${title} | ${name}`}</title>
      <meta name="robots" content="noindex" />
      <div className="bg-gradient-to-br from-brand to-navy py-6">
        <div className="container-page">
          <a href="/" className="text-lg font-extrabold text-white">
            {name}
          </a>
        </div>
      </div>
      <div className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
        <p className="text-6xl font-extrabold text-brand">{status}</p>
        <h1 className="mt-4 text-3xl font-extrabold text-navy">{title}</h1>
        <p className="mt-4 max-w-xl text-lg text-muted">{detail}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a
            href="/"
            className="rounded-full bg-brand px-6 py-3 font-bold text-white hover:bg-brand-700"
          >
            Go to the home page
          </a>
          <a
            href="/contact"
            className="rounded-full bg-white px-6 py-3 font-bold text-brand ring-1 ring-brand/30 hover:bg-brand hover:text-white"
          >
            Contact us
          </a>
        </div>
      </div>
    </main>
  );
}
