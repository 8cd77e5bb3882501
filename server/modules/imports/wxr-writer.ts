import { parsePost } from "../../../common/post-format.ts";
import type { AdminBlog, Tag } from "../../../common/schemas/blog.ts";
import type { Page } from "../../../common/schemas/pages.ts";
import { timestampIn } from "../../../common/time-zone.ts";
import { slugify } from "../../../common/slug.ts";
import { postHtml } from "../../../app/lib/post-html.ts";

// Leaving as easily (issue 51): the site's posts, pages, tags and pictures as a WordPress
// export (WXR 1.2), the file WordPress's own importer (Tools → Import → WordPress) takes. Each
// post's body is its HTML (app/lib/post-html.ts, as the feed writes it); each picture a post
// shows, and each cover, is an attachment with its absolute address, which the importer
// downloads and puts in place of the old address in the posts. SEO fields go as Yoast's post
// meta. Written as a stream, a post at a time.

const NS = {
  excerpt: "http://wordpress.org/export/1.2/excerpt/",
  content: "http://purl.org/rss/1.0/modules/content/",
  wfw: "http://wellformedweb.org/CommentAPI/",
  dc: "http://purl.org/dc/elements/1.1/",
  wp: "http://wordpress.org/export/1.2/",
};

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 does not allow
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text as CDATA (a "]]>" inside split across two sections). */
const cdata = (text: string) =>
  `<![CDATA[${text.replace(NOT_XML, "").replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

const gmt = (iso: string) => iso.slice(0, 19).replace("T", " ");
const local = (iso: string) => `${timestampIn(iso)}:${iso.slice(17, 19) || "00"}`;

const STATUS = {
  published: "publish",
  scheduled: "future",
  draft: "draft",
  review: "pending",
} as const;

export interface ExportSource {
  origin: string;
  title: string;
  description: string;
  posts: () => AsyncIterable<AdminBlog>;
  pages: () => Promise<Page[]>;
  tags: () => Promise<Tag[]>;
}

function meta(key: string, value: string): string {
  return `\t\t<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>\n`;
}

interface ItemFields {
  id: number;
  title: string;
  link: string;
  date: string | null;
  createdAt: string;
  author: string;
  content: string;
  excerpt: string;
  slug: string;
  status: string;
  parent: number;
  type: "post" | "page" | "attachment";
  categories?: Tag[];
  meta?: [string, string][];
  attachmentUrl?: string;
}

function item(fields: ItemFields): string {
  const when = fields.date ?? fields.createdAt;
  const lines = [
    "\t<item>",
    `\t\t<title>${cdata(fields.title)}</title>`,
    `\t\t<link>${escapeXml(fields.link)}</link>`,
    `\t\t<pubDate>${new Date(when).toUTCString()}</pubDate>`,
    `\t\t<dc:creator>${cdata(fields.author)}</dc:creator>`,
    `\t\t<guid isPermaLink="false">${escapeXml(fields.link)}</guid>`,
    "\t\t<description></description>",
    `\t\t<content:encoded>${cdata(fields.content)}</content:encoded>`,
    `\t\t<excerpt:encoded>${cdata(fields.excerpt)}</excerpt:encoded>`,
    `\t\t<wp:post_id>${fields.id}</wp:post_id>`,
    `\t\t<wp:post_date>${cdata(local(when))}</wp:post_date>`,
    `\t\t<wp:post_date_gmt>${cdata(fields.date ? gmt(fields.date) : "0000-00-00 00:00:00")}</wp:post_date_gmt>`,
    `\t\t<wp:comment_status>${cdata("closed")}</wp:comment_status>`,
    `\t\t<wp:ping_status>${cdata("closed")}</wp:ping_status>`,
    `\t\t<wp:post_name>${cdata(fields.slug)}</wp:post_name>`,
    `\t\t<wp:status>${cdata(fields.status)}</wp:status>`,
    `\t\t<wp:post_parent>${fields.parent}</wp:post_parent>`,
    "\t\t<wp:menu_order>0</wp:menu_order>",
    `\t\t<wp:post_type>${cdata(fields.type)}</wp:post_type>`,
    `\t\t<wp:post_password>${cdata("")}</wp:post_password>`,
    "\t\t<wp:is_sticky>0</wp:is_sticky>",
  ];
  if (fields.attachmentUrl) {
    lines.push(`\t\t<wp:attachment_url>${cdata(fields.attachmentUrl)}</wp:attachment_url>`);
  }
  for (const tag of fields.categories ?? []) {
    lines.push(
      `\t\t<category domain="post_tag" nicename="${escapeXml(tag.slug)}">${cdata(tag.name)}</category>`,
    );
  }
  let out = `${lines.join("\n")}\n`;
  for (const [key, value] of fields.meta ?? []) out += meta(key, value);
  return `${out}\t</item>\n`;
}

/** The pictures a body shows (post-format image lines), by address. */
function picturesOf(content: readonly string[]): { src: string; alt: string }[] {
  return parsePost(content).flatMap((block) =>
    block.kind === "image" ? [{ src: block.image.src, alt: block.alt }] : [],
  );
}

/** The WXR file of the site, as a stream of text. */
export async function* wordpressExport(source: ExportSource): AsyncGenerator<string> {
  const { origin } = source;
  const absolute = (href: string) => (href.startsWith("/") ? `${origin}${href}` : href);
  const tags = await source.tags();
  yield `<?xml version="1.0" encoding="UTF-8" ?>\n<!-- This is a WordPress eXtended RSS file of ${escapeXml(source.title)}: import it in WordPress with Tools → Import → WordPress. -->\n`;
  yield `<rss version="2.0" xmlns:excerpt="${NS.excerpt}" xmlns:content="${NS.content}" xmlns:wfw="${NS.wfw}" xmlns:dc="${NS.dc}" xmlns:wp="${NS.wp}">\n<channel>\n`;
  yield [
    `\t<title>${cdata(source.title)}</title>`,
    `\t<link>${escapeXml(origin)}</link>`,
    `\t<description>${cdata(source.description)}</description>`,
    `\t<pubDate>${new Date().toUTCString()}</pubDate>`,
    "\t<language>en</language>",
    "\t<wp:wxr_version>1.2</wp:wxr_version>",
    `\t<wp:base_site_url>${escapeXml(origin)}</wp:base_site_url>`,
    `\t<wp:base_blog_url>${escapeXml(origin)}</wp:base_blog_url>`,
    "",
  ].join("\n");
  // One author: the site. WordPress's importer asks whom each author's posts go to.
  yield `\t<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata("site")}</wp:author_login><wp:author_email>${cdata("")}</wp:author_email><wp:author_display_name>${cdata(source.title)}</wp:author_display_name><wp:author_first_name>${cdata("")}</wp:author_first_name><wp:author_last_name>${cdata("")}</wp:author_last_name></wp:author>\n`;
  let term = 0;
  for (const tag of tags) {
    yield `\t<wp:tag><wp:term_id>${++term}</wp:term_id><wp:tag_slug>${cdata(tag.slug)}</wp:tag_slug><wp:tag_name>${cdata(tag.name)}</wp:tag_name></wp:tag>\n`;
  }
  let next = 0;
  for await (const post of source.posts()) {
    const id = ++next;
    const pictures = picturesOf(post.content);
    const attachments: string[] = [];
    const attach = (src: string, alt: string, title: string) => {
      const number = ++next;
      attachments.push(
        item({
          id: number,
          title,
          link: absolute(src),
          date: post.publishedAt,
          createdAt: post.createdAt,
          author: "site",
          content: "",
          excerpt: "",
          slug: slugify(`${post.slug}-${number}`),
          status: "inherit",
          parent: id,
          type: "attachment",
          attachmentUrl: absolute(src),
          meta: alt ? [["_wp_attachment_image_alt", alt]] : [],
        }),
      );
      return number;
    };
    const postMeta: [string, string][] = [];
    if (post.image) {
      postMeta.push(["_thumbnail_id", String(attach(post.image, post.imageAlt, post.title))]);
    }
    for (const [index, picture] of pictures.entries()) {
      attach(picture.src, picture.alt, `${post.title} (${index + 1})`);
    }
    if (post.seoTitle) postMeta.push(["_yoast_wpseo_title", post.seoTitle]);
    if (post.seoDescription) postMeta.push(["_yoast_wpseo_metadesc", post.seoDescription]);
    yield item({
      id,
      title: post.title,
      link: `${origin}/blog/${post.slug}`,
      date: post.publishedAt,
      createdAt: post.createdAt,
      author: "site",
      content: postHtml(parsePost(post.content), origin),
      excerpt: post.customExcerpt,
      slug: post.slug,
      status: STATUS[post.status],
      parent: 0,
      type: "post",
      categories: post.tags,
      meta: postMeta,
    });
    for (const attachment of attachments) yield attachment;
  }
  for (const page of await source.pages()) {
    const id = ++next;
    const pageMeta: [string, string][] = [];
    if (page.seoTitle) pageMeta.push(["_yoast_wpseo_title", page.seoTitle]);
    if (page.seoDescription) pageMeta.push(["_yoast_wpseo_metadesc", page.seoDescription]);
    yield item({
      id,
      title: page.title,
      link: `${origin}/${page.slug}`,
      date: page.status === "published" ? page.createdAt : null,
      createdAt: page.createdAt,
      author: "site",
      content: postHtml(parsePost([page.body]), origin),
      excerpt: "",
      slug: page.slug,
      status: page.status === "published" ? "publish" : "draft",
      parent: 0,
      type: "page",
      meta: pageMeta,
    });
    for (const [index, picture] of picturesOf([page.body]).entries()) {
      const number = ++next;
      yield item({
        id: number,
        title: `${page.title} (${index + 1})`,
        link: absolute(picture.src),
        date: page.createdAt,
        createdAt: page.createdAt,
        author: "site",
        content: "",
        excerpt: "",
        slug: slugify(`${page.slug}-${number}`),
        status: "inherit",
        parent: id,
        type: "attachment",
        attachmentUrl: absolute(picture.src),
        meta: picture.alt ? [["_wp_attachment_image_alt", picture.alt]] : [],
      });
    }
  }
  yield "</channel>\n</rss>\n";
}
