import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import {
  contentImageSchema,
  listContentTypes,
  listTypeParam,
  reorderSchema,
  type ListContentTypeName,
  singleTypeParam,
} from "../../../common/schemas/content.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { auditView, auditWrites, orderView } from "../audit/record.ts";

// The site's editable content (common/schemas/content.ts). Reads are public: the pages show
// all of it. Writes need the admin token; each body is checked with its type's schema.

const anyItem = z.looseObject({}).describe("An item of the type, with its `_id`");
const itemBody = z
  .record(z.string(), z.unknown(), { error: "The body must be a JSON object." })
  .describe("The item's fields, as its type's schema says (see /api/content for examples)");
const listParams = z.object({ type: listTypeParam });
const itemParams = z.object({ type: listTypeParam, id: z.string().trim().min(1).max(64) });
const singleParams = z.object({ type: singleTypeParam });
const notFound = errorAnswer("There is no such content type or item.");

export function registerContentRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { content } = services;
  const audit = auditWrites(services.audit);
  /** The item as it is before a write (undefined when missing or no longer valid). */
  const current = (type: ListContentTypeName, id: string) =>
    content.get(type, id).catch(() => undefined);
  const titles = (type: ListContentTypeName, items: unknown[]) =>
    orderView(
      items.map((item) => (listContentTypes[type].titleOf as (item: unknown) => string)(item)),
    );

  app.get(
    "/content",
    {
      schema: {
        tags: ["content"],
        operationId: "getSiteContent",
        summary: "Everything the pages show: every list type's items and the two settings",
        security: [],
        response: { 200: z.record(z.string(), z.unknown()), 415: errorAnswers.undecodable },
      },
    },
    async () => content.all(),
  );

  app.get(
    "/content/:type",
    {
      schema: {
        tags: ["content"],
        operationId: "listContent",
        summary: "The items of a list type in their order on the site",
        security: [],
        params: listParams,
        response: { 200: z.array(anyItem), 400: errorAnswers.invalid },
      },
    },
    async (request) => content.list(request.params.type),
  );

  app.post(
    "/content/:type",
    {
      schema: {
        tags: ["content"],
        operationId: "createContent",
        summary: "Add an item at the end of a list",
        security: adminSecurity,
        params: listParams,
        body: itemBody,
        response: {
          201: anyItem,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const item = await content.create(type, request.body);
      await audit(request, {
        action: "create",
        type: `content:${type}`,
        id: item._id,
        after: auditView(item),
      });
      return reply.code(201).send(item);
    },
  );

  app.put(
    "/content/:type/order",
    {
      schema: {
        tags: ["content"],
        operationId: "reorderContent",
        summary: "Put a list in a new order: `ids` names every item once",
        security: adminSecurity,
        params: listParams,
        body: reorderSchema,
        response: {
          200: z.array(anyItem),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { type } = request.params;
      const before = await content.list(type);
      const items = await content.reorder(type, request.body.ids);
      await audit(request, {
        action: "reorder",
        type: `content:${type}`,
        id: type,
        before: titles(type, before),
        after: titles(type, items),
      });
      return items;
    },
  );

  app.get(
    "/content/:type/:id",
    {
      schema: {
        tags: ["content"],
        operationId: "getContent",
        summary: "One item",
        security: [],
        params: itemParams,
        response: { 200: anyItem, 400: errorAnswers.invalid, 404: notFound },
      },
    },
    async (request) => content.get(request.params.type, request.params.id),
  );

  app.put(
    "/content/:type/:id",
    {
      schema: {
        tags: ["content"],
        operationId: "updateContent",
        summary: "Replace an item",
        security: adminSecurity,
        params: itemParams,
        body: itemBody,
        response: {
          200: anyItem,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: notFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { type, id } = request.params;
      const before = await current(type, id);
      const item = await content.update(type, id, request.body);
      await audit(request, {
        action: "update",
        type: `content:${type}`,
        id,
        before: auditView(before),
        after: auditView(item),
      });
      return item;
    },
  );

  app.delete(
    "/content/:type/:id",
    {
      schema: {
        tags: ["content"],
        operationId: "deleteContent",
        summary: "Remove an item (its uploaded pictures go with it)",
        security: adminSecurity,
        params: itemParams,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: notFound,
        },
      },
    },
    async (request) => {
      const { type, id } = request.params;
      const before = await current(type, id);
      await content.remove(type, id);
      await audit(request, {
        action: "delete",
        type: `content:${type}`,
        id,
        before: auditView(before),
      });
      return { success: true as const };
    },
  );

  app.get(
    "/settings/:type",
    {
      schema: {
        tags: ["content"],
        operationId: "getSetting",
        summary: "The contact details and social links, or the policy's date",
        security: [],
        params: singleParams,
        response: { 200: anyItem, 400: errorAnswers.invalid },
      },
    },
    async (request) => content.getSingle(request.params.type),
  );

  app.put(
    "/settings/:type",
    {
      schema: {
        tags: ["content"],
        operationId: "setSetting",
        summary: "Replace the contact details or the policy's date",
        security: adminSecurity,
        params: singleParams,
        body: itemBody,
        response: {
          200: anyItem,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { type } = request.params;
      const before = await content.getSingle(type).catch(() => undefined);
      const settings = await content.setSingle(type, request.body);
      await audit(request, {
        action: "update",
        type: `settings:${type}`,
        id: type,
        before: auditView(before),
        after: auditView(settings),
      });
      return settings;
    },
  );

  app.post(
    "/content-images",
    {
      schema: {
        tags: ["content"],
        operationId: "uploadContentImage",
        summary: "Upload a picture for a content item; answers its address and variants",
        description:
          "multipart/form-data with the file field `image` (PNG, JPEG, WebP, GIF or AVIF, " +
          "recognised from its bytes, at most MAX_IMAGE_SIZE). The item that shows it is " +
          "saved afterwards with the alt text.",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          201: contentImageSchema.omit({ alt: true }).extend({
            width: z.number(),
            height: z.number(),
          }),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          413: errorAnswer("The image is larger than MAX_IMAGE_SIZE."),
          415: errorAnswer(
            "The body is not multipart, or `image` is not a picture (at most 12,000 pixels a " +
              "side and 40 megapixels).",
          ),
          503: errorAnswers.imagesBusy,
        },
      },
    },
    async (request, reply) => {
      const { file } = await readForm(request, {
        fileField: "image",
        maxFileBytes: config.maxImageBytes,
        tooLargeMessage: `The image is too large: at most ${megabytes(config.maxImageBytes)}.`,
        consume: (part) => part.toBuffer(),
      });
      if (!file || file.length === 0) throw new Invalid("Choose an image.");
      const image = await content.storeImage(file);
      await audit(request, {
        action: "upload",
        type: "image",
        id: image.src,
        after: { src: image.src, width: image.width, height: image.height },
      });
      return reply.code(201).send(image);
    },
  );
}
