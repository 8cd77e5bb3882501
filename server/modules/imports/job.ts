import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { postImage } from "../../../common/post-media.ts";
import {
  cleanText,
  MAX_EXCERPT_LENGTH,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  parseTagNames,
  type BlogStatus,
} from "../../../common/schemas/blog.ts";
import type { ImportChoices } from "../../../common/schemas/imports.ts";
import { MAX_PAGE_BODY_LENGTH, MAX_PAGE_TITLE_LENGTH } from "../../../common/schemas/pages.ts";
import { slugify } from "../../../common/slug.ts";
import { postPath, tagFeedPath, tagPath } from "../../../app/lib/feeds.ts";
import { publicPages } from "../../../app/lib/navigation.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import type { Database } from "../../db/schema.ts";
import { ServiceUnavailable } from "../../errors.ts";
import { createLimiter } from "../../lib/limiter.ts";
import { storePostImage } from "../../media/post-images.ts";
import type { Storage } from "../../media/storage.ts";
import type { BlogService, StoredCover } from "../blogs/service.ts";
import type { PagesService } from "../pages/service.ts";
import type { RedirectService } from "../redirects/service.ts";
import { redirectKey } from "../redirects/service.ts";
import type { RedirectWrite } from "../redirects/repository.ts";
import { fetchPicture, PictureRefused, siteHost } from "./safe-fetch.ts";
import type { ImportItemRow, ImportRepository } from "./repository.ts";
import type { SourceItem, SourceTerm } from "./source.ts";
import { convertWordPressHtml, plainText, type ConvertedLine } from "./wordpress-html.ts";

// One item of an import, handled (decision 0044): a post or page converted and written with
// its pictures, tags, search fields and redirects; an attachment's and a tag's old addresses
// redirected. Each item's outcome is written in the transaction of its redirects, after the
// post it made: a post is written under an id chosen (and kept in import_links) before it is
// written, so an item handled again after a crash updates that post instead of adding one.

/** Pictures fetched at once, over every import of this process. */
export const PICTURES_AT_ONCE = 4;
/** The whole fetch of one picture, redirects included. */
export const PICTURE_TIMEOUT_MS = 20_000;
/** A post's limits (common/schemas/blog.ts): a point, the points, the whole text. */
const MAX_POINT = 10_000;
const MAX_POINTS = 500;
const MAX_TEXT = 100_000;
const MAX_TITLE = 200;

const pictureFetches = createLimiter({
  concurrency: PICTURES_AT_ONCE,
  maxWaiting: Number.POSITIVE_INFINITY,
  busy: () => new Error("never full"),
});

export interface JobContext {
  importId: string;
  kind: "wordpress" | "ghost";
  /** The old site's address (the file's, or the owner's choice). */
  siteUrl: string;
  siteTitle: string;
  /** Hosts pictures may come from. */
  hosts: Set<string>;
  choices: ImportChoices;
  signal: AbortSignal;
}

export interface JobDeps {
  db: Kysely<Database>;
  repo: ImportRepository;
  blogs: BlogService;
  pages: PagesService;
  redirects: RedirectService;
  storage: Storage;
  log: FastifyBaseLogger;
  maxImageBytes: number;
  allowHosts: readonly string[];
  pictureTimeoutMs: number;
  now: () => string;
}

/** What could not be kept as it was, counted: the report's notes of an item. */
class Notes {
  readonly #counts = new Map<string, number>();
  add(message: string, times = 1): void {
    this.#counts.set(message, (this.#counts.get(message) ?? 0) + times);
  }
  merge(counts: ReadonlyMap<string, number>): void {
    for (const [message, times] of counts) this.add(message, times);
  }
  list(): string[] {
    return [...this.#counts].map(([message, times]) =>
      times > 1 ? `${message} ×${times}` : message,
    );
  }
}

interface Outcome {
  outcome: "imported" | "updated" | "skipped";
  reason?: string;
  notes?: string[];
  target?: string;
  /** The redirects it makes and its link, written with its outcome in one transaction. */
  redirects?: RedirectWrite[];
  link?: { source_key: string; kind: string; target_id: string; cover_source: string | null };
}

/** WordPress's statuses, and what each becomes here. */
const STATUS_OF: Record<string, BlogStatus> = {
  publish: "published",
  future: "scheduled",
  draft: "draft",
  pending: "draft",
  private: "draft",
};
const NEVER: Record<string, string> = {
  trash: "it is in the old site's trash",
  "auto-draft": "it is an unsaved draft",
  inherit: "it is a revision",
};

/** The site's own pages, which no import's redirect may take over. */
const OWN_PATHS = new Set(publicPages.map((path) => redirectKey(path)));

/** Text cut to `max` characters at a word, and a note when it was cut. */
function cut(text: string, max: number, label: string, notes: Notes): string {
  if (text.length <= max) return text;
  notes.add(`${label} was longer than ${max} characters (cut)`);
  const head = text.slice(0, max);
  const space = head.lastIndexOf(" ");
  return (space > max * 0.6 ? head.slice(0, space) : head).trimEnd();
}

const oneLine = (text: string) => cleanText(text).replace(/\s+/g, " ").trim();

/** Yoast's and Rank Math's variables (%%title%%, %title%) filled in, unknown ones dropped. */
function searchText(template: string, title: string, siteTitle: string): string {
  const values: Record<string, string> = {
    title,
    sitename: siteTitle,
    sitetitle: siteTitle,
    sep: "-",
    separator: "-",
  };
  return oneLine(
    template
      .replace(/%%([a-z_]+)%%/gi, (_, name: string) => values[name.toLowerCase()] ?? "")
      .replace(/%([a-z_]+)%/gi, (_, name: string) => values[name.toLowerCase()] ?? ""),
  )
    .replace(/^[-|\s]+|[-|\s]+$/g, "")
    .replace(/\s+-\s+-\s+/g, " - ");
}

/** The path and query of an old address, when it is one (the redirects' old side). */
function pathOf(address: string, base: string): string | undefined {
  try {
    const url = new URL(address, base || undefined);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.pathname + url.search;
  } catch {
    return undefined;
  }
}

/** The post format's lines in points: a point per heading's section, within the limits. */
export function toPoints(lines: readonly string[], notes: Notes): string[] {
  const points: string[][] = [];
  let total = 0;
  let left = 0;
  for (const raw of lines) {
    const pieces: string[] = [];
    let line = raw;
    while (line.length > MAX_POINT) {
      const at = line.lastIndexOf(" ", MAX_POINT);
      const split = at > MAX_POINT / 2 ? at : MAX_POINT;
      pieces.push(line.slice(0, split));
      line = line.slice(split).trim();
    }
    pieces.push(line);
    if (pieces.length > 1) notes.add("a paragraph longer than 10,000 characters (split)");
    for (const piece of pieces) {
      if (total + piece.length + 1 > MAX_TEXT) {
        left++;
        continue;
      }
      total += piece.length + 1;
      const current = points.at(-1);
      const size = current ? current.join("\n").length : 0;
      if (!current || piece.startsWith("# ") || size + piece.length + 1 > MAX_POINT) {
        points.push([piece]);
      } else current.push(piece);
    }
  }
  if (left > 0) {
    notes.add(`the text was longer than 100,000 characters: its last ${left} lines were left out`);
  }
  // More sections than a post holds: the last ones share the last point.
  while (points.length > MAX_POINTS) {
    const last = points.pop()!;
    const previous = points.at(-1)!;
    if (previous.join("\n").length + last.join("\n").length + 1 <= MAX_POINT)
      previous.push(...last);
    else {
      notes.add("a section was left out (more than 500 sections)");
    }
  }
  return points.map((point) => point.join("\n"));
}

/** The name a picture's link shows when it is not fetched: its alt text, else its file name. */
function pictureLabel(url: string, alt: string): string {
  if (alt) return alt;
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() || "Picture");
  } catch {
    return "Picture";
  }
}

const escapeLabel = (text: string) => text.replace(/[\\*_[\]`]/g, "\\$&");

export function createJob(deps: JobDeps) {
  const { repo } = deps;

  /** Runs `work` again while the image pipeline is busy (503): an import waits its turn. */
  async function whenFree<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof ServiceUnavailable) || attempt > 120 || signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2000)));
      }
    }
  }

  /** The old address of a picture as the rule reads it against the site. */
  const absolute = (ctx: JobContext, url: string) => {
    try {
      return new URL(url.replace(/^__GHOST_URL__/, ctx.siteUrl), ctx.siteUrl || undefined).href;
    } catch {
      return url;
    }
  };

  /**
   * A picture fetched once (imported_pictures remembers it by its old address) and put
   * through the image pipeline: answers its new address, or why it is not there.
   */
  async function picture(
    ctx: JobContext,
    url: string,
    redirects: RedirectWrite[],
  ): Promise<{ src: string } | { refused: string; elsewhere: boolean }> {
    const known = await repo.picture(url);
    if (
      known &&
      postImage(known.src) &&
      (await deps.storage.exists(known.src.slice("/media/".length)))
    ) {
      addPictureRedirect(ctx, url, known.src, redirects);
      return { src: known.src };
    }
    try {
      const bytes = await pictureFetches.run(() =>
        fetchPicture(url, {
          hosts: ctx.hosts,
          allow: deps.allowHosts,
          timeoutMs: deps.pictureTimeoutMs,
          maxBytes: deps.maxImageBytes,
          signal: ctx.signal,
        }),
      );
      const stored = await whenFree(() => storePostImage(deps.storage, bytes), ctx.signal);
      await repo.writePicture(url, stored.src, deps.now());
      addPictureRedirect(ctx, url, stored.src, redirects);
      return { src: stored.src };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof PictureRefused) {
        return { refused: error.message, elsewhere: error.message.startsWith("on another site") };
      }
      // The pipeline's refusal (415: not a picture, too many pixels) is the picture's.
      if (error instanceof Error && "statusCode" in error) {
        return { refused: error.message, elsewhere: false };
      }
      throw error;
    }
  }

  /** /wp-content/uploads/… of the old site leads to the picture's new address. */
  function addPictureRedirect(ctx: JobContext, url: string, src: string, into: RedirectWrite[]) {
    try {
      const old = new URL(url);
      const site = ctx.siteUrl ? siteHost(new URL(ctx.siteUrl).host) : "";
      if (siteHost(old.host) === site) into.push({ from: old.pathname, to: src, status: 301 });
    } catch {
      // not an address of the site
    }
  }

  /** The attachment of the file with this id, as a picture (its full size and alt text). */
  async function attachment(ctx: JobContext, id: string) {
    const row = await repo.item(ctx.importId, "attachment", id);
    if (!row?.data) return undefined;
    const data = JSON.parse(row.data) as SourceItem;
    return data.url ? { url: absolute(ctx, data.url), alt: data.alt ?? "" } : undefined;
  }

  /** The converted lines with their galleries and pictures resolved: the post format's lines. */
  async function resolveLines(
    ctx: JobContext,
    source: SourceItem,
    lines: readonly ConvertedLine[],
    notes: Notes,
    redirects: RedirectWrite[],
  ): Promise<string[]> {
    // Galleries become their pictures.
    const flat: ConvertedLine[] = [];
    for (const line of lines) {
      if (line.kind !== "gallery") {
        flat.push(line);
        continue;
      }
      const ids =
        line.ids.length > 0
          ? line.ids
          : (await repo.attachmentsOf(ctx.importId, source.sourceId)).map((row) => row.source_id);
      let found = 0;
      for (const id of ids) {
        const picture = await attachment(ctx, id);
        if (!picture) continue;
        found++;
        flat.push({ kind: "picture", url: picture.url, alt: picture.alt, attachmentId: id });
      }
      if (found < ids.length || ids.length === 0) {
        notes.add(
          "a gallery's picture that is not in the file (not kept)",
          Math.max(1, ids.length - found),
        );
      }
    }
    // Each picture at its full size when the file has its attachment.
    const wanted = new Map<number, { url: string; alt: string }>();
    for (const [index, line] of flat.entries()) {
      if (line.kind !== "picture") continue;
      const full = line.attachmentId ? await attachment(ctx, line.attachmentId) : undefined;
      wanted.set(index, {
        url: full?.url ?? absolute(ctx, line.url),
        alt: line.alt || full?.alt || "",
      });
    }
    const results = new Map<string, Awaited<ReturnType<typeof picture>>>();
    if (ctx.choices.pictures) {
      const urls = [...new Set([...wanted.values()].map((entry) => entry.url))];
      await Promise.all(
        urls.map(async (url) => {
          results.set(url, await picture(ctx, url, redirects));
        }),
      );
      // The addresses the body named (a smaller size) lead to the same picture.
      for (const [index, entry] of wanted) {
        const line = flat[index] as Extract<ConvertedLine, { kind: "picture" }>;
        const result = results.get(entry.url);
        if (result && "src" in result && line.url !== entry.url) {
          addPictureRedirect(ctx, absolute(ctx, line.url), result.src, redirects);
        }
      }
    }
    const out: string[] = [];
    let linked = 0;
    for (const [index, line] of flat.entries()) {
      if (line.kind === "text") {
        out.push(line.text);
        continue;
      }
      if (line.kind !== "picture") continue;
      const entry = wanted.get(index)!;
      const alt = entry.alt.replace(/[\]\r\n]/g, " ").trim();
      const asLink = `[${escapeLabel(pictureLabel(entry.url, alt))}](${entry.url.replace(/ /g, "%20").replace(/\(/g, "%28").replace(/\)/g, "%29")})`;
      if (!ctx.choices.pictures) {
        linked++;
        out.push(asLink);
        continue;
      }
      const result = results.get(entry.url)!;
      if ("src" in result) out.push(`![${alt}](${result.src})`);
      else if (result.elsewhere) {
        notes.add(`a picture ${result.refused} (kept as a link)`);
        out.push(asLink);
      } else notes.add(`the picture ${entry.url} was not imported: ${result.refused}`);
    }
    if (linked > 0) notes.add("a picture, not fetched as chosen (kept as a link)", linked);
    return out;
  }

  /** The cover of a post: fetched and stored, kept (the same as last time), or why not. */
  async function cover(
    ctx: JobContext,
    source: SourceItem,
    previous: string | null,
    hasCover: boolean,
    notes: Notes,
    redirects: RedirectWrite[],
  ): Promise<{ cover?: StoredCover | null; source: string | null; alt: string }> {
    let url: string | undefined;
    let alt = source.coverAlt ?? "";
    if (source.coverId) {
      const found = await attachment(ctx, source.coverId);
      if (!found) notes.add("the cover picture is not in the file (not kept)");
      url = found?.url;
      alt ||= found?.alt ?? "";
    } else if (source.coverUrl) url = absolute(ctx, source.coverUrl);
    if (!url) return { source: null, alt: "" };
    if (!ctx.choices.pictures) {
      notes.add("the cover picture, not fetched as chosen (not kept)");
      return { source: previous, alt };
    }
    if (previous === url && hasCover) return { source: url, alt };
    try {
      const bytes = await pictureFetches.run(() =>
        fetchPicture(url, {
          hosts: ctx.hosts,
          allow: deps.allowHosts,
          timeoutMs: deps.pictureTimeoutMs,
          maxBytes: deps.maxImageBytes,
          signal: ctx.signal,
        }),
      );
      const stored = await whenFree(() => deps.blogs.storeCover(bytes), ctx.signal);
      addPictureRedirect(ctx, url, deps.storage.url(stored.key), redirects);
      return { cover: stored, source: url, alt };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof PictureRefused || (error instanceof Error && "statusCode" in error)) {
        notes.add(`the cover picture ${url} was not imported: ${(error as Error).message}`);
        return { source: previous, alt };
      }
      throw error;
    }
  }

  /** The key of an old site's item in import_links. */
  const linkKey = (ctx: JobContext, kind: string, id: string) => {
    let site = "";
    try {
      site = ctx.siteUrl ? new URL(ctx.siteUrl).origin.toLowerCase() : "";
    } catch {
      site = "";
    }
    return `${kind}:${ctx.kind}:${site}:${id}`;
  };

  /** The id its post or page has (kept before it is written, so a second try updates it). */
  async function targetOf(key: string, kind: string) {
    const link = await repo.link(key);
    if (link) return link;
    // Chosen once: whoever handles the item again (after a crash, or at the same moment on
    // another instance) writes the same post.
    return repo.linkOnce(
      { source_key: key, kind, target_id: randomUUID(), cover_source: null },
      deps.now(),
    );
  }

  /** The old addresses of an item that lead to `to`. */
  function aliasesOf(ctx: JobContext, source: SourceItem, to: string, param: string) {
    const rows: RedirectWrite[] = [];
    const add = (address: string) => {
      const from = pathOf(address, ctx.siteUrl);
      if (!from) return;
      const key = redirectKey(from);
      if (OWN_PATHS.has(key) || key === redirectKey(to)) return;
      rows.push({ from, to, status: 301 });
    };
    if (source.link) add(source.link);
    else if (ctx.kind === "ghost" && source.slug) add(`/${source.slug}/`);
    for (const alias of source.aliases) add(alias);
    if (ctx.kind === "wordpress" && /^\d+$/.test(source.sourceId))
      add(`/?${param}=${source.sourceId}`);
    return rows;
  }

  /** Whether and how an item's status comes in: skipped (and why), or its status here. */
  function statusOf(ctx: JobContext, source: SourceItem, notes: Notes) {
    if (NEVER[source.status]) return { skip: NEVER[source.status]! };
    if (
      (ctx.choices.statuses as readonly string[]).includes(source.status) === false &&
      STATUS_OF[source.status]
    ) {
      return { skip: `its status (${source.status}) was not chosen` };
    }
    let status = STATUS_OF[source.status] ?? "draft";
    if (!STATUS_OF[source.status])
      notes.add(`its status "${source.status}" is unknown here (imported as a draft)`);
    if (source.status === "private" || source.status === "pending") {
      notes.add(`${source.status} on the old site (imported as a draft)`);
    }
    if (source.restricted && status !== "draft") {
      notes.add(
        ctx.kind === "ghost"
          ? "for members only on the old site (imported as a draft)"
          : "password-protected on the old site (imported as a draft)",
      );
      status = "draft";
    }
    return { status };
  }

  /** The tags of a post: its categories and tags by name, within the post's limits. */
  function tagsOf(terms: readonly SourceTerm[], notes: Notes) {
    const names = terms.map((term) => {
      const name = oneLine(term.name || term.slug).replace(/,/g, " ");
      if (name.length <= MAX_TAG_LENGTH) return name;
      notes.add(`a tag longer than ${MAX_TAG_LENGTH} characters (cut)`);
      return name.slice(0, MAX_TAG_LENGTH).trim();
    });
    const tags = parseTagNames(names.filter(Boolean));
    if (tags.length > MAX_TAGS) {
      notes.add(
        `tags beyond ${MAX_TAGS} not kept: ${tags
          .slice(MAX_TAGS)
          .map((tag) => tag.name)
          .join(", ")}`,
      );
    }
    return tags.slice(0, MAX_TAGS);
  }

  async function entry(ctx: JobContext, source: SourceItem): Promise<Outcome> {
    const notes = new Notes();
    const decided = statusOf(ctx, source, notes);
    if ("skip" in decided) return { outcome: "skipped", reason: decided.skip };
    const isPage = source.kind === "page";
    const title =
      cut(oneLine(source.title), isPage ? MAX_PAGE_TITLE_LENGTH : MAX_TITLE, "the title", notes) ||
      "Untitled";
    // Ghost writes its own address as __GHOST_URL__ in what it exports.
    const html = ctx.siteUrl ? source.html.replaceAll("__GHOST_URL__", ctx.siteUrl) : source.html;
    const converted = convertWordPressHtml(html, {
      siteUrl: ctx.siteUrl || undefined,
      ...(ctx.kind === "ghost" ? { classic: false } : {}),
    });
    notes.merge(converted.notes);
    if (source.comments > 0) {
      notes.add(
        `${source.comments} comment${source.comments === 1 ? "" : "s"} (comments are not imported)`,
      );
    }
    const redirects: RedirectWrite[] = [];
    const lines = await resolveLines(ctx, source, converted.lines, notes, redirects);
    const seoTitle = cut(
      searchText(source.seoTitle, title, ctx.siteTitle),
      MAX_SEO_TITLE_LENGTH,
      "the search title",
      notes,
    );
    const seoDescription = cut(
      searchText(source.seoDescription, title, ctx.siteTitle),
      MAX_SEO_DESCRIPTION_LENGTH,
      "the search description",
      notes,
    );
    const createdAt = source.date ?? deps.now();
    const key = linkKey(ctx, source.kind, source.sourceId);
    const link = await targetOf(key, source.kind);
    let outcome: { created: boolean; slug: string };
    let target: string;
    let coverSource: string | null = null;
    const public_ = decided.status !== "draft";
    if (isPage) {
      if (decided.status === "scheduled")
        notes.add(
          "scheduled on the old site (pages here are published or drafts: imported as a draft)",
        );
      let body = lines.join("\n");
      if (body.length > MAX_PAGE_BODY_LENGTH) {
        notes.add(
          `the text was longer than ${MAX_PAGE_BODY_LENGTH.toLocaleString("en-US")} characters (cut)`,
        );
        body = body.slice(0, MAX_PAGE_BODY_LENGTH).replace(/\n[^\n]*$/, "");
      }
      if (source.coverId || source.coverUrl)
        notes.add("the page's featured picture (pages have no cover: not kept)");
      outcome = await deps.pages.importPage({
        id: link.target_id,
        slug: slugify(source.slug || title),
        title,
        body: body || title,
        seoTitle,
        seoDescription,
        status: decided.status === "published" ? "published" : "draft",
        createdAt,
      });
      // A draft is not on the site: its address is its page in the back office.
      target =
        decided.status === "published" ? `/${outcome.slug}` : `/admin/pages/${link.target_id}`;
    } else {
      const existing = await deps.blogs.adminGet(link.target_id).catch(() => undefined);
      const picked = await cover(
        ctx,
        source,
        link.cover_source,
        Boolean(existing?.image),
        notes,
        redirects,
      );
      coverSource = picked.source;
      const excerpt = cut(plainText(source.excerpt), MAX_EXCERPT_LENGTH, "the excerpt", notes);
      outcome = await deps.blogs.importPost({
        id: link.target_id,
        title,
        content: toPoints(lines, notes),
        slug: source.slug,
        status: decided.status,
        publishedAt: decided.status === "draft" ? null : (source.date ?? deps.now()),
        createdAt,
        excerpt,
        seoTitle,
        seoDescription,
        imageAlt: cut(oneLine(picked.alt), 250, "the cover's alt text", notes),
        tags: tagsOf(source.terms, notes),
        byline: oneLine(source.author).slice(0, 120) || null,
        authorId: null,
        ...(picked.cover !== undefined ? { cover: picked.cover } : {}),
      });
      target = postPath({ _id: link.target_id, slug: outcome.slug });
      if (source.slug && slugify(source.slug) !== outcome.slug) {
        notes.add(`the address /blog/${slugify(source.slug)} was taken (imported at ${target})`);
      }
      if (!public_) target = `/admin/edit/${link.target_id}`;
    }
    if (public_ && !(isPage && decided.status !== "published")) {
      redirects.push(...aliasesOf(ctx, source, target, isPage ? "page_id" : "p"));
    }
    return {
      outcome: outcome.created ? "imported" : "updated",
      notes: notes.list(),
      target,
      redirects,
      link: { ...link, cover_source: coverSource ?? link.cover_source },
    };
  }

  /** An attachment: its page's old addresses lead to the picture (or to its post). */
  async function attachmentItem(ctx: JobContext, source: SourceItem): Promise<Outcome> {
    const url = source.url ? absolute(ctx, source.url) : undefined;
    const picture = url ? await repo.picture(url) : undefined;
    let to = picture?.src;
    if (!to && source.parent) {
      const parent =
        (await repo.item(ctx.importId, "post", source.parent)) ??
        (await repo.item(ctx.importId, "page", source.parent));
      if (parent?.target && parent.outcome !== "skipped") to = parent.target;
    }
    if (!to) return { outcome: "skipped", reason: "no imported post or page shows this picture" };
    const redirects = aliasesOf(ctx, source, to, "attachment_id");
    return picture
      ? { outcome: "imported", target: picture.src, redirects }
      : {
          outcome: "skipped",
          reason: "no imported post or page shows this picture",
          target: to,
          redirects,
        };
  }

  /** A category or tag: its old page and feed lead to the tag's page and feed. */
  async function termItem(ctx: JobContext, term: SourceTerm): Promise<Outcome> {
    const slug = slugify(term.name || term.slug);
    const tag = await deps.blogs.tag(slug);
    if (!tag) return { outcome: "skipped", reason: "no imported public post has it" };
    const base = ctx.kind === "ghost" ? "tag" : term.domain === "category" ? "category" : "tag";
    const oldSlug = encodeURIComponent(term.slug);
    return {
      outcome: "imported",
      target: tagPath(tag.slug),
      redirects: [
        { from: `/${base}/${oldSlug}/`, to: tagPath(tag.slug), status: 301 },
        {
          from: `/${base}/${oldSlug}/${ctx.kind === "ghost" ? "rss" : "feed"}/`,
          to: tagFeedPath(tag.slug),
          status: 301,
        },
      ],
    };
  }

  return {
    /** Handles one item and writes its outcome; an item it cannot handle is skipped with why. */
    async handle(ctx: JobContext, row: ImportItemRow): Promise<void> {
      let result: Outcome;
      try {
        const data = row.data ? (JSON.parse(row.data) as SourceItem & SourceTerm) : undefined;
        if (!data) result = { outcome: "skipped", reason: "nothing was read of it" };
        else if (row.kind === "post" || row.kind === "page") result = await entry(ctx, data);
        else if (row.kind === "attachment") result = await attachmentItem(ctx, data);
        else if (row.kind === "term") result = await termItem(ctx, data);
        else {
          result = {
            outcome: "skipped",
            reason:
              data.type === "nav_menu_item"
                ? "a menu item: menus are made in the back office"
                : `a ${data.type || "kind of item"}: only posts, pages, pictures and tags are imported`,
          };
        }
      } catch (error) {
        if (ctx.signal.aborted || error instanceof DatabaseUnavailable) throw error;
        deps.log.warn({ err: error, item: row.source_id }, "an import item could not be imported");
        result = {
          outcome: "skipped",
          reason: `it could not be imported: ${(error as Error).message}`,
        };
      }
      await deps.db.transaction().execute(async (trx) => {
        if (result.link) await repo.writeLink(result.link, deps.now(), trx);
        await deps.redirects.writeImported(result.redirects ?? [], trx);
        await repo.finishItem(
          ctx.importId,
          row.seq,
          {
            outcome: result.outcome,
            reason: result.reason ?? null,
            notes: result.notes && result.notes.length > 0 ? JSON.stringify(result.notes) : null,
            target: result.target ?? null,
          },
          deps.now(),
          trx,
        );
      });
    },

    /** The site's feed at its old address (/feed/ on WordPress, /rss/ on Ghost). */
    async finish(ctx: JobContext): Promise<void> {
      await deps.redirects.writeImported([
        { from: ctx.kind === "ghost" ? "/rss/" : "/feed/", to: "/blog/rss.xml", status: 301 },
      ]);
    },
  };
}
export type ImportJob = ReturnType<typeof createJob>;
export { siteHost };
