import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  listContentTypes,
  singleContentTypes,
  type ContentImage,
  type ListContentTypeName,
  type ListItemOf,
  type SingleContentTypeName,
  type SingleOf,
  type SiteContent,
} from "../../../common/schemas/content.ts";
import { defaultSingles } from "../../../common/content/defaults.ts";
import type { Database } from "../../db/schema.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { Invalid, NotFound } from "../../errors.ts";
import {
  checkPictures,
  mediaUrl,
  PICTURE_FOLDER,
  releasePictures,
} from "../../media/content-pictures.ts";
import { processImage } from "../../media/images.ts";
import type { Storage } from "../../media/storage.ts";
import { createContentRepository, type ContentRow } from "./repository.ts";
import {
  checkServiceAddress,
  moveServiceAddress,
  type ServiceAddressDeps,
} from "./service-addresses.ts";

/**
 * The site's editable content: every write is checked with its type's schema and announced
 * on the change feed with its type (what caches the pages drops them).
 */
export function createContentService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  /** The services' addresses against the pages staff make and the redirects (decision 0048). */
  addresses?: ServiceAddressDeps;
}) {
  const { storage, log } = deps;
  const repo = createContentRepository(deps.db);
  const changed = (type: string) => deps.changes.publish(type);

  async function readAll(): Promise<SiteContent> {
    const rows = await repo.all();
    const content: Record<string, unknown> = {};
    for (const type of Object.keys(listContentTypes) as ListContentTypeName[]) {
      content[type] = rows
        .filter((row) => row.type === type)
        .map((row) => parseListRow(type, row))
        .filter((item) => item !== undefined);
    }
    for (const type of Object.keys(singleContentTypes) as SingleContentTypeName[]) {
      content[type] = parseSingle(
        type,
        rows.find((row) => row.type === type),
      );
    }
    return content as SiteContent;
  }

  /** A stored row as the API answers it; a row that no longer fits its schema is skipped. */
  function parseListRow<T extends ListContentTypeName>(
    type: T,
    row: ContentRow,
  ): ListItemOf<T> | undefined {
    const parsed = listContentTypes[type].schema.safeParse(JSON.parse(row.data));
    if (!parsed.success) {
      log.warn({ type, id: row.id }, "a stored content item does not fit its schema");
      return undefined;
    }
    return { _id: row.id, ...(parsed.data as object) } as ListItemOf<T>;
  }

  function parseSingle<T extends SingleContentTypeName>(
    type: T,
    row: ContentRow | undefined,
  ): SingleOf<T> {
    // No row yet: the defaults (decision 0028). A row is read over them, so a field added
    // after it was stored starts with its default.
    if (!row) return defaultSingles[type];
    const parsed = singleContentTypes[type].schema.safeParse({
      ...defaultSingles[type],
      ...(JSON.parse(row.data) as object),
    });
    if (parsed.success) return parsed.data as SingleOf<T>;
    throw new Error(`The ${type} settings are damaged.`);
  }

  const IMAGE_NOT_HERE = "An image of this item was not uploaded here. Upload it again.";
  const checkMedia = (value: unknown) => checkPictures(storage, value, IMAGE_NOT_HERE);
  const releaseMedia = (before: unknown) => releasePictures({ db: deps.db, storage, log }, before);

  function validate<T extends ListContentTypeName>(type: T, input: unknown) {
    return listContentTypes[type].schema.parse(input) as unknown as Omit<ListItemOf<T>, "_id">;
  }

  /** The stored services (id and slug). */
  async function serviceSlugs(): Promise<{ id: string; slug: string }[]> {
    return (await repo.list("services"))
      .map((row) => parseListRow("services", row))
      .filter((item) => item !== undefined)
      .map((item) => ({ id: item._id, slug: item.slug }));
  }

  /**
   * The rules of one list that its schema cannot know: a service's address (free, and not a
   * route of the site), a block's page (a service). Answers the slug the item had before.
   */
  async function checkItem(type: ListContentTypeName, data: object, id?: string) {
    if (type === "services") {
      const slugs = await serviceSlugs();
      const current = slugs.find((entry) => entry.id === id)?.slug;
      const { slug } = data as { slug: string };
      const others = slugs.filter((entry) => entry.id !== id).map((entry) => entry.slug);
      await checkServiceAddress(deps.addresses, slug, others, current);
      return current;
    }
    if (type === "service-blocks") {
      const { page } = data as { page: string };
      if (!(await serviceSlugs()).some((entry) => entry.slug === page)) {
        throw new Invalid("Choose the page the block is shown on: there is no such service.");
      }
    }
    return undefined;
  }

  /** The blocks of the service at /{from} now belong to /{to} (`to` undefined: removed). */
  async function moveBlocks(from: string, to: string | undefined) {
    const now = new Date().toISOString();
    let moved = false;
    for (const row of await repo.list("service-blocks")) {
      const block = JSON.parse(row.data) as { page?: unknown };
      if (block.page !== from) continue;
      moved = true;
      if (to === undefined) {
        await repo.remove("service-blocks", row.id);
        await releaseMedia(block);
      } else
        await repo.replace("service-blocks", row.id, JSON.stringify({ ...block, page: to }), now);
    }
    if (moved) changed("service-blocks");
  }

  const service = {
    /**
     * Everything the pages show. Kept in memory until the next write announced on the change
     * feed (about 1 ms of query and parsing saved on every page).
     */
    all: cachedRead(deps.changes, readAll),

    async list<T extends ListContentTypeName>(type: T): Promise<ListItemOf<T>[]> {
      return (await repo.list(type))
        .map((row) => parseListRow(type, row))
        .filter((item) => item !== undefined);
    },

    async get<T extends ListContentTypeName>(type: T, id: string): Promise<ListItemOf<T>> {
      const row = await repo.find(type, id);
      const item = row && parseListRow(type, row);
      if (!item) throw new NotFound("There is no such item.");
      return item;
    },

    async create<T extends ListContentTypeName>(type: T, input: unknown): Promise<ListItemOf<T>> {
      const data = validate(type, input);
      await checkItem(type, data);
      await checkMedia(data);
      const id = randomUUID();
      await repo.append(type, id, JSON.stringify(data), new Date().toISOString());
      changed(type);
      return { _id: id, ...data } as ListItemOf<T>;
    },

    async update<T extends ListContentTypeName>(
      type: T,
      id: string,
      input: unknown,
    ): Promise<ListItemOf<T>> {
      const data = validate(type, input);
      const before = await repo.find(type, id);
      if (!before) throw new NotFound("There is no such item.");
      const slugBefore = await checkItem(type, data, id);
      await checkMedia(data);
      if (!(await repo.replace(type, id, JSON.stringify(data), new Date().toISOString()))) {
        throw new NotFound("There is no such item.");
      }
      const slug = (data as { slug?: string }).slug;
      if (type === "services" && slugBefore !== undefined && slug && slug !== slugBefore) {
        await moveBlocks(slugBefore, slug);
        await moveServiceAddress(deps.addresses, slugBefore, slug);
      }
      changed(type);
      await releaseMedia(JSON.parse(before.data));
      return { _id: id, ...data } as ListItemOf<T>;
    },

    async remove(type: ListContentTypeName, id: string): Promise<void> {
      const before = await repo.find(type, id);
      if (!before || !(await repo.remove(type, id))) throw new NotFound("There is no such item.");
      // A removed service takes its blocks with it; its address answers 404 from now on.
      if (type === "services") {
        const { slug } = JSON.parse(before.data) as { slug?: unknown };
        if (typeof slug === "string") await moveBlocks(slug, undefined);
      }
      changed(type);
      await releaseMedia(JSON.parse(before.data));
    },

    /** Puts the list in the order of `ids`, which must name every item of the type once. */
    async reorder<T extends ListContentTypeName>(type: T, ids: string[]): Promise<ListItemOf<T>[]> {
      const current = await repo.list(type);
      const known = new Set(current.map((row) => row.id));
      if (
        ids.length !== known.size ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !known.has(id))
      ) {
        throw new Invalid(
          "The order must list every item of this list once. Reload and try again.",
        );
      }
      await repo.reorder(type, ids, new Date().toISOString());
      changed(type);
      return service.list(type);
    },

    async getSingle<T extends SingleContentTypeName>(type: T): Promise<SingleOf<T>> {
      return parseSingle(type, await repo.find(type, type));
    },

    async setSingle<T extends SingleContentTypeName>(
      type: T,
      input: unknown,
    ): Promise<SingleOf<T>> {
      const data = singleContentTypes[type].schema.parse(input) as SingleOf<T>;
      await checkMedia(data);
      const before = await repo.find(type, type);
      await repo.put(type, JSON.stringify(data), new Date().toISOString());
      changed(type);
      if (before) await releaseMedia(JSON.parse(before.data));
      return data;
    },

    /**
     * Checks and stores an uploaded picture with its WebP variants (415 when it is not an
     * image). The item that uses it is saved afterwards, with the alt text staff write.
     */
    async storeImage(
      data: Buffer,
    ): Promise<Omit<ContentImage, "alt"> & { width: number; height: number }> {
      const processed = await processImage(data);
      const base = `${PICTURE_FOLDER}/${randomUUID()}`;
      const key = `${base}.${processed.ext}`;
      await storage.put(key, processed.original);
      await Promise.all(
        processed.variants.map((variant) =>
          storage.put(`${base}-${variant.width}.webp`, variant.data),
        ),
      );
      return {
        src: mediaUrl(key),
        width: processed.width,
        height: processed.height,
        variants: processed.variants.map((variant) => ({
          width: variant.width,
          url: mediaUrl(`${base}-${variant.width}.webp`),
        })),
      };
    },
  };
  return service;
}
export type ContentService = ReturnType<typeof createContentService>;
