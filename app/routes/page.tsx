import { data, isRouteErrorResponse } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { teaser } from "../../common/format.ts";
import { inlineText, type PostBlock } from "../../common/post-blocks.ts";
import { parsePost } from "../../common/post-format.ts";
import { BlogBlocks } from "../components/blog/blog-blocks.tsx";
import { ServicePage } from "../components/service/service-page.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { NotFoundPage } from "../components/sections/not-found.tsx";
import { staffPagePath } from "../lib/feeds.ts";
import { loadServicePage } from "../lib/service-page.server.ts";
import { serviceMeta } from "../lib/service-meta.ts";
import { identityFrom, originFrom, pageTitle, seo } from "../lib/seo.ts";
import type { Route } from "./+types/page";
import { islandsPage } from "../islands/switch.ts";

// One segment after the site's own routes: a service's page (the services list, decision
// 0048), else a page staff made (decision 0030) when published. A draft, a removed service or
// an unknown address is the site's 404 page, as the catch-all route answers it. The site's
// own routes are static and come first; a slug can never take one of their first segments,
// and a service and a page never share one (app/lib/page-slugs.ts).

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

// A service page's enquiry and package forms post to the page (without JavaScript); a POST
// to a page staff made is refused before it gets here (server/web/pages.ts).
export { siteFormAction as action } from "../lib/site-form-action.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const siteServices = context.get(siteServicesContext);
  // The services and the addresses of the published pages are in memory (the layout reads
  // them too): an unknown address is answered without a query.
  const content = await siteServices.content.all();
  const service = content.services.find((item) => item.slug === params.slug);
  if (service) {
    return loadServicePage(service, content, new URL(request.url), siteServices);
  }
  const { pages } = siteServices;
  const known = (await pages.links()).some((link) => link.slug === params.slug);
  const page = known ? await pages.published(params.slug) : undefined;
  if (!page) throw data("Not found", { status: 404 });
  // The body in the post format, parsed here: the parser stays out of the page's scripts.
  const { body, ...shown } = page;
  return { kind: "page" as const, page: shown, blocks: parsePost([body]) };
}

/** The search description: the one staff wrote, else the first paragraph, shortened. */
function descriptionOf(
  page: { seoDescription: string; title: string },
  blocks: readonly PostBlock[],
): string {
  if (page.seoDescription) return page.seoDescription;
  const first = blocks.find((block) => block.kind === "paragraph");
  return first ? teaser(inlineText(first.text), 25) : page.title;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData || (error && isRouteErrorResponse(error))) {
    // The same head as the catch-all 404 route's.
    return [
      { title: pageTitle("Page not found", identityFrom(matches)) },
      { name: "robots", content: "noindex" },
    ];
  }
  if (loaderData.kind === "service") return serviceMeta(loaderData.service, matches);
  const { page } = loaderData;
  return seo({
    title: page.seoTitle || page.title,
    description: descriptionOf(page, loaderData.blocks),
    path: staffPagePath(page.slug),
    origin: originFrom(matches),
    // The stored identity names the page (its title, share name and picture).
    identity: identityFrom(matches),
    image: page.image?.src,
    imageAlt: page.image?.alt,
  });
};

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "service") return <ServicePage data={loaderData} />;
  const { page } = loaderData;
  return (
    <>
      <PageHero title={page.title} crumb={page.title} />
      <div className="bg-white py-16 md:py-20">
        <article className="container-page max-w-3xl">
          <BlogBlocks blocks={loaderData.blocks} />
        </article>
      </div>
    </>
  );
}

/** A draft or an unknown address: today's 404 page; any other failure goes to the layout's. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
