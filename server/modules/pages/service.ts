import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { isReservedPageSlug } from "../../../app/lib/page-slugs.ts";
import { contentImageSchema, type ContentImage } from "../../../common/schemas/content.ts";
import {
  pageInputSchema,
  type Page,
  type PageLink,
  type PageSummary,
} from "../../../common/schemas/pages.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { checkPictures, releasePictures } from "../../media/content-pictures.ts";
import type { Storage } from "../../media/storage.ts";
import { createPagesRepository, type PageRow } from "./repository.ts";

/** The change feed's topic of the pages: the render cache and the layout's links drop theirs. */
export const PAGES_TOPIC = "pages";

const reserved = (slug: string) =>
  new Invalid(`The address /${slug} is a page of the site already. Choose another address.`);
const taken = (slug: string) =>
  new Conflict(`The address /${slug} is used by another page. Choose another address.`);
const IMAGE_NOT_HERE = "The share image was not uploaded here. Upload it again.";

function imageOf(json: string | null): ContentImage | null {
  if (json === null) return null;
  const parsed = contentImageSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

function toPage(row: PageRow): Page {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    image: imageOf(row.image),
    status: row.status === "published" ? "published" : "draft",
    authorId: row.author_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Pages staff make (decision 0030): checked with the shared schema, never at an address of
 * the site's own routes, announced on the change feed after every write.
 */
export function createPagesService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  /** Whether a service's page is at /{slug} (the services list, decision 0048). */
  serviceAt?: (slug: string) => Promise<boolean>;
}) {
  const repo = createPagesRepository(deps.db);
  const serviceAt = (slug: string) => deps.serviceAt?.(slug) ?? Promise.resolve(false);
  const changed = () => deps.changes.publish(PAGES_TOPIC);

  async function validate(input: unknown) {
    const data = pageInputSchema.parse(input);
    // A service's page (decision 0048) is a page of the site as much as the routes' are.
    if (isReservedPageSlug(data.slug) || (await serviceAt(data.slug))) throw reserved(data.slug);
    await checkPictures(deps.storage, data.image, IMAGE_NOT_HERE);
    return {
      slug: data.slug,
      title: data.title,
      body: data.body,
      seo_title: data.seoTitle,
      seo_description: data.seoDescription,
      image: data.image ? JSON.stringify(data.image) : null,
      status: data.status,
    };
  }

  const release = (before: PageRow) =>
    releasePictures(deps, before.image === null ? null : JSON.parse(before.image));

  return {
    /** Every page, drafts included, for the back office: by title. */
    async list(): Promise<PageSummary[]> {
      return (await repo.list()).map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        status: row.status === "published" ? "published" : "draft",
        updatedAt: row.updated_at,
      }));
    },

    async get(id: string): Promise<Page> {
      const row = await repo.find(id);
      if (!row) throw new NotFound("There is no such page.");
      return toPage(row);
    },

    /** Whether a page (draft or published) has the address /{slug}. */
    async slugTaken(slug: string): Promise<boolean> {
      return (await repo.slugOwner(slug)) !== undefined;
    },

    /** A published page by its address; undefined for a draft or an unknown one. */
    async published(slug: string): Promise<Page | undefined> {
      const row = await repo.findPublished(slug);
      return row && toPage(row);
    },

    /** The addresses of the published pages, for the sitemap and the footer. */
    async links(): Promise<PageLink[]> {
      return (await repo.published()).map((row) => ({
        slug: row.slug,
        updatedAt: row.updated_at,
      }));
    },

    async create(input: unknown, authorId: string | null): Promise<Page> {
      const data = await validate(input);
      const now = new Date().toISOString();
      const row: PageRow = {
        id: randomUUID(),
        ...data,
        author_id: authorId,
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(data.slug);
        throw error;
      }
      changed();
      return toPage(row);
    },

    async update(id: string, input: unknown): Promise<{ before: Page; after: Page }> {
      const data = await validate(input);
      const before = await repo.find(id);
      if (!before) throw new NotFound("There is no such page.");
      const now = new Date().toISOString();
      try {
        if (!(await repo.update(id, { ...data, updated_at: now }))) {
          throw new NotFound("There is no such page.");
        }
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(data.slug);
        throw error;
      }
      changed();
      if (before.image !== data.image) await release(before);
      return { before: toPage(before), after: toPage({ ...before, ...data, updated_at: now }) };
    },

    /**
     * Writes an imported page (issue 51, decision 0044) under the import's id: inserted, or
     * updated when it is there. An address the site's own pages or another page take becomes
     * slug-2, slug-3…; the import tells the site once a batch is written (`announce`).
     */
    async importPage(page: {
      id: string;
      slug: string;
      title: string;
      body: string;
      seoTitle: string;
      seoDescription: string;
      status: "draft" | "published";
      createdAt: string;
    }): Promise<{ created: boolean; slug: string }> {
      const before = await repo.find(page.id);
      let slug = page.slug;
      for (let n = 2; ; n++) {
        const owner =
          isReservedPageSlug(slug) || (await serviceAt(slug)) ? "site" : await repo.slugOwner(slug);
        if (!owner || owner === page.id) break;
        slug = `${page.slug}-${n}`.replace(/^-+/, "");
      }
      const now = new Date().toISOString();
      const fields = {
        slug,
        title: page.title,
        body: page.body,
        seo_title: page.seoTitle,
        seo_description: page.seoDescription,
        status: page.status,
        updated_at: now,
      };
      if (before) await repo.update(page.id, { ...fields, image: before.image });
      else {
        await repo.insert({
          id: page.id,
          ...fields,
          image: null,
          author_id: null,
          created_at: page.createdAt,
        });
      }
      return { created: !before, slug };
    },

    /** After imported pages were written: the render cache and the layout's links drop theirs. */
    announce: changed,

    async remove(id: string): Promise<Page> {
      const before = await repo.find(id);
      if (!before || !(await repo.remove(id))) throw new NotFound("There is no such page.");
      changed();
      await release(before);
      return toPage(before);
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
