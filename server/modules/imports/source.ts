import type { WxrAuthor, WxrItem } from "./wxr-reader.ts";

// What an import keeps of each item of an export file (import_items.data), the same for
// WordPress and Ghost: the job (job.ts) reads only this.

export type ItemKind = "post" | "page" | "attachment" | "term" | "other";

export interface SourceTerm {
  /** "category" or "tag". */
  domain: "category" | "tag";
  /** Its slug on the old site (its address: /category/{slug}/, /tag/{slug}/). */
  slug: string;
  name: string;
}

export interface SourceItem {
  kind: ItemKind;
  sourceId: string;
  /** WordPress's post type (post, page, attachment, nav_menu_item…) or Ghost's. */
  type: string;
  /** The old site's status, WordPress's words: publish, future, draft, pending, private… */
  status: string;
  title: string;
  slug: string;
  /** Its address on the old site, when the file says it. */
  link: string;
  /** Other old addresses of it (WordPress's guid ?p=, earlier slugs' addresses). */
  aliases: string[];
  /** When it was (or is to be) published, ISO 8601; null when the file has no date. */
  date: string | null;
  html: string;
  /** The excerpt, as text. */
  excerpt: string;
  author: string;
  authorEmail: string;
  terms: SourceTerm[];
  /** The cover: an attachment of the file (WordPress) or an address (Ghost). */
  coverId?: string;
  coverUrl?: string;
  coverAlt?: string;
  seoTitle: string;
  seoDescription: string;
  /** Password-protected (WordPress) or for members only (Ghost): never published here. */
  restricted: boolean;
  parent: string;
  /** An attachment's file and its alt text. */
  url?: string;
  alt?: string;
  comments: number;
}

/** "2023-05-01 10:00:00" (UTC) as ISO 8601; null for WordPress's empty date. */
export function wordpressDate(gmt: string, local: string): string | null {
  for (const value of [gmt, local]) {
    const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
    if (!match || match[1] === "0000") continue;
    const time = Date.UTC(
      Number(match[1]),
      Number(match[2]) - 1,
      Number(match[3]),
      Number(match[4]),
      Number(match[5]),
      Number(match[6]),
    );
    if (!Number.isNaN(time)) return new Date(time).toISOString();
  }
  return null;
}

const first = (meta: Record<string, string[]>, key: string) => meta[key]?.[0]?.trim() ?? "";

/** A slug as WordPress writes it: percent-encoded for letters beyond a–z. */
export function decodedSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

const KINDS: Record<string, ItemKind> = { post: "post", page: "page", attachment: "attachment" };

/** The path of a WordPress address whose last segment is replaced by `slug` (an old slug). */
function withSlug(link: string, slug: string): string | undefined {
  try {
    const url = new URL(link);
    const segments = url.pathname.split("/");
    const last = segments.at(-1) === "" ? segments.length - 2 : segments.length - 1;
    if (last < 1) return undefined;
    segments[last] = encodeURIComponent(slug);
    return `${url.origin}${segments.join("/")}`;
  } catch {
    return undefined;
  }
}

/** A WordPress export's item as the import keeps it. */
export function fromWxr(item: WxrItem, authors: ReadonlyMap<string, WxrAuthor>): SourceItem {
  const author = authors.get(item.creator);
  const kind = KINDS[item.postType] ?? "other";
  const aliases: string[] = [];
  if (/[?&](?:p|page_id|attachment_id)=\d+/.test(item.guid)) aliases.push(item.guid);
  for (const old of item.meta._wp_old_slug ?? []) {
    const alias = item.link ? withSlug(item.link, old.trim()) : undefined;
    if (alias) aliases.push(alias);
  }
  return {
    kind,
    sourceId: item.postId,
    type: item.postType,
    status: item.status || "draft",
    title: item.title,
    slug: decodedSlug(item.postName),
    link: item.link,
    aliases,
    date: wordpressDate(item.postDateGmt, item.postDate),
    html: item.content,
    excerpt: item.excerpt,
    author: author?.displayName || item.creator,
    authorEmail: author?.email ?? "",
    terms: item.terms
      .filter((term) => term.domain === "category" || term.domain === "post_tag")
      .map((term) => ({
        domain: term.domain === "category" ? "category" : "tag",
        slug: decodedSlug(term.slug),
        name: term.name,
      })),
    ...(first(item.meta, "_thumbnail_id") ? { coverId: first(item.meta, "_thumbnail_id") } : {}),
    seoTitle: first(item.meta, "_yoast_wpseo_title") || first(item.meta, "rank_math_title"),
    seoDescription:
      first(item.meta, "_yoast_wpseo_metadesc") || first(item.meta, "rank_math_description"),
    restricted: item.postPassword !== "",
    parent: item.postParent === "0" ? "" : item.postParent,
    ...(kind === "attachment"
      ? { url: item.attachmentUrl || item.guid, alt: first(item.meta, "_wp_attachment_image_alt") }
      : {}),
    comments: item.comments,
  };
}
