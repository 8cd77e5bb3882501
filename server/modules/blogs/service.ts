import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { pageWindow } from "../../db/lists.ts";
import { formatTime } from "../../../common/format.ts";
import { postTeaser } from "../../../common/post-format.ts";
import { messages } from "../../../common/messages.ts";
import {
  cleanText,
  DEFAULT_BLOG_BG,
  isUuidShaped,
  readingMinutes,
  reviewMessages,
  type AdminBlog,
  type Blog,
  type BlogRevision,
  type BlogRevisionSummary,
  type BlogStatus,
  type ParsedBlogInput,
  type ParsedBlogPatch,
  type PreviewPost,
  type PostLink,
  type PublicPost,
  type RevisionKind,
  type Tag,
  type TagCount,
  slugTakenMessage,
} from "../../../common/schemas/blog.ts";
import type { ListPage } from "../../../common/schemas/common.ts";
import { SLUG_PATTERN, slugify, uniqueSlug } from "../../../common/slug.ts";
import type { Database, BlogsTable } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { processImage } from "../../media/images.ts";
import type { Storage } from "../../media/storage.ts";
import { createBlogRepository, type BlogRow } from "./repository.ts";
import { createRevisionRepository } from "./revisions.ts";
import { searchWords } from "./search.ts";
import { isUniqueViolation } from "../../db/errors.ts";

interface StoredImage {
  key: string;
  width: number;
  height: number;
  variantWidths: number[];
}

const REVISION_NOT_FOUND = "There is no such revision of this post.";

/** Blog ids are server-made UUIDs; anything else cannot name a post. */
const BLOG_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const variantKey = (key: string, width: number) => key.replace(/\.[a-z0-9]+$/, `-${width}.webp`);

/**
 * The scheduler wakes at least this often, so a post scheduled by another instance, or a
 * clock set forward, is published within the hour even without a write here.
 */
export const MAX_SCHEDULER_WAIT_MS = 60 * 60 * 1000;
/** A preview token: 24 random bytes in base64url (32 characters). */
const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
export const previewPath = (token: string) => `/blog/preview/${token}`;

/** The name the back office shows for an author: the name, else the e-mail's local part. */
export function authorLabel(name?: string | null, email?: string | null): string | null {
  if (name?.trim()) return name.trim();
  if (email) return email.split("@")[0] || email;
  return null;
}

const slugTaken = (slug: string) => new Conflict(slugTakenMessage(slug));

/**
 * A post as an import writes it (issue 51, decision 0044): its id is the import's (the same
 * item of the same old site is always the same post), its dates and status the old site's.
 */
export interface ImportedPost {
  id: string;
  title: string;
  content: string[];
  /** The slug wanted; another post's makes it slug-2, slug-3… */
  slug: string;
  status: BlogStatus;
  publishedAt: string | null;
  createdAt: string;
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  imageAlt: string;
  tags: Tag[];
  /** The author's name when no staff account wrote it. */
  byline: string | null;
  authorId: string | null;
  /** The cover: undefined keeps the post's, null removes it, a stored image replaces it. */
  cover?: StoredCover | null;
}

/** A picture stored as a post's cover, with its variants (`storeCover`). */
export type StoredCover = StoredImage;

/** What a new or changed image does to a post: keep the old one, replace it or drop it. */
export interface ImageChange {
  image?: Buffer;
  removeImage?: boolean;
}

/** Who makes an update: the signed-in admin, when there is one (decision 0033). */
export interface UpdateOptions extends ImageChange {
  by?: string | null;
  /** What the save is, for its revision (decision 0034): a save unless said otherwise. */
  kind?: RevisionKind;
}

/** The words of a save refused by the version check (409). */
export function staleSaveMessage(by: string | null, at: string): string {
  return `This post was changed${by ? ` by ${by}` : ""} at ${formatTime(at)} since you opened it. Copy your changes, reload and try again.`;
}

/** What a public list is filtered by: `q`, the search box's text; `tag`, a tag's slug. */
export interface BlogListFilter {
  q?: string;
  tag?: string;
}

/** What the back office's list is filtered by: also the status. */
export interface AdminBlogListFilter extends BlogListFilter {
  status?: BlogStatus;
  /** Only the posts this staff account wrote (an author's list). */
  authorId?: string;
}

/** Posts shown under a post as "Related posts". */
export const RELATED_POSTS = 3;

/**
 * The words of a search (search.ts), or undefined for no search. Stored text has no control
 * characters and is composed (NFC): so is the search.
 */
function wordsOf(q: string | undefined): string[] | undefined {
  const text = cleanText(q ?? "").trim();
  return text ? searchWords(text) : undefined;
}

export function createBlogService(deps: {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  storage: Storage;
  log: FastifyBaseLogger;
  changes: ChangeFeed;
  /** Milliseconds since the epoch (tests set the time). */
  clock?: () => number;
}) {
  const { storage, log, changes } = deps;
  const clock = deps.clock ?? Date.now;
  const repo = createBlogRepository(deps.db, deps.dialect);
  const revisions = createRevisionRepository(deps.db);
  /** A post's write and its revision, in one transaction (decision 0034). */
  const inTransaction = <T>(
    work: (
      trx: ReturnType<typeof createBlogRepository>,
      kept: ReturnType<typeof createRevisionRepository>,
    ) => Promise<T>,
  ) =>
    deps.db
      .transaction()
      .execute((trx) =>
        work(createBlogRepository(trx, deps.dialect), createRevisionRepository(trx)),
      );
  const nowIso = () => new Date(clock()).toISOString();

  /** The tags of these posts, by post id (a post without tags has none in the map). */
  async function tagsByPost(rows: readonly { id: string }[]): Promise<Map<string, Tag[]>> {
    const byPost = new Map<string, Tag[]>();
    for (const { blog_id, name, slug } of await repo.tagsOf(rows.map((row) => row.id))) {
      const list = byPost.get(blog_id) ?? [];
      list.push({ name, slug });
      byPost.set(blog_id, list);
    }
    return byPost;
  }

  /** `rows` in the shape `to` makes, each with its tags. */
  async function withTags<R extends BlogsTable, T>(
    rows: readonly R[],
    to: (row: R, tags: Tag[]) => T,
  ): Promise<T[]> {
    const tags = await tagsByPost(rows);
    return rows.map((row) => to(row, tags.get(row.id) ?? []));
  }

  /** The public shape; `date` is when the post went (or goes) public. */
  function toBlog(row: BlogsTable, tags: Tag[]): Blog {
    const widths = row.image_variant_widths
      ? (JSON.parse(row.image_variant_widths) as number[])
      : [];
    const content = JSON.parse(row.content) as string[];
    return {
      _id: row.id,
      title: row.title,
      content,
      bg: row.bg,
      image: row.image_key ? storage.url(row.image_key) : null,
      imageWidth: row.image_width === null ? null : Number(row.image_width),
      imageHeight: row.image_height === null ? null : Number(row.image_height),
      imageVariants: row.image_key
        ? widths.map((width) => ({ width, url: storage.url(variantKey(row.image_key!, width)) }))
        : [],
      duration: Number(row.duration),
      date: row.published_at ?? row.created_at,
      updatedAt: row.updated_at,
      slug: row.slug,
      excerpt: row.excerpt || postTeaser(content, 15),
      tags,
    };
  }

  function toPublicPost(row: BlogRow, tags: Tag[]): PublicPost {
    const blog = toBlog(row, tags);
    return {
      ...blog,
      seoTitle: row.seo_title || blog.title,
      seoDescription: row.seo_description || blog.excerpt,
      imageAlt: row.image_alt,
      authorName: row.author_name?.trim() || null,
    };
  }

  function toAdminBlog(row: BlogRow, tags: Tag[]): AdminBlog {
    return {
      ...toBlog(row, tags),
      status: row.status as BlogStatus,
      publishedAt: row.published_at,
      createdAt: row.created_at,
      customExcerpt: row.excerpt,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      imageAlt: row.image_alt,
      authorName: authorLabel(row.author_name, row.author_email),
      authorId: row.author_account ?? null,
      submittedBy: row.submitted_at ? authorLabel(row.submitter_name, row.submitter_email) : null,
      submittedAt: row.submitted_at ?? null,
      reviewNote: row.review_note ?? "",
      previewPath: row.preview_token ? previewPath(row.preview_token) : null,
      version: Number(row.version),
    };
  }

  /** Checks, re-encodes and stores an image with its variants (415 when it is not one). */
  async function storeImage(data: Buffer): Promise<StoredImage> {
    const processed = await processImage(data);
    const key = `blogs/${randomUUID()}.${processed.ext}`;
    await storage.put(key, processed.original);
    await Promise.all(processed.variants.map((v) => storage.put(variantKey(key, v.width), v.data)));
    return {
      key,
      width: processed.width,
      height: processed.height,
      variantWidths: processed.variants.map((v) => v.width),
    };
  }

  async function removeImageFiles(key: string | null, variantWidths: string | number[] | null) {
    if (!key) return;
    const widths =
      typeof variantWidths === "string"
        ? (JSON.parse(variantWidths) as number[])
        : (variantWidths ?? []);
    try {
      await Promise.all([key, ...widths.map((w) => variantKey(key, w))].map(storage.remove));
    } catch (error) {
      // The row is what matters; a file left behind is logged for the operator.
      log.warn({ err: error, key }, "could not remove image files");
    }
  }

  const imageColumns = (image: StoredImage | null) => ({
    image_key: image?.key ?? null,
    image_width: image?.width ?? null,
    image_height: image?.height ?? null,
    image_variant_widths: image ? JSON.stringify(image.variantWidths) : null,
  });

  /** The row of a post; an id of any other shape is simply not found. */
  const findRow = (id: string) => (BLOG_ID.test(id) ? repo.find(id) : Promise.resolve(undefined));

  /** The slug, or the first of slug-2, slug-3… that no other post has. */
  async function freeSlug(slug: string, own?: string): Promise<string> {
    const base = isUuidShaped(slug) ? `post-${slug}`.slice(0, 80) : slug;
    const taken = new Set(await repo.slugsLike(base));
    if (own) taken.delete(own);
    return uniqueSlug(base, (candidate) => taken.has(candidate));
  }

  /** The slug asked for (409 when another post has it), or one made from the title. */
  async function chooseSlug(asked: string | undefined, title: string, self?: BlogsTable) {
    if (!asked) return freeSlug(slugify(title), self?.slug);
    const owner = await repo.slugOwner(asked);
    if (owner && owner !== self?.id) throw slugTaken(asked);
    return asked;
  }

  /**
   * Where the workflow goes: the status asked for (else the current one; a new post is
   * published, as the spec's form does) and its publication time. Publishing keeps the time
   * of a post already public; scheduling needs a time in the future.
   */
  function workflow(
    before: BlogsTable | undefined,
    asked: { status?: BlogStatus; publishedAt?: string },
    now: string,
  ): Pick<BlogsTable, "status" | "published_at"> {
    const status = asked.status ?? (before?.status as BlogStatus | undefined) ?? "published";
    // A draft, or a post waiting for review (decision 0051), has no publication time.
    if (status === "draft" || status === "review") return { status, published_at: null };
    const wasPublic =
      before !== undefined &&
      (before.status === "published" ||
        (before.status === "scheduled" &&
          before.published_at !== null &&
          before.published_at <= now));
    if (status === "published") {
      return {
        status,
        published_at: wasPublic && before?.published_at ? before.published_at : now,
      };
    }
    const changing = asked.status !== undefined || asked.publishedAt !== undefined;
    const at =
      asked.publishedAt ?? (before?.status === "scheduled" ? before.published_at : null) ?? null;
    const refuse = (message: string) => new Invalid(message, { publishedAt: message });
    if (!at) throw refuse("Choose the date and time the post should be published.");
    if (changing && at <= now) {
      throw refuse(
        "The publication time must be in the future: choose a later time, or publish now.",
      );
    }
    return { status, published_at: at };
  }

  async function find(id: string): Promise<BlogsTable> {
    const row = await findRow(id);
    if (!row) throw new NotFound(messages.blogNotFound);
    return row;
  }

  /** The refusal of a save over a newer one: who saved it last and when (404 when deleted). */
  async function stale(id: string): Promise<Error> {
    const last = await repo.lastSave(id);
    if (!last) return new NotFound(messages.blogNotFound);
    return new Conflict(staleSaveMessage(authorLabel(last.name, last.email), last.updated_at));
  }

  async function findAdmin(id: string): Promise<AdminBlog> {
    const row = BLOG_ID.test(id) ? await repo.findWithAuthor("id", id) : undefined;
    if (!row) throw new NotFound(messages.blogNotFound);
    return (await withTags([row], toAdminBlog))[0]!;
  }

  /** One revision of the post (404 when either is unknown, or it is another post's). */
  async function findRevision(id: string, revisionId: string): Promise<BlogRevision> {
    await find(id);
    const row = await revisions.find(id, revisionId);
    if (!row) throw new NotFound(REVISION_NOT_FOUND);
    return {
      id: row.id,
      createdAt: row.created_at,
      authorName: authorLabel(row.author_name, row.author_email),
      kind: row.kind as RevisionKind,
      title: row.title,
      content: JSON.parse(row.content) as string[],
      bg: row.bg,
      slug: row.slug,
      customExcerpt: row.excerpt,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      imageAlt: row.image_alt,
      hadImage: row.image_key !== null,
      status: row.status as BlogStatus,
      publishedAt: row.published_at,
    };
  }

  // The scheduler: one timer for the next due scheduled post, armed at start and after every
  // write, never keeping the process alive, and woken at least hourly.
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  async function arm(): Promise<void> {
    if (closed) return;
    let wait = MAX_SCHEDULER_WAIT_MS;
    try {
      const next = await repo.nextScheduled();
      if (next) wait = Math.min(Math.max(0, Date.parse(next) - clock()), MAX_SCHEDULER_WAIT_MS);
    } catch (error) {
      if (closed) return;
      log.error({ err: error }, "could not read the next scheduled post");
      wait = 60_000;
    }
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  }
  async function tick(): Promise<void> {
    try {
      await publishDue();
    } catch (error) {
      if (!closed) log.error({ err: error }, "could not publish the scheduled posts");
    }
    await arm();
  }
  /** Scheduled posts whose time has come become published; answers how many did. */
  async function publishDue(): Promise<number> {
    const published = await repo.publishDue(nowIso());
    if (published > 0) {
      log.info({ published }, "scheduled posts published");
      changes.publish("blogs");
    }
    return published;
  }
  /** After a write: pages and feeds drop their copies, the scheduler looks again. */
  function written(): void {
    changes.publish("blogs");
    void arm();
  }
  void arm();

  const service = {
    /**
     * A page of the public posts, newest publication first, and how many there are in all;
     * with `q`, of the posts holding every word of it (search.ts).
     */
    async page(
      filter: BlogListFilter & { page: number; pageSize: number },
    ): Promise<ListPage<Blog>> {
      const words = wordsOf(filter.q);
      if (words?.length === 0) return { items: [], total: 0 };
      const now = nowIso();
      const window = pageWindow(filter.page, filter.pageSize);
      const [rows, total] = await Promise.all([
        repo.listPublic(now, words, window, filter.tag),
        repo.countPublic(now, words, filter.tag),
      ]);
      return { items: await withTags(rows, toBlog), total };
    },

    /**
     * Every public post (with `q`, every match), newest publication first, read from the
     * database a batch at a time: memory holds one batch whatever the number of posts.
     */
    async *stream(filter: BlogListFilter = {}): AsyncGenerator<Blog> {
      const words = wordsOf(filter.q);
      if (words?.length === 0) return;
      for await (const rows of repo.streamPublic(nowIso(), words, filter.tag)) {
        yield* await withTags(rows, toBlog);
      }
    },

    /** How many posts are public. */
    count: () => repo.countPublic(nowIso()),

    /** When a public post last changed (ISO), if there is one. */
    lastChanged: () => repo.lastPublicChange(nowIso()),

    /** The addresses and dates of a slice of the public posts (stream's order): the sitemap. */
    async links(window: { limit: number; offset: number }): Promise<PostLink[]> {
      return (await repo.publicLinks(nowIso(), window)).map((row) => ({
        _id: row.id,
        slug: row.slug,
        date: row.published_at ?? row.created_at,
        updatedAt: row.updated_at,
      }));
    },

    /**
     * A public post by its id (UUID shape) or else by its slug; a draft or a scheduled post
     * not yet due is not found.
     */
    async get(idOrSlug: string): Promise<PublicPost | undefined> {
      const column = BLOG_ID.test(idOrSlug) ? "id" : SLUG_PATTERN.test(idOrSlug) ? "slug" : null;
      if (!column) return undefined;
      const row = await repo.findPublic(column, idOrSlug, nowIso());
      return row ? (await withTags([row], toPublicPost))[0] : undefined;
    },

    /**
     * The post of a private preview link, whatever its status; `public` says whether it is
     * already on the site (its preview link then leads to its address).
     */
    async preview(token: string): Promise<PreviewPost | undefined> {
      if (!PREVIEW_TOKEN.test(token)) return undefined;
      const row = await repo.findWithAuthor("preview_token", token);
      if (!row) return undefined;
      const now = nowIso();
      const isPublic =
        row.status === "published" ||
        (row.status === "scheduled" && row.published_at !== null && row.published_at <= now);
      const [post] = await withTags([row], toPublicPost);
      return { ...post!, status: row.status as BlogStatus, public: isPublic };
    },

    /**
     * A page of every post whatever its status, newest first, and how many in all; with
     * `q`, `status` or `tag`, of the posts that match all of them.
     */
    async adminPage(
      filter: AdminBlogListFilter & { page: number; pageSize: number },
    ): Promise<ListPage<AdminBlog>> {
      const words = wordsOf(filter.q);
      if (words?.length === 0) return { items: [], total: 0 };
      const postFilter = {
        words,
        tag: filter.tag,
        status: filter.status,
        authorId: filter.authorId,
      };
      const window = pageWindow(filter.page, filter.pageSize);
      const [rows, total] = await Promise.all([
        repo.listAll(window, postFilter),
        repo.countAll(postFilter),
      ]);
      return { items: await withTags(rows, toAdminBlog), total };
    },

    /** Every post whatever its status, newest first, a batch at a time: the back office's list. */
    async *adminStream(filter: { authorId?: string } = {}): AsyncGenerator<AdminBlog> {
      for await (const rows of repo.streamAll(filter)) yield* await withTags(rows, toAdminBlog);
    },

    /**
     * Sends a draft for review (decision 0051): status "review", who and when; the note of
     * an earlier return goes. 409 when the post is not a draft.
     */
    async submit(id: string, by: string): Promise<AdminBlog> {
      const before = await find(id);
      if (before.status !== "draft") throw new Conflict(reviewMessages.submitOnlyDraft);
      const now = nowIso();
      const changed = await repo.update(id, {
        status: "review",
        published_at: null,
        submitted_by: by,
        submitted_at: now,
        review_note: null,
      });
      if (changed === 0) throw new NotFound(messages.blogNotFound);
      written();
      return findAdmin(id);
    },

    /**
     * Sends a post waiting for review back to draft with an editor's note for its author.
     * 409 when the post is not waiting for review.
     */
    async returnToDraft(id: string, note: string): Promise<AdminBlog> {
      const before = await find(id);
      if (before.status !== "review") throw new Conflict(reviewMessages.returnOnlyReview);
      const changed = await repo.update(id, {
        status: "draft",
        published_at: null,
        review_note: note || null,
      });
      if (changed === 0) throw new NotFound(messages.blogNotFound);
      written();
      return findAdmin(id);
    },

    /** The tags with at least one public post, by name, with how many public posts each has. */
    tags: (): Promise<TagCount[]> => repo.publicTags(nowIso()),

    /** Every tag, whatever its posts' status (the editor's suggestions), by name. */
    allTags: (): Promise<Tag[]> => repo.allTags(),

    /** The tag of this slug, if it has a public post (its page and feed exist). */
    async tag(slug: string): Promise<Tag | undefined> {
      if (!SLUG_PATTERN.test(slug)) return undefined;
      const [tag, count] = await Promise.all([
        repo.findTag(slug),
        repo.countPublic(nowIso(), undefined, slug),
      ]);
      return tag && count > 0 ? tag : undefined;
    },

    /** Up to RELATED_POSTS other public posts sharing a tag with this one, newest first. */
    async related(blogId: string): Promise<Blog[]> {
      if (!BLOG_ID.test(blogId)) return [];
      return withTags(await repo.related(blogId, nowIso(), RELATED_POSTS), toBlog);
    },

    /** One post whatever its status (404 when there is none). */
    adminGet: findAdmin,

    async create(
      input: ParsedBlogInput,
      image?: Buffer,
      authorId: string | null = null,
    ): Promise<AdminBlog> {
      const now = nowIso();
      const state = workflow(undefined, input, now);
      const slug = await chooseSlug(input.slug, input.title);
      const stored = image ? await storeImage(image) : null;
      const row: Omit<BlogsTable, "search_text"> = {
        id: randomUUID(),
        title: input.title,
        content: JSON.stringify(input.content),
        bg: input.bg,
        ...imageColumns(stored),
        duration: readingMinutes(input.content),
        created_at: now,
        updated_at: now,
        slug,
        ...state,
        excerpt: input.excerpt ?? "",
        seo_title: input.seoTitle ?? "",
        seo_description: input.seoDescription ?? "",
        image_alt: input.imageAlt ?? "",
        author_id: authorId,
        preview_token: null,
        preview_by: null,
        version: 1,
        updated_by: authorId,
      };
      try {
        await inTransaction(async (blogs, kept) => {
          await blogs.insert(row);
          await kept.keep(row.id, undefined, row, { by: authorId, kind: "create" }, now);
        });
      } catch (error) {
        await removeImageFiles(stored?.key ?? null, stored?.variantWidths ?? null);
        if (isUniqueViolation(error)) throw slugTaken(slug);
        throw error;
      }
      if (input.tags?.length) await repo.setTags(row.id, input.tags, now);
      written();
      return findAdmin(row.id);
    },

    /**
     * Changes the fields that were sent (the others keep their values); a new image
     * replaces the old one and deletes its files, `removeImage` drops it. Every update adds
     * one to the version; with `patch.version`, a post saved since that version is refused
     * (409, who and when) and nothing changes (decision 0033).
     */
    async update(
      id: string,
      patch: ParsedBlogPatch,
      change: UpdateOptions = {},
    ): Promise<AdminBlog> {
      const before = await find(id);
      if (patch.version !== undefined && Number(before.version) !== patch.version) {
        throw await stale(id);
      }
      const now = nowIso();
      const state = workflow(before, patch, now);
      const slug =
        patch.slug === undefined
          ? before.slug
          : await chooseSlug(patch.slug, patch.title ?? before.title, before);
      const stored = change.image ? await storeImage(change.image) : null;
      const replacing = stored !== null || change.removeImage === true;
      const content = patch.content ?? (JSON.parse(before.content) as string[]);
      let updated: number;
      try {
        const changes = {
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.bg !== undefined ? { bg: patch.bg } : {}),
          content: JSON.stringify(content),
          duration: readingMinutes(content),
          updated_at: now,
          slug,
          ...state,
          ...(patch.excerpt !== undefined ? { excerpt: patch.excerpt } : {}),
          ...(patch.seoTitle !== undefined ? { seo_title: patch.seoTitle } : {}),
          ...(patch.seoDescription !== undefined ? { seo_description: patch.seoDescription } : {}),
          ...(patch.imageAlt !== undefined ? { image_alt: patch.imageAlt } : {}),
          ...(replacing ? imageColumns(stored) : {}),
          updated_by: change.by ?? null,
        };
        const save = { by: change.by ?? null, kind: change.kind ?? "update" };
        updated = await inTransaction(async (blogs, kept) => {
          const n = await blogs.save(id, changes, patch.version);
          if (n > 0) await kept.keep(id, before, { ...before, ...changes }, save, now);
          return n;
        });
      } catch (error) {
        await removeImageFiles(stored?.key ?? null, stored?.variantWidths ?? null);
        if (isUniqueViolation(error)) throw slugTaken(slug);
        throw error;
      }
      if (updated === 0) {
        await removeImageFiles(stored?.key ?? null, stored?.variantWidths ?? null);
        // Saved by someone else between the read and the write, or deleted.
        throw patch.version !== undefined ? await stale(id) : new NotFound(messages.blogNotFound);
      }
      if (replacing) await removeImageFiles(before.image_key, before.image_variant_widths);
      if (patch.tags !== undefined) await repo.setTags(id, patch.tags, now);
      written();
      return findAdmin(id);
    },

    /** A post's revisions, newest first (404 when there is no such post). */
    async revisions(id: string): Promise<BlogRevisionSummary[]> {
      await find(id);
      return (await revisions.list(id)).map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        authorName: authorLabel(row.author_name, row.author_email),
        kind: row.kind as RevisionKind,
        title: row.title,
      }));
    },

    revision: findRevision,

    /**
     * Puts a revision's text back through `update` (slug checks, pages dropped, a new
     * revision of kind "restore"). The cover, the status and the publication time stay as
     * they are now (decision 0034).
     */
    async restoreRevision(id: string, revisionId: string, by: string): Promise<AdminBlog> {
      const revision = await findRevision(id, revisionId);
      return service.update(
        id,
        {
          title: revision.title,
          content: revision.content,
          bg: revision.bg,
          slug: revision.slug,
          excerpt: revision.customExcerpt,
          seoTitle: revision.seoTitle,
          seoDescription: revision.seoDescription,
          imageAlt: revision.imageAlt,
        },
        { by, kind: "restore" },
      );
    },

    async remove(id: string): Promise<void> {
      const before = await find(id);
      if ((await repo.remove(id)) === 0) throw new NotFound(messages.blogNotFound);
      await repo.removeUnusedTags();
      await removeImageFiles(before.image_key, before.image_variant_widths);
      written();
    },

    /**
     * A new private preview link for the post (the old one stops working), made by `adminId`:
     * it stops working too when that person is removed.
     */
    async createPreviewLink(id: string, adminId: string): Promise<string> {
      await find(id);
      const token = randomBytes(24).toString("base64url");
      if ((await repo.update(id, { preview_token: token, preview_by: adminId })) === 0) {
        throw new NotFound(messages.blogNotFound);
      }
      return previewPath(token);
    },

    publishDue,

    /** Checks, re-encodes and stores a picture as a cover (415 when it is none, 503 when busy). */
    storeCover: storeImage,

    /**
     * Writes an imported post: inserted under its id, or updated when it is there (the same
     * file imported again). Pages and feeds are not told here: the import tells them once a
     * batch is written (`announce`). Answers whether it was new and the slug it got.
     */
    async importPost(post: ImportedPost): Promise<{ created: boolean; slug: string }> {
      const before = await repo.find(post.id);
      const slug = await freeSlug(slugify(post.slug || post.title), before?.slug);
      const now = nowIso();
      const coverChange = post.cover === undefined ? {} : imageColumns(post.cover);
      const fields = {
        title: post.title,
        content: JSON.stringify(post.content),
        duration: readingMinutes(post.content),
        slug,
        status: post.status,
        published_at: post.publishedAt,
        excerpt: post.excerpt,
        seo_title: post.seoTitle,
        seo_description: post.seoDescription,
        image_alt: post.imageAlt,
        byline: post.byline,
        author_id: post.authorId,
        updated_at: now,
        updated_by: null,
        ...coverChange,
      };
      const save = { by: null, kind: before ? ("update" as const) : ("create" as const) };
      try {
        await inTransaction(async (blogs, kept) => {
          if (before) {
            await blogs.save(post.id, fields);
            await kept.keep(post.id, before, { ...before, ...fields }, save, now);
          } else {
            const row: Omit<BlogsTable, "search_text"> = {
              id: post.id,
              bg: DEFAULT_BLOG_BG,
              ...imageColumns(null),
              ...fields,
              created_at: post.createdAt,
              preview_token: null,
              preview_by: null,
              version: 1,
            };
            await blogs.insert(row);
            await kept.keep(post.id, undefined, row, save, now);
          }
        });
      } catch (error) {
        if (post.cover) await removeImageFiles(post.cover.key, post.cover.variantWidths);
        throw error;
      }
      if (before && post.cover !== undefined) {
        await removeImageFiles(before.image_key, before.image_variant_widths);
      }
      await repo.setTags(post.id, post.tags, now);
      return { created: !before, slug };
    },

    /** After imported posts were written: pages and feeds drop their copies, the scheduler looks. */
    announce: written,

    /** Stops the scheduler (the app is closing). */
    close(): void {
      closed = true;
      clearTimeout(timer);
    },
  };
  return service;
}
export type BlogService = ReturnType<typeof createBlogService>;
