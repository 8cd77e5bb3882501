import { data, isRouteErrorResponse } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { teaser } from "../../common/format.ts";
import { inlineText, type PostBlock } from "../../common/post-blocks.ts";
import { parsePost } from "../../common/post-format.ts";
import { BlogBlocks } from "../components/blog/blog-blocks.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { NotFoundPage } from "../components/sections/not-found.tsx";
import { staffPagePath } from "../lib/feeds.ts";
import { identityFrom, originFrom, pageTitle, seo } from "../lib/seo.ts";
import type { Route } from "./+types/page";
import { islandsPage } from "../islands/switch.ts";

// A page staff made (decision 0030): /{slug} when published. A draft or an unknown address
// is the site's 404 page, as the catch-all route answers it. The site's own routes are
// static and come first; a slug can never take one of their first segments
// (app/lib/page-slugs.ts).

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { pages } = context.get(siteServicesContext);
  // The addresses of the published pages are in memory (the layout reads them too): an
  // unknown address is answered without a query, even while the database is unavailable.
  const known = (await pages.links()).some((link) => link.slug === params.slug);
  const page = known ? await pages.published(params.slug) : undefined;
  if (!page) throw data("Not found", { status: 404 });
  // The body in the post format, parsed here: the parser stays out of the page's scripts.
  const { body, ...shown } = page;
  return { page: shown, blocks: parsePost([body]) };
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
