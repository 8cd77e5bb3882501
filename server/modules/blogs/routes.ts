import { z } from "zod";
import { blogInputSchema, blogPatchSchema, blogSchema } from "../../../common/schemas/blog.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { messages } from "../../../common/messages.ts";
import { NotFound } from "../../errors.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers } from "../../openapi.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import type { FastifyRequest } from "fastify";

const FORM_DESCRIPTION =
  "multipart/form-data with the text fields `title` (required, at most 200 characters), " +
  "`content` (the points joined by line breaks), `bg` (a hex colour, default #ffffff) and " +
  "an optional file field `image` (PNG, JPEG, WebP, GIF or AVIF, recognised from its bytes, " +
  "at most MAX_IMAGE_SIZE; 413 when larger, 415 when not such an image).";
const PATCH_DESCRIPTION =
  "The same multipart/form-data as POST. A text field that is not sent keeps its value; " +
  "without `image` the current image stays, a new `image` replaces it (its files are " +
  "deleted) and `removeImage=true` drops it.";

/** Any text: an id that is not a blog id is answered 404, like an unknown one. */
const blogIdParam = z.object({ id: z.string().describe("The blog's _id") });

const blogNotFound = errorAnswer("There is no blog post with this id.");
const imageTooLarge = errorAnswer(
  "The image is larger than MAX_IMAGE_SIZE, or the form too large.",
);
const notAnImage = errorAnswer(
  "The body's Content-Type cannot be read, or `image` is not a PNG, JPEG, WebP, GIF or AVIF.",
);

const listQuery = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
});

export function registerBlogRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { blogs } = services;

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
        summary: "Every blog post, newest first; `q` filters by title and content",
        security: [],
        querystring: listQuery,
        response: { 200: z.array(blogSchema), 400: errorAnswers.invalid },
      },
    },
    async (request) => blogs.list({ q: request.query.q }),
  );

  app.get(
    "/blogs/:id",
    {
      schema: {
        tags: ["blogs"],
        operationId: "getBlog",
        summary: "One blog post",
        security: [],
        params: blogIdParam,
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
      schema: {
        tags: ["blogs"],
        operationId: "createBlog",
        summary: "Create a blog post",
        description: FORM_DESCRIPTION,
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          201: blogSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          413: imageTooLarge,
          415: notAnImage,
        },
      },
    },
    async (request, reply) => {
      const { fields, image } = await readBlogForm(request);
      const input = blogInputSchema.parse(fields);
      return reply.code(201).send(await blogs.create(input, image));
    },
  );

  app.patch(
    "/blogs/:id",
    {
      schema: {
        tags: ["blogs"],
        operationId: "updateBlog",
        summary: "Update a blog post (without an image the current one is kept)",
        description: PATCH_DESCRIPTION,
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: blogSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: blogNotFound,
          413: imageTooLarge,
          415: notAnImage,
        },
      },
    },
    async (request) => {
      const { fields, image, removeImage } = await readBlogForm(request);
      const patch = blogPatchSchema.parse(fields);
      return blogs.update(request.params.id, patch, { image, removeImage });
    },
  );

  app.delete(
    "/blogs/:id",
    {
      schema: {
        tags: ["blogs"],
        operationId: "deleteBlog",
        summary: "Delete a blog post and its image files",
        security: adminSecurity,
        params: blogIdParam,
        response: {
          200: successResponse,
          401: errorAnswers.unauthorized,
          404: blogNotFound,
        },
      },
    },
    async (request) => {
      await blogs.remove(request.params.id);
      return { success: true as const };
    },
  );
}
