import type { Readable } from "node:stream";
import { JSONParser } from "@streamparser/json";
import { Invalid } from "../../errors.ts";
import type { SourceItem } from "./source.ts";

// A Ghost export (Settings → Advanced → Export content: one JSON file) read as a stream by a
// streaming JSON parser: only one post is held at a time. Its posts come before the tables
// that say their tags, authors and search fields, so those (small: ids and names) are kept
// in memory and joined to the posts after the file is read (`finish`).

export const NOT_GHOST =
  "The file is not a Ghost export. In Ghost choose Settings → Advanced → Export content, then upload the JSON file it gives.";

const TABLES = ["posts", "tags", "posts_tags", "users", "posts_authors", "posts_meta"];
const PATHS = TABLES.flatMap((table) => [`$.db.*.data.${table}.*`, `$.data.${table}.*`]);

type GhostRow = Record<string, unknown>;
const text = (value: unknown) =>
  typeof value === "string" ? value : value == null ? "" : String(value);

/** Ghost's statuses in WordPress's words, so one choice of statuses fits both. */
const STATUSES: Record<string, string> = {
  published: "publish",
  scheduled: "future",
  draft: "draft",
  sent: "publish",
};

function ghostDate(value: unknown): string | null {
  if (typeof value === "number") return new Date(value).toISOString();
  const raw = text(value).trim();
  if (!raw) return null;
  const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw.replace(" ", "T")}Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The markdown of an old (mobiledoc) post without HTML: its markdown cards' text. */
function mobiledocText(value: unknown): string {
  try {
    const doc = JSON.parse(text(value)) as { cards?: [string, { markdown?: string }][] };
    return (doc.cards ?? [])
      .map(([, card]) => card.markdown ?? "")
      .join("\n\n")
      .split(/\n{2,}/)
      .map((part) => `<p>${part.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`)
      .join("\n");
  } catch {
    return "";
  }
}

export interface GhostRelations {
  tags: Map<string, { name: string; slug: string }>;
  postTags: Map<string, string[]>;
  users: Map<string, { name: string; email: string }>;
  postAuthors: Map<string, string[]>;
  meta: Map<string, { title: string; description: string; imageAlt: string }>;
}

/** A Ghost post as the import keeps it, before its tags and authors are joined (`finish`). */
function toSource(post: GhostRow): SourceItem {
  const isPage = post.type === "page" || post.page === 1 || post.page === true;
  const visibility = text(post.visibility) || "public";
  return {
    kind: isPage ? "page" : "post",
    sourceId: text(post.id),
    type: isPage ? "page" : "post",
    status: STATUSES[text(post.status)] ?? "draft",
    title: text(post.title),
    slug: text(post.slug),
    link: "",
    aliases: [],
    date: ghostDate(post.published_at) ?? ghostDate(post.created_at),
    html: text(post.html) || mobiledocText(post.mobiledoc) || text(post.plaintext),
    excerpt: text(post.custom_excerpt),
    author: text(post.author_id),
    authorEmail: "",
    terms: [],
    ...(text(post.feature_image) ? { coverUrl: text(post.feature_image) } : {}),
    seoTitle: text(post.meta_title),
    seoDescription: text(post.meta_description),
    restricted: visibility !== "public",
    parent: "",
    comments: 0,
  };
}

/**
 * The posts and pages of a Ghost export, each as it is read (`onItem`), and what joins them
 * to their tags, authors and search fields once the file is read.
 */
export async function readGhost(
  stream: Readable,
  onItem: (item: SourceItem) => Promise<void>,
): Promise<{ version: string; relations: GhostRelations }> {
  const relations: GhostRelations = {
    tags: new Map(),
    postTags: new Map(),
    users: new Map(),
    postAuthors: new Map(),
    meta: new Map(),
  };
  let version = "";
  let sawData = false;
  const posts: SourceItem[] = [];
  const parser = new JSONParser({ paths: [...PATHS, "$.db.*.meta", "$.meta"], keepStack: false });
  parser.onValue = ({ value, stack }) => {
    const table = stack.at(-1)?.key;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    const row = value as GhostRow;
    if (table === 0 || table === undefined || table === "db") {
      // meta
      version = text(row.version);
      return;
    }
    sawData = true;
    switch (table) {
      case "posts":
        posts.push(toSource(row));
        break;
      case "tags":
        relations.tags.set(text(row.id), { name: text(row.name), slug: text(row.slug) });
        break;
      case "posts_tags": {
        const list = relations.postTags.get(text(row.post_id)) ?? [];
        list.push(text(row.tag_id));
        relations.postTags.set(text(row.post_id), list);
        break;
      }
      case "users":
        relations.users.set(text(row.id), { name: text(row.name), email: text(row.email) });
        break;
      case "posts_authors": {
        const list = relations.postAuthors.get(text(row.post_id)) ?? [];
        list.push(text(row.author_id));
        relations.postAuthors.set(text(row.post_id), list);
        break;
      }
      case "posts_meta":
        relations.meta.set(text(row.post_id), {
          title: text(row.meta_title),
          description: text(row.meta_description),
          imageAlt: text(row.feature_image_alt),
        });
        break;
      default:
        break;
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(chunk);
      while (posts.length > 0) await onItem(posts.shift()!);
    }
    if (!parser.isEnded) parser.end();
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw new Invalid(`${NOT_GHOST} (${(error as Error).message})`);
  }
  while (posts.length > 0) await onItem(posts.shift()!);
  if (!sawData) throw new Invalid(NOT_GHOST);
  return { version, relations };
}

/** A Ghost post joined to its tags, authors and search fields. */
export function joinGhost(item: SourceItem, relations: GhostRelations): SourceItem {
  const tags = (relations.postTags.get(item.sourceId) ?? [])
    .map((id) => relations.tags.get(id))
    .filter((tag): tag is { name: string; slug: string } => tag !== undefined)
    // Ghost's internal tags (#…) are not shown on its site.
    .filter((tag) => !tag.name.startsWith("#"));
  const authorIds = relations.postAuthors.get(item.sourceId) ?? [item.author];
  const author = authorIds.map((id) => relations.users.get(id)).find(Boolean);
  const meta = relations.meta.get(item.sourceId);
  return {
    ...item,
    terms: tags.map((tag) => ({ domain: "tag", slug: tag.slug, name: tag.name })),
    author: author?.name ?? "",
    authorEmail: author?.email ?? "",
    seoTitle: item.seoTitle || meta?.title || "",
    seoDescription: item.seoDescription || meta?.description || "",
    ...(meta?.imageAlt ? { coverAlt: meta.imageAlt } : {}),
  };
}
