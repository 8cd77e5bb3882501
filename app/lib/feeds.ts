import { teaser } from "../../common/format.ts";
import type { Blog } from "../../common/schemas/blog.ts";
import { site } from "../../common/site-config.ts";
import { services } from "../copy/services-copy.ts";
import { xmlEscape } from "./xml.ts";

type Post = Pick<Blog, "_id" | "title" | "content" | "date" | "updatedAt"> &
  Partial<Pick<Blog, "slug">>;

/** A post's readable address: /blog/{slug} (the id when a post has no slug). */
export const postPath = (post: Pick<Blog, "_id"> & Partial<Pick<Blog, "slug">>) =>
  `/blog/${encodeURIComponent(post.slug || post._id)}`;

/** Every public page of the site (spec §2), blog posts aside. */
export const publicPages: readonly string[] = [
  "/",
  "/about",
  "/about/team",
  "/services",
  ...services.map((service) => service.path),
  "/blog",
  "/policy",
  "/contact",
];

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The newest of the posts' changes, as an ISO instant (undefined without posts). */
function newest(posts: readonly Post[]): string | undefined {
  return posts.map((post) => post.updatedAt || post.date).sort((a, b) => b.localeCompare(a))[0];
}

/** sitemaps.org XML: every public page and every post; posts and the blog list carry lastmod. */
export function sitemapXml(origin: string, posts: readonly Post[]): string {
  const blogChanged = newest(posts);
  const urls = [
    ...publicPages.map((path) => ({
      loc: `${origin}${path}`,
      lastmod: path === "/blog" && blogChanged ? day(blogChanged) : undefined,
    })),
    ...posts.map((post) => ({
      loc: `${origin}${postPath(post)}`,
      lastmod: day(post.updatedAt || post.date),
    })),
  ];
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
}

/** RSS 2.0 of the blog, newest first, with absolute links from the public origin. */
export function rssXml(origin: string, posts: readonly Post[]): string {
  const items = posts.map((post) => {
    const link = `${origin}${postPath(post)}`;
    return `    <item>
      <title>${xmlEscape(post.title)}</title>
      <link>${xmlEscape(link)}</link>
      <guid isPermaLink="true">${xmlEscape(link)}</guid>
      <pubDate>${new Date(post.date).toUTCString()}</pubDate>
      <description>${xmlEscape(teaser(post.content, 40))}</description>
    </item>`;
  });
  const built = newest(posts);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlEscape(`${site.name} Blog`)}</title>
    <link>${xmlEscape(`${origin}/blog`)}</link>
    <atom:link href="${xmlEscape(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>${xmlEscape("Insights, tips and actionable advice from industry experts.")}</description>
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
