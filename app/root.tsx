import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { siteServicesContext } from "../common/load-context.ts";
import { site } from "../common/site-config.ts";
// The site's icon inside every page (Vite inlines it as a data: URI): no request for it.
import favicon from "../public/favicon.svg?inline";
import type { Route } from "./+types/root";
import "./styles/app.css";

/** The public origin, for canonical URLs and share tags in every route's meta. */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.get(siteServicesContext).origin };
}

// The origin never changes while the app runs: skip the root loader on navigations.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: favicon, type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Blog", href: "/blog/rss.xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#053685" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const detail = notFound
    ? "The page you are looking for does not exist or has moved."
    : "An unexpected error occurred. Please try again later.";
  return (
    <main className="flex min-h-screen flex-col bg-brand-50">
      <title>{`${title} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <div className="bg-gradient-to-br from-brand to-navy py-6">
        <div className="container-page">
          <a href="/" className="text-lg font-extrabold text-white">
            {site.name}
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
