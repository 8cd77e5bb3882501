import { siteServicesContext } from "../../common/load-context.ts";
import {
  MAX_SITEMAP_FILES,
  pageUrls,
  postUrl,
  sitemapIndexXml,
  staffPageUrl,
  tagUrl,
  urlsetXml,
  type SitemapUrl,
} from "../lib/feeds.ts";
import { navServiceOf } from "../lib/nav-services.ts";
import type { Route } from "./+types/sitemap";

/** Posts read from the database at a time. */
const BATCH = 1000;

const xml = (body: string) =>
  new Response(body, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=600",
    },
  });

/**
 * /sitemap.xml: every public page, published page staff made, tag with public posts, and post. Beyond SITEMAP_URLS_PER_FILE addresses (50,000,
 * the sitemaps.org limit) it is a `<sitemapindex>` of /sitemap-1.xml, /sitemap-2.xml…, each
 * a slice of that many addresses in the same order (the pages, then the posts newest first);
 * a slice is read from the database a batch at a time, so memory holds one file at most.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const {
    origin,
    content,
    blogs,
    pages: staffPages,
    sitemapUrlsPerFile: perFile,
  } = context.get(siteServicesContext);
  const part = Number(
    /^\/sitemap-([1-9][0-9]*)\.xml$/.exec(new URL(request.url).pathname)?.[1] ?? 0,
  );
  const [posts, lastChanged, made, tags, { services }] = await Promise.all([
    blogs.count(),
    blogs.lastChanged(),
    staffPages.links(),
    blogs.tags(),
    content.all(),
  ]);
  // The site's pages, the published pages staff made, the tags' pages, then the posts.
  const pages = [
    ...pageUrls(origin, services.map(navServiceOf), lastChanged),
    ...made.map((page) => staffPageUrl(origin, page)),
    ...tags.map((tag) => tagUrl(origin, tag)),
  ];
  const total = pages.length + posts;
  const files = Math.min(Math.ceil(total / perFile), MAX_SITEMAP_FILES);
  if (part === 0 && files > 1) return xml(sitemapIndexXml(origin, files, lastChanged));
  if (part > 0 && (files <= 1 || part > files)) {
    throw new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  }
  const start = part === 0 ? 0 : (part - 1) * perFile;
  const end = part === 0 ? total : Math.min(total, start + perFile);
  const urls: SitemapUrl[] = pages.slice(start, end);
  const lastPost = end - pages.length;
  for (let offset = Math.max(0, start - pages.length); offset < lastPost;) {
    const batch = await blogs.links({ limit: Math.min(BATCH, lastPost - offset), offset });
    if (batch.length === 0) break;
    for (const post of batch) urls.push(postUrl(origin, post));
    offset += batch.length;
  }
  return xml(urlsetXml(urls));
}
