import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { messages } from "../../../common/messages.ts";
import {
  cleanText,
  readingMinutes,
  type Blog,
  type ParsedBlogInput,
  type ParsedBlogPatch,
} from "../../../common/schemas/blog.ts";
import { slugify, uniqueSlug } from "../../../common/slug.ts";
import type { Database, BlogsTable } from "../../db/schema.ts";
import { NotFound } from "../../errors.ts";
import { processImage } from "../../media/images.ts";
import type { Storage } from "../../media/storage.ts";
import { createBlogRepository } from "./repository.ts";

interface StoredImage {
  key: string;
  width: number;
  height: number;
  variantWidths: number[];
}

/** Blog ids are server-made UUIDs; anything else cannot name a post. */
const BLOG_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const variantKey = (key: string, width: number) => key.replace(/\.[a-z0-9]+$/, `-${width}.webp`);

/** What a new or changed image does to a post: keep the old one, replace it or drop it. */
export interface ImageChange {
  image?: Buffer;
  removeImage?: boolean;
}

export function createBlogService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  log: FastifyBaseLogger;
}) {
  const { storage, log } = deps;
  const repo = createBlogRepository(deps.db);

  function toBlog(row: BlogsTable): Blog {
    const widths = row.image_variant_widths
      ? (JSON.parse(row.image_variant_widths) as number[])
      : [];
    return {
      _id: row.id,
      title: row.title,
      content: JSON.parse(row.content) as string[],
      bg: row.bg,
      image: row.image_key ? storage.url(row.image_key) : null,
      imageWidth: row.image_width === null ? null : Number(row.image_width),
      imageHeight: row.image_height === null ? null : Number(row.image_height),
      imageVariants: row.image_key
        ? widths.map((width) => ({ width, url: storage.url(variantKey(row.image_key!, width)) }))
        : [],
      duration: Number(row.duration),
      date: row.created_at,
      updatedAt: row.updated_at,
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

  /** The slug, or the first of slug-2, slug-3… that no post has. */
  async function freeSlug(slug: string): Promise<string> {
    const taken = new Set(await repo.slugsLike(slug));
    return uniqueSlug(slug, (candidate) => taken.has(candidate));
  }

  async function find(id: string): Promise<BlogsTable> {
    const row = await findRow(id);
    if (!row) throw new NotFound(messages.blogNotFound);
    return row;
  }

  return {
    async list(filter: { q?: string } = {}): Promise<Blog[]> {
      // Stored text has no control characters, so a search for one would match nothing
      // (and PostgreSQL refuses a NUL in a query); it is composed (NFC), so is the search.
      const q = cleanText(filter.q ?? "").trim();
      const blogs = (await repo.list(q || undefined)).map(toBlog);
      if (!q) return blogs;
      // The database has narrowed the rows down; the same comparison on every database
      // decides, with the case of every letter folded, not only of ASCII ones.
      const needle = q.toLowerCase();
      return blogs.filter(
        (blog) =>
          blog.title.toLowerCase().includes(needle) ||
          blog.content.some((point) => point.toLowerCase().includes(needle)),
      );
    },

    async get(id: string): Promise<Blog | undefined> {
      const row = await findRow(id);
      return row ? toBlog(row) : undefined;
    },

    async create(input: ParsedBlogInput, image?: Buffer): Promise<Blog> {
      const stored = image ? await storeImage(image) : null;
      const now = new Date().toISOString();
      const row: BlogsTable = {
        id: randomUUID(),
        title: input.title,
        content: JSON.stringify(input.content),
        bg: input.bg,
        ...imageColumns(stored),
        duration: readingMinutes(input.content),
        created_at: now,
        updated_at: now,
        slug: await freeSlug(slugify(input.title)),
        status: "published",
        published_at: now,
        excerpt: "",
        seo_title: "",
        seo_description: "",
        image_alt: "",
        author_id: null,
        preview_token: null,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        await removeImageFiles(stored?.key ?? null, stored?.variantWidths ?? null);
        throw error;
      }
      return toBlog(row);
    },

    /**
     * Changes the fields that were sent (the others keep their values); a new image
     * replaces the old one and deletes its files, `removeImage` drops it.
     */
    async update(id: string, patch: ParsedBlogPatch, change: ImageChange = {}): Promise<Blog> {
      const before = await find(id);
      const stored = change.image ? await storeImage(change.image) : null;
      const replacing = stored !== null || change.removeImage === true;
      const content = patch.content ?? (JSON.parse(before.content) as string[]);
      const updated = await repo.update(id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.bg !== undefined ? { bg: patch.bg } : {}),
        content: JSON.stringify(content),
        duration: readingMinutes(content),
        updated_at: new Date().toISOString(),
        ...(replacing ? imageColumns(stored) : {}),
      });
      if (updated === 0) {
        await removeImageFiles(stored?.key ?? null, stored?.variantWidths ?? null);
        throw new NotFound(messages.blogNotFound);
      }
      if (replacing) await removeImageFiles(before.image_key, before.image_variant_widths);
      return toBlog(await find(id));
    },

    async remove(id: string): Promise<void> {
      const before = await find(id);
      if ((await repo.remove(id)) === 0) throw new NotFound(messages.blogNotFound);
      await removeImageFiles(before.image_key, before.image_variant_widths);
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
