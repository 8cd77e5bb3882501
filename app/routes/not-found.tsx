import { data } from "react-router";
import { NotFoundPage } from "../components/sections/not-found.tsx";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import type { Route } from "./+types/not-found";
import { islandsPage } from "../islands/switch.ts";

// Any path no other route claims: a real 404 inside the site layout, with a way onwards.
/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export function loader() {
  throw data("Not found", { status: 404 });
}

// The same "<page> | <site name>" title as every other page.
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Page not found", identityFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export default NotFoundPage;

export function ErrorBoundary() {
  return <NotFoundPage />;
}
