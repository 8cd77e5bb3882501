import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagNS } from "saxes";
import { Invalid } from "../../errors.ts";

// A WordPress export (WXR: Tools → Export → All content) read as a stream of records by a
// streaming XML parser (saxes): the file is never held in memory, only the item being read.
// WordPress writes its namespace as http:// or https://wordpress.org/export/1.x/, so names
// are matched by namespace pattern rather than by prefix. A DOCTYPE is refused (WordPress
// never writes one, and it is how entity expansion attacks come); saxes expands no entity
// beyond XML's own.

export interface WxrChannel {
  title: string;
  /** The site's address (`<link>`). */
  link: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
  version: string;
}

export interface WxrAuthor {
  login: string;
  email: string;
  displayName: string;
}

export interface WxrTerm {
  /** category, post_tag… (the `domain` of an item's category) */
  domain: string;
  slug: string;
  name: string;
}

export interface WxrItem {
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  postId: string;
  postDate: string;
  postDateGmt: string;
  postName: string;
  status: string;
  postParent: string;
  postType: string;
  postPassword: string;
  attachmentUrl: string;
  terms: WxrTerm[];
  /** The post meta the import reads (SEO fields, the cover, alt text, old slugs). */
  meta: Record<string, string[]>;
  comments: number;
}

export type WxrRecord =
  | { type: "channel"; channel: WxrChannel }
  | { type: "author"; author: WxrAuthor }
  | { type: "category"; term: WxrTerm }
  | { type: "tag"; term: WxrTerm }
  | { type: "item"; item: WxrItem };

/** The post meta kept from an export; the rest (plugins' settings, edit locks) is not read. */
export const KEPT_META = new Set([
  "_thumbnail_id",
  "_wp_attachment_image_alt",
  "_wp_attached_file",
  "_wp_old_slug",
  "_yoast_wpseo_title",
  "_yoast_wpseo_metadesc",
  "rank_math_title",
  "rank_math_description",
]);

/** The longest text one element may hold (a post's content): beyond it the file is refused. */
export const MAX_ELEMENT_CHARS = 20 * 1024 * 1024;

export const NOT_WXR =
  "The file is not a WordPress export (WXR). In WordPress choose Tools → Export → All content, then upload the file it gives.";

const CONTENT_NS = "http://purl.org/rss/1.0/modules/content/";
const DC_NS = "http://purl.org/dc/elements/1.1/";

/** The short name of an element: its namespace's usual prefix and its local name. */
function nameOf(tag: SaxesTagNS): string {
  const uri = tag.uri ?? "";
  if (uri === "") return tag.local;
  if (/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/$/.test(uri)) {
    return `excerpt:${tag.local}`;
  }
  if (/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/$/.test(uri)) return `wp:${tag.local}`;
  if (uri === CONTENT_NS) return `content:${tag.local}`;
  if (uri === DC_NS) return `dc:${tag.local}`;
  return `?:${tag.local}`;
}

const emptyItem = (): WxrItem => ({
  title: "",
  link: "",
  guid: "",
  creator: "",
  content: "",
  excerpt: "",
  postId: "",
  postDate: "",
  postDateGmt: "",
  postName: "",
  status: "",
  postParent: "",
  postType: "",
  postPassword: "",
  attachmentUrl: "",
  terms: [],
  meta: {},
  comments: 0,
});

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: "title",
  link: "link",
  guid: "guid",
  "dc:creator": "creator",
  "content:encoded": "content",
  "excerpt:encoded": "excerpt",
  "wp:post_id": "postId",
  "wp:post_date": "postDate",
  "wp:post_date_gmt": "postDateGmt",
  "wp:post_name": "postName",
  "wp:status": "status",
  "wp:post_parent": "postParent",
  "wp:post_type": "postType",
  "wp:post_password": "postPassword",
  "wp:attachment_url": "attachmentUrl",
};

/**
 * The records of a WXR file, in file order: the channel (once, before its first author,
 * term or item), its authors, categories, tags and items. Throws Invalid (400) for a file
 * that is not XML or not WordPress's.
 */
export async function* readWxr(stream: Readable): AsyncGenerator<WxrRecord> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let queue: WxrRecord[] = [];
  const path: string[] = [];
  let text = "";
  const channel: WxrChannel = {
    title: "",
    link: "",
    baseSiteUrl: "",
    baseBlogUrl: "",
    version: "",
  };
  let channelSent = false;
  let sawRss = false;
  let item: WxrItem | undefined;
  let author: Partial<WxrAuthor> | undefined;
  let term: { slug: string; name: string } | undefined;
  let metaKey = "";
  let category: { domain: string; slug: string } | undefined;
  const fail = (message: string): never => {
    throw new Invalid(`${NOT_WXR} (${message} at line ${parser.line})`);
  };
  const sendChannel = () => {
    if (channelSent) return;
    if (!/^\d+\.\d+$/.test(channel.version.trim())) fail("no WXR version");
    channelSent = true;
    queue.push({ type: "channel", channel: { ...channel, version: channel.version.trim() } });
  };

  parser.on("error", (error) => {
    throw new Invalid(`${NOT_WXR} (${error.message.replace(/^.*?:\d+:\d+: /, "")})`);
  });
  parser.on("doctype", () => fail("a DOCTYPE, which WordPress never writes"));
  parser.on("opentag", (tag) => {
    const name = nameOf(tag);
    const depth = path.length;
    if (depth === 0) {
      if (name !== "rss") fail(`<${tag.name}> in place of <rss>`);
      sawRss = true;
    }
    path.push(name);
    text = "";
    const parent = path[depth - 1];
    if (parent === "channel") {
      if (name === "item") {
        sendChannel();
        item = emptyItem();
      } else if (name === "wp:author") {
        sendChannel();
        author = {};
      } else if (name === "wp:category" || name === "wp:tag") {
        sendChannel();
        term = { slug: "", name: "" };
      }
    } else if (item && parent === "item") {
      if (name === "category") {
        const attribute = (key: string) => {
          const value = tag.attributes[key];
          return typeof value === "string" ? value : (value?.value ?? "");
        };
        category = { domain: attribute("domain"), slug: attribute("nicename") };
      } else if (name === "wp:postmeta") metaKey = "";
      else if (name === "wp:comment") item.comments++;
    }
  });
  const onText = (chunk: string) => {
    if (text.length + chunk.length > MAX_ELEMENT_CHARS) {
      fail(`an element longer than ${MAX_ELEMENT_CHARS / 1024 / 1024} MB`);
    }
    text += chunk;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const name = path.pop()!;
    const parent = path.at(-1);
    const value = text;
    text = "";
    if (parent === "channel") {
      if (name === "title") channel.title = value.trim();
      else if (name === "link") channel.link = value.trim();
      else if (name === "wp:base_site_url") channel.baseSiteUrl = value.trim();
      else if (name === "wp:base_blog_url") channel.baseBlogUrl = value.trim();
      else if (name === "wp:wxr_version") channel.version = value;
      else if (name === "item" && item) {
        queue.push({ type: "item", item });
        item = undefined;
      } else if (name === "wp:author" && author) {
        queue.push({
          type: "author",
          author: {
            login: author.login ?? "",
            email: author.email ?? "",
            displayName: author.displayName ?? "",
          },
        });
        author = undefined;
      } else if ((name === "wp:category" || name === "wp:tag") && term) {
        const domain = name === "wp:category" ? "category" : "post_tag";
        queue.push({
          type: name === "wp:category" ? "category" : "tag",
          term: { domain, ...term },
        });
        term = undefined;
      }
    } else if (parent === "item" && item) {
      const field = ITEM_FIELDS[name];
      if (field) (item[field] as string) = field === "content" ? value : value.trim();
      else if (name === "category" && category) {
        item.terms.push({ domain: category.domain, slug: category.slug, name: value.trim() });
        category = undefined;
      }
    } else if (parent === "wp:postmeta" && item) {
      if (name === "wp:meta_key") metaKey = value.trim();
      else if (name === "wp:meta_value" && KEPT_META.has(metaKey)) {
        (item.meta[metaKey] ??= []).push(value);
      }
    } else if (parent === "wp:author" && author) {
      if (name === "wp:author_login") author.login = value.trim();
      else if (name === "wp:author_email") author.email = value.trim();
      else if (name === "wp:author_display_name") author.displayName = value.trim();
    } else if ((parent === "wp:category" || parent === "wp:tag") && term) {
      if (name === "wp:category_nicename" || name === "wp:tag_slug") term.slug = value.trim();
      else if (name === "wp:cat_name" || name === "wp:tag_name") term.name = value.trim();
    }
  });

  const take = function* () {
    const ready = queue;
    queue = [];
    yield* ready;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(decoder.decode(chunk, { stream: true }));
      yield* take();
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof TypeError && /encoded data|decode/i.test(error.message)) {
      throw new Invalid(`${NOT_WXR} (the file is not UTF-8 text)`);
    }
    throw error;
  }
  if (!sawRss) fail("no <rss> element");
  sendChannel();
  yield* take();
}
