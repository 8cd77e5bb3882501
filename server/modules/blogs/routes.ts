import { z } from "zod";
import {
  adminBlogListQuerySchema,
  adminBlogSchema,
  BLOG_PAGE_SIZE,
  blogListQuerySchema,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  tagCountSchema,
  tagSchema,
  blogInputSchema,
  MAX_BLOG_PAGE_SIZE,
  type BlogPaging,
  blogPatchSchema,
  blogRevisionSchema,
  blogRevisionSummarySchema,
  blogSchema,
  previewLinkSchema,
  returnToDraftSchema,
  type AdminBlog,
} from "../../../common/schemas/blog.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { messages } from "../../../common/messages.ts";
import { NotFound } from "../../errors.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import type { FastifyRequest } from "fastify";
import { auditWrites } from "../audit/record.ts";
import { sendJsonArray } from "../../lib/streamed.ts";
import { isPaged } from "../../db/lists.ts";
import { checkAuthorMay, checkAuthorStatus } from "./authors.ts";

const FORM_DESCRIPTION =
  "multipart/form-data with the text fields `title` (required, at most 200 characters), " +
  "`content` (the points joined by line breaks), `bg` (a hex colour, default #ffffff) and " +
  "an optional file field `image` (PNG, JPEG, WebP, GIF or AVIF, recognised from its bytes, " +
  "at most MAX_IMAGE_SIZE; 413 when larger, 415 when not such an image). Optional " +
  "publishing fields: `status` (draft, scheduled or published; a new post without it is " +
  "published at once), `publishedAt` (ISO 8601 with its zone; required and in the future " +
  "for `scheduled`), `slug` (lower-case letters, digits and hyphens; empty or absent makes " +
  "it from the title; 409 when another post has it), `excerpt`, `seoTitle`, " +
  "`seoDescription` and `imageAlt` (empty for the defaults). The signed-in admin is the author. " +
  "Optional `tags`: the post's tags by name, one text of comma-separated names or the field " +
  `repeated (each 1 to ${MAX_TAG_LENGTH} characters, at most ${MAX_TAGS}; names of the same ` +
  "slug are one tag, and a name whose slug is a known tag's is that tag; an empty text " +
  "removes them; not sent, the post keeps its tags). " +
  "The back office sends its points in `points` instead of `content`: a JSON array of texts, " +
  "each point kept whole with its own line breaks (`content` is then not read). API clients " +
  "send `content`, whose every line is a point.";
const PATCH_DESCRIPTION =
  "The same multipart/form-data as POST. A text field that is not sent keeps its value; " +
  "without `image` the current image stays, a new `image` replaces it (its files are " +
  "deleted) and `removeImage=true` drops it. `version` (optional, a whole number): the " +
  "`version` the editor read from GET /api/admin/blogs/{id}; when the post has been saved " +
  "since, nothing changes and the answer is 409 naming who saved it and when. Without " +
  "`version` the last save wins. Every update adds 1 to the post's `version`.";

/** Any text: an id that is not a blog id is answered 404, like an unknown one. */
const blogIdParam = z.object({ id: z.string().describe("The blog's _id") });
const publicBlogParam = z.object({
  id: z.string().describe("The blog's _id, or its slug"),
});

/** A revision id is a UUID: anything else is a mistake (400), an unknown one 404. */
const revisionParams = blogIdParam.extend({
  revisionId: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      "A revision id is a UUID, as GET /api/admin/blogs/{id}/revisions lists them.",
    )
    .describe("The revision's id"),
});
const revisionNotFound = errorAnswer(
  "There is no blog post with this id, or it has no revision with this id.",
);

const slugTaken = errorAnswer("Another post already has this slug.");
const slugTakenOrStale = errorAnswer(
  "Another post already has this slug, or the post was saved by someone else since the `version` sent.",
);

/** What the audit log keeps of a post: its workflow and SEO fields, not its body. */
const auditView = (blog: AdminBlog) => ({
  title: blog.title,
  slug: blog.slug,
  status: blog.status,
  publishedAt: blog.publishedAt,
  excerpt: blog.customExcerpt,
  seoTitle: blog.seoTitle,
  seoDescription: blog.seoDescription,
  imageAlt: blog.imageAlt,
  bg: blog.bg,
  image: blog.image,
  points: blog.content.length,
});

/** The act a write is recorded as: a change of status is named for where it goes. */
function updateAction(before: AdminBlog, after: AdminBlog): string {
  if (before.status === after.status && before.publishedAt === after.publishedAt) return "update";
  if (after.status === "published" && before.status !== "published") return "publish";
  if (after.status === "scheduled") return "schedule";
  if (after.status === "draft" && before.status === "review") return "withdraw";
  if (after.status === "draft" && before.status !== "draft") return "unpublish";
  return "update";
}

const blogNotFound = errorAnswer("There is no blog post with this id.");
/** An author's refusal on a route open to authors (decision 0051). */
const notTheAuthors = errorAnswer(
  "The signed-in admin is an author and the post is someone else's, or published or scheduled, or the save asks to publish or schedule it.",
);
/** What an author may call: their own posts (the checks of ./authors.ts narrow it). */
const authors = { authors: true };
const imageTooLarge = errorAnswer(
  "The image is larger than MAX_IMAGE_SIZE, or the form too large.",
);
const notAnImage = errorAnswer(
  "The body's Content-Type cannot be read, or `image` is not a PNG, JPEG, WebP, GIF or AVIF " +
    "of at most 12,000 pixels a side and 40 megapixels.",
);

const PAGING_DESCRIPTION =
  `With \`page\` (from 1) and/or \`pageSize\` (1 to ${MAX_BLOG_PAGE_SIZE}, default ` +
  `${BLOG_PAGE_SIZE}), one page of the list, and the \`X-Total-Count\` header gives how many ` +
  "items the whole list has (a page past the end is an empty array). Without them, every " +
  "item, streamed from the database as it is read.";

/** The page a paged blog list asks for: the first, of BLOG_PAGE_SIZE posts, unless said. */
const pagingOf = (query: BlogPaging) => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? BLOG_PAGE_SIZE,
});

export function registerBlogRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { blogs } = services;
  const audit = auditWrites(services.audit);

  /** The blog form: its text fields and the image bytes, if one was chosen. */
  async function readBlogForm(request: FastifyRequest) {
    const { fields, file } = await readForm(request, {
      fileField: "image",
      maxFileBytes: config.maxImageBytes,
      tooLargeMessage: `The image is too large: at most ${megabytes(config.maxImageBytes)}.`,
      // Room for the longest content the schema allows (100,000 characters, up to 3 bytes
      // each in UTF-8): the schema, not the byte limit, decides what is too long.
      maxFieldBytes: 320 * 1024,
      consume: (part) => part.toBuffer(),
    });
    const removeImage = fields.removeImage === "true";
    return { fields, image: file && file.length > 0 ? file : undefined, removeImage };
  }

  app.get(
    "/blogs",
    {
      schema: {
        tags: ["blogs"],
        operationId: "listBlogs",
        summary:
          "The public blog posts (published, or scheduled and due), newest publication first; `q` searches their title and content. Drafts and scheduled posts are never listed here, whatever the Authorization header: the back office lists every post with GET /api/admin/blogs",
        description:
          "`q` finds the posts holding every word of it, each as a word or the start of one " +
          "(case folded, accents significant); its punctuation only separates words. `tag` " +
          "(a tag's slug) lists that tag's posts. " +
          PAGING_DESCRIPTION,
        security: [],
        querystring: blogListQuerySchema,
        response: { 200: z.array(blogSchema), 400: errorAnswers.invalid },
      },
    },
    async (request, reply) => {
      const { q, tag } = request.query;
      if (isPaged(request.query)) {
        const { items, total } = await blogs.page({ q, tag, ...pagingOf(request.query) });
        return reply.header("x-total-count", String(total)).send(items);
      }
      return sendJsonArray(reply, blogs.stream({ q, tag }), blogSchema);
    },
  );

  app.get(
    "/blogs/:id",
    {
      schema: {
        tags: ["blogs"],
        operationId: "getBlog",
        summary:
          "One public blog post, by its _id or its slug (a draft or a scheduled post not yet due is 404)",
        security: [],
        params: publicBlogParam,
        response: { 200: blogSchema, 404: blogNotFound },
      },
    },
    async (request) => {
      const blog = await blogs.get(request.params.id);
      if (!blog) throw new NotFound(messages.blogNotFound);
      return blog;
    },
  );

  app.post(
    "/blogs",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "createBlog",
        summary: "Create a blog post (an author's is a draft: they cannot publish nor schedule it)",
        description: FORM_DESCRIPTION,
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          201: blogSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          409: slugTaken,
          413: imageTooLarge,
          415: notAnImage,
          503: errorAnswers.imagesBusy,
        },
      },
    },
    async (request, reply) => {
      const { fields, image } = await readBlogForm(request);
      const parsed = blogInputSchema.parse(fields);
      const admin = request.admin!;
      checkAuthorStatus(admin, parsed.status);
      // Without a status a new post is published at once; an author's is a draft.
      const input = admin.role === "author" ? { ...parsed, status: "draft" as const } : parsed;
      const blog = await blogs.create(input, image, admin.id);
      await audit(request, {
        action: "create",
        type: "blog",
        id: blog._id,
        after: auditView(blog),
      });
      return reply.code(201).send(blog);
    },
  );

  app.patch(
    "/blogs/:id",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "updateBlog",
        summary:
          "Update a blog post (without an image the current one is kept); an author only their own draft or post in review, and never to publish or schedule it",
        description: PATCH_DESCRIPTION,
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: blogSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: blogNotFound,
          409: slugTakenOrStale,
          413: imageTooLarge,
          415: notAnImage,
          503: errorAnswers.imagesBusy,
        },
      },
    },
    async (request) => {
      const { fields, image, removeImage } = await readBlogForm(request);
      const patch = blogPatchSchema.parse(fields);
      const before = await blogs.adminGet(request.params.id);
      checkAuthorMay(request.admin!, before, "write");
      checkAuthorStatus(request.admin!, patch.status);
      const after = await blogs.update(request.params.id, patch, {
        image,
        removeImage,
        by: request.admin!.id,
      });
      await audit(request, {
        action: updateAction(before, after),
        type: "blog",
        id: after._id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    },
  );

  app.delete(
    "/blogs/:id",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "deleteBlog",
        summary:
          "Delete a blog post and its image files (an author only their own draft or post in review)",
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: successResponse,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: blogNotFound,
        },
      },
    },
    async (request) => {
      const before = await blogs.adminGet(request.params.id);
      checkAuthorMay(request.admin!, before, "write");
      await blogs.remove(request.params.id);
      await audit(request, {
        action: "delete",
        type: "blog",
        id: before._id,
        before: auditView(before),
      });
      return { success: true as const };
    },
  );

  app.get(
    "/admin/blogs",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "listAllBlogs",
        summary:
          "Every blog post whatever its status (draft, review, scheduled, published), newest first, with its workflow and SEO fields and its author: the back office's list (an author's own posts only)",
        description:
          "`q` searches the title and content as GET /api/blogs does, `status` keeps the " +
          "posts of that status and `tag` (a tag's slug) those with that tag; with any of " +
          "them the list is paged. " +
          PAGING_DESCRIPTION,
        security: adminSecurity,
        querystring: adminBlogListQuerySchema,
        response: {
          200: z.array(adminBlogSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { q, status, tag } = request.query;
      const admin = request.admin!;
      const authorId = admin.role === "author" ? admin.id : undefined;
      if (isPaged(request.query) || q !== undefined || status || tag) {
        const { items, total } = await blogs.adminPage({
          q,
          status,
          tag,
          authorId,
          ...pagingOf(request.query),
        });
        return reply.header("x-total-count", String(total)).send(items);
      }
      return sendJsonArray(reply, blogs.adminStream({ authorId }), adminBlogSchema);
    },
  );

  app.get(
    "/tags",
    {
      schema: {
        tags: ["blogs"],
        operationId: "listTags",
        summary:
          "The tags that have at least one public post, by name, each with how many public posts it has",
        security: [],
        response: { 200: z.array(tagCountSchema), 415: errorAnswers.undecodable },
      },
    },
    async () => blogs.tags(),
  );

  app.get(
    "/admin/tags",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "listAllTags",
        summary: "Every tag, whatever its posts' status, by name: the editor's suggestions",
        security: adminSecurity,
        response: { 200: z.array(tagSchema), 401: errorAnswers.unauthorized },
      },
    },
    async () => blogs.allTags(),
  );

  app.get(
    "/admin/blogs/:id",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "getAnyBlog",
        summary: "One blog post whatever its status, for the edit page (an author only their own)",
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: adminBlogSchema,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: blogNotFound,
        },
      },
    },
    async (request) => {
      const post = await blogs.adminGet(request.params.id);
      checkAuthorMay(request.admin!, post, "read");
      return post;
    },
  );

  app.post(
    "/admin/blogs/:id/preview-link",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "createBlogPreviewLink",
        summary:
          "Makes a new private preview link (/blog/preview/{token}) for a post; the previous link stops working. The link shows a draft or scheduled post to anyone who has it (noindex); once the post is public it leads to the post's address",
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: previewLinkSchema,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: blogNotFound,
        },
      },
    },
    async (request) => {
      checkAuthorMay(request.admin!, await blogs.adminGet(request.params.id), "write");
      const previewPath = await blogs.createPreviewLink(request.params.id, request.admin!.id);
      await audit(request, {
        action: "preview-link",
        type: "blog",
        id: request.params.id,
      });
      return { previewPath };
    },
  );

  app.get(
    "/admin/blogs/:id/revisions",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "listBlogRevisions",
        summary:
          "A post's revisions, newest first: each save keeps one (saves by one person within 5 minutes share one), the newest 30 are kept",
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: z.array(blogRevisionSummarySchema),
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: blogNotFound,
        },
      },
    },
    async (request) => {
      checkAuthorMay(request.admin!, await blogs.adminGet(request.params.id), "read");
      return blogs.revisions(request.params.id);
    },
  );

  app.get(
    "/admin/blogs/:id/revisions/:revisionId",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "getBlogRevision",
        summary: "One revision of a post: its editable fields as they were saved",
        security: adminSecurity,
        params: revisionParams,
        response: {
          200: blogRevisionSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: revisionNotFound,
        },
      },
    },
    async (request) => {
      checkAuthorMay(request.admin!, await blogs.adminGet(request.params.id), "read");
      return blogs.revision(request.params.id, request.params.revisionId);
    },
  );

  app.post(
    "/admin/blogs/:id/revisions/:revisionId/restore",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "restoreBlogRevision",
        summary:
          "Puts a revision's text back (title, points, background, slug, excerpt, SEO fields, alt text) as a save does, which keeps a new revision; the cover, the status and the publication time stay as they are. Answers the post",
        security: adminSecurity,
        params: revisionParams,
        response: {
          200: adminBlogSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: revisionNotFound,
          409: slugTaken,
        },
      },
    },
    async (request) => {
      const { id, revisionId } = request.params;
      const before = await blogs.adminGet(id);
      checkAuthorMay(request.admin!, before, "write");
      const after = await blogs.restoreRevision(id, revisionId, request.admin!.id);
      await audit(request, {
        action: "restore-revision",
        type: "blog",
        id: after._id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    },
  );

  app.post(
    "/admin/blogs/:id/submit",
    {
      config: authors,
      schema: {
        tags: ["blogs"],
        operationId: "submitBlogForReview",
        summary:
          "Sends a draft for review (status `review`, who and when): every editor and owner is mailed, and one of them publishes it or sends it back to draft. An author only their own",
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: adminBlogSchema,
          401: errorAnswers.unauthorized,
          403: notTheAuthors,
          404: blogNotFound,
          409: errorAnswer("The post is not a draft."),
        },
      },
    },
    async (request) => {
      const admin = request.admin!;
      checkAuthorMay(admin, await blogs.adminGet(request.params.id), "write");
      const after = await blogs.submit(request.params.id, admin.id);
      await services.reviewMails.queue({
        id: after._id,
        submittedAt: after.submittedAt!,
        by: admin.id,
      });
      await audit(request, {
        action: "submit",
        type: "blog",
        id: after._id,
        after: auditView(after),
      });
      return after;
    },
  );

  app.post(
    "/admin/blogs/:id/return",
    {
      schema: {
        tags: ["blogs"],
        operationId: "returnBlogToDraft",
        summary:
          "Sends a post waiting for review back to draft, with an optional note (`note`, at most 1,000 characters) its author sees in the editor (editors and owners)",
        security: adminSecurity,
        params: blogIdParam,
        body: returnToDraftSchema,
        response: {
          200: adminBlogSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: blogNotFound,
          409: errorAnswer("The post is not waiting for review."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const before = await blogs.adminGet(request.params.id);
      const after = await blogs.returnToDraft(request.params.id, request.body.note);
      await audit(request, {
        action: "return",
        type: "blog",
        id: after._id,
        before: auditView(before),
        after: { ...auditView(after), note: after.reviewNote },
      });
      return after;
    },
  );
}
