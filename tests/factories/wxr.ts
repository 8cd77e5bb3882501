// WordPress export files (WXR 1.2) the tests write themselves (issue 51): a site, its
// authors, categories and tags, and items (posts, pages, attachments) with their meta.

export interface WxrPost {
  id: number;
  title: string;
  /** The slug (wp:post_name). */
  slug: string;
  /** publish, draft, future, private, pending, trash… */
  status?: string;
  type?: "post" | "page" | "attachment" | "nav_menu_item";
  content?: string;
  excerpt?: string;
  /** "2023-05-01 10:00:00" (UTC) */
  date?: string;
  link?: string;
  creator?: string;
  parent?: number;
  password?: string;
  categories?: { domain: "category" | "post_tag"; slug: string; name: string }[];
  meta?: Record<string, string>;
  attachmentUrl?: string;
  comments?: number;
}

export interface WxrSite {
  title?: string;
  url: string;
  authors?: { login: string; email: string; name: string }[];
  categories?: { slug: string; name: string }[];
  tags?: { slug: string; name: string }[];
  items: WxrPost[];
}

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** One item of a WXR file. */
export function wxrItem(post: WxrPost, site: string): string {
  const type = post.type ?? "post";
  const link = post.link ?? `${site}/${post.date?.slice(0, 4) ?? "2023"}/05/${post.slug}/`;
  const date = post.date ?? "2023-05-01 10:00:00";
  const meta = Object.entries(post.meta ?? {})
    .map(
      ([key, value]) =>
        `<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>`,
    )
    .join("\n");
  const comments = Array.from(
    { length: post.comments ?? 0 },
    (_, i) =>
      `<wp:comment><wp:comment_id>${i + 1}</wp:comment_id><wp:comment_content>${cdata("Nice")}</wp:comment_content></wp:comment>`,
  ).join("\n");
  return `<item>
<title>${cdata(post.title)}</title>
<link>${escape(link)}</link>
<pubDate>Mon, 01 May 2023 10:00:00 +0000</pubDate>
<dc:creator>${cdata(post.creator ?? "admin")}</dc:creator>
<guid isPermaLink="false">${escape(`${site}/?${type === "page" ? "page_id" : type === "attachment" ? "attachment_id" : "p"}=${post.id}`)}</guid>
<description></description>
<content:encoded>${cdata(post.content ?? "")}</content:encoded>
<excerpt:encoded>${cdata(post.excerpt ?? "")}</excerpt:encoded>
<wp:post_id>${post.id}</wp:post_id>
<wp:post_date>${cdata(date)}</wp:post_date>
<wp:post_date_gmt>${cdata(date)}</wp:post_date_gmt>
<wp:comment_status>${cdata("open")}</wp:comment_status>
<wp:post_name>${cdata(post.slug)}</wp:post_name>
<wp:status>${cdata(post.status ?? (type === "attachment" ? "inherit" : "publish"))}</wp:status>
<wp:post_parent>${post.parent ?? 0}</wp:post_parent>
<wp:menu_order>0</wp:menu_order>
<wp:post_type>${cdata(type)}</wp:post_type>
<wp:post_password>${cdata(post.password ?? "")}</wp:post_password>
<wp:is_sticky>0</wp:is_sticky>
${post.attachmentUrl ? `<wp:attachment_url>${cdata(post.attachmentUrl)}</wp:attachment_url>` : ""}
${(post.categories ?? []).map((c) => `<category domain="${c.domain}" nicename="${escape(c.slug)}">${cdata(c.name)}</category>`).join("\n")}
${meta}
${comments}
</item>`;
}

/** A whole WXR file. */
export function wxrFile(site: WxrSite): string {
  const authors = (
    site.authors ?? [{ login: "admin", email: "admin@old.example", name: "Ada Obi" }]
  )
    .map(
      (a) =>
        `<wp:author><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email)}</wp:author_email><wp:author_display_name>${cdata(a.name)}</wp:author_display_name></wp:author>`,
    )
    .join("\n");
  const categories = (site.categories ?? [])
    .map(
      (c) =>
        `<wp:category><wp:category_nicename>${cdata(c.slug)}</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>${cdata(c.name)}</wp:cat_name></wp:category>`,
    )
    .join("\n");
  const tags = (site.tags ?? [])
    .map(
      (t) =>
        `<wp:tag><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug><wp:tag_name>${cdata(t.name)}</wp:tag_name></wp:tag>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>${escape(site.title ?? "Old Agency Blog")}</title>
<link>${escape(site.url)}</link>
<description>Just another WordPress site</description>
<language>en-US</language>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${escape(site.url)}</wp:base_site_url>
<wp:base_blog_url>${escape(site.url)}</wp:base_blog_url>
${authors}
${categories}
${tags}
${site.items.map((item) => wxrItem(item, site.url)).join("\n")}
</channel>
</rss>
`;
}
