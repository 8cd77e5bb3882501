import { data } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { ServicePage } from "../components/service/service-page.tsx";
import { loadServicePage } from "../lib/service-page.server.ts";
import { serviceMeta } from "../lib/service-meta.ts";
import type { Route } from "./+types/service-page";
import { islandsPage } from "../islands/switch.ts";

// The built-in seven's addresses (/social-media…) keep routes of their own, so a page staff
// make can never take one; each serves whichever service of the services list has that
// address now (decision 0048): renamed away, the old address redirects; removed, a 404. A
// service staff add is served by the `:slug` route (app/routes/page.tsx), the same way.

export { siteFormAction as action } from "../lib/site-form-action.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Client navigations fetch "<path>.data": the page is the path without that suffix.
  const slug = url.pathname
    .replace(/\.data$/, "")
    .replace(/\/+$/, "")
    .slice(1);
  const siteServices = context.get(siteServicesContext);
  const content = await siteServices.content.all();
  const service = content.services.find((item) => item.slug === slug);
  if (!service) throw data("Not found", { status: 404 });
  return loadServicePage(service, content, url, siteServices);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  serviceMeta(loaderData?.service, matches);

export default function BuiltInServicePage({ loaderData }: Route.ComponentProps) {
  return <ServicePage data={loaderData} />;
}
