import { defaultIdentity } from "../../common/identity.ts";
import { teaser } from "../../common/format.ts";
import { blockText, type PostBlock } from "../../common/post-blocks.ts";
import type { Blog } from "../../common/schemas/blog.ts";
import type { PageLink } from "../../common/schemas/pages.ts";
import { paths } from "../../common/content/navigation.ts";
import { publicPagesOf } from "./navigation.ts";
import { defaultNavServices, type NavService } from "./nav-services.ts";
import { postHtml } from "./post-html.ts";
import { escapeMarkup } from "../../common/markup.ts";

type Post = Pick<Blog, "_id" | "title" | "content" | "date" | "updatedAt"> &
  Partial<Pick<Blog, "slug">>;

/** A post's readable address: /blog/{slug} (the id when a post has no slug). */
export const postPath = (post: Pick<Blog, "_id"> & Partial<Pick<Blog, "slug">>) =>
  `/blog/${encodeURIComponent(post.slug || post._id)}`;

/** A tag's page: /blog/tag/{slug}; page N of it: ?page=N. */
export const tagPath = (slug: string, page = 1) =>
  `/blog/tag/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ""}`;

/** A tag's RSS feed. */
export const tagFeedPath = (slug: string) => `${tagPath(slug)}/rss.xml`;

/** The title of a tag's page and feed. */
export const tagTitle = (name: string) => `Posts tagged ${name}`;

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The newest of the posts' changes, as an ISO instant (undefined without posts). */
function newest(posts: readonly Pick<Post, "date" | "updatedAt">[]): string | undefined {
  return posts.map((post) => post.updatedAt || post.date).sort((a, b) => b.localeCompare(a))[0];
}

/** One address of a sitemap, with the day it last changed when known. */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/** The site's own pages as sitemap addresses; the blog list is dated by its newest change. */
export const pageUrls = (
  origin: string,
  services: readonly NavService[],
  blogChanged?: string,
): SitemapUrl[] =>
  publicPagesOf(services).map((path) => ({
    loc: `${origin}${path}`,
    lastmod: path === paths.blog && blogChanged ? day(blogChanged) : undefined,
  }));

/** The address of a page staff made (decision 0030). */
export const staffPagePath = (slug: string) => `/${slug}`;

/** A published page staff made as a sitemap address, dated by its last change. */
export const staffPageUrl = (origin: string, page: PageLink): SitemapUrl => ({
  loc: `${origin}${staffPagePath(page.slug)}`,
  lastmod: day(page.updatedAt),
});

/** A post as a sitemap address, dated by its last change. */
export const postUrl = (
  origin: string,
  post: Pick<Post, "_id" | "slug" | "date" | "updatedAt">,
) => ({
  loc: `${origin}${postPath(post)}`,
  lastmod: day(post.updatedAt || post.date),
});

/** A sitemaps.org `<urlset>` of these addresses. */
export function urlsetXml(urls: Iterable<SitemapUrl>): string {
  const entries: string[] = [];
  for (const { loc, lastmod } of urls) {
    entries.push(
      `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
}

/** sitemaps.org XML: every public page and every post; posts and the blog list carry lastmod. */
export function sitemapXml(
  origin: string,
  posts: readonly Post[],
  services: readonly NavService[] = defaultNavServices,
): string {
  return urlsetXml([
    ...pageUrls(origin, services, newest(posts)),
    ...posts.map((post) => postUrl(origin, post)),
  ]);
}

/**
 * The most files a sitemap is split in (each a route of its own, app/routes.ts): 5 million
 * addresses at 50,000 a file.
 */
export const MAX_SITEMAP_FILES = 100;

/** The address of the n-th file (from 1) of a sitemap split in several. */
export const sitemapPartPath = (n: number) => `/sitemap-${n}.xml`;

/** A sitemaps.org `<sitemapindex>` of `files` files (`/sitemap-1.xml`…). */
export function sitemapIndexXml(origin: string, files: number, lastChanged?: string): string {
  const lastmod = lastChanged ? `<lastmod>${day(lastChanged)}</lastmod>` : "";
  const entries = Array.from(
    { length: files },
    (_, index) =>
      `  <sitemap><loc>${escapeMarkup(`${origin}${sitemapPartPath(index + 1)}`)}</loc>${lastmod}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</sitemapindex>
`;
}

/** A tag's page as a sitemap address. */
export const tagUrl = (origin: string, tag: { slug: string }): SitemapUrl => ({
  loc: `${origin}${tagPath(tag.slug)}`,
});

/** A post as the feed reads it: its points parsed (common/post-format.ts, by the route). */
export type FeedPost = Omit<Post, "content"> & { body: readonly PostBlock[] };

/**
 * RSS 2.0 of the blog, newest first, with absolute links from the public origin: each post's
 * first words as its description and its whole text, formatted, as content:encoded. With
 * `tag`, the feed of that tag's posts (its own title, page and address).
 */
export function rssXml(
  origin: string,
  posts: readonly FeedPost[],
  agency: string = defaultIdentity.name,
  tag?: { name: string; slug: string },
): string {
  const items = posts.map((post) => {
    const link = `${origin}${postPath(post)}`;
    return `    <item>
      <title>${escapeMarkup(post.title)}</title>
      <link>${escapeMarkup(link)}</link>
      <guid isPermaLink="true">${escapeMarkup(link)}</guid>
      <pubDate>${new Date(post.date).toUTCString()}</pubDate>
      <description>${escapeMarkup(teaser(post.body.flatMap(blockText), 40))}</description>
      <content:encoded>${escapeMarkup(postHtml(post.body, origin))}</content:encoded>
    </item>`;
  });
  const built = newest(posts);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeMarkup(tag ? `${tagTitle(tag.name)} | ${agency} Blog` : `${agency} Blog`)}</title>
    <link>${escapeMarkup(`${origin}${tag ? tagPath(tag.slug) : "/blog"}`)}</link>
    <atom:link href="${escapeMarkup(`${origin}${tag ? tagFeedPath(tag.slug) : "/blog/rss.xml"}`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeMarkup("Insights, tips and actionable advice from industry experts.")}</description>
    <language>en</language>${built ? `\n    <lastBuildDate>${new Date(built).toUTCString()}</lastBuildDate>` : ""}
${items.join("\n")}
  </channel>
</rss>
`;
}

/** robots.txt: everything but the back office and the API, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
