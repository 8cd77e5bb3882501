import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import { priceKeyField, priceSchema } from "../../../common/schemas/price.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";

export function registerPriceRoutes(app: ApiApp, { services }: ApiDeps): void {
  const audit = auditWrites(services.audit);
  app.get(
    "/prices",
    {
      schema: {
        tags: ["prices"],
        operationId: "listPrices",
        summary: "Every price, as key and whole naira",
        security: [],
        response: { 200: z.array(priceSchema), 415: errorAnswers.undecodable },
      },
    },
    async () => services.prices.list(),
  );

  app.post(
    "/prices",
    {
      schema: {
        tags: ["prices"],
        operationId: "setPrice",
        summary: "Add a price, or update it when the key exists",
        security: adminSecurity,
        body: priceSchema,
        response: {
          200: priceSchema,
          201: priceSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const { price, created, previous } = await services.prices.set(request.body);
      await audit(request, {
        action: created ? "create" : "update",
        type: "price",
        id: price.key,
        before: created ? undefined : { amount: previous },
        after: { amount: price.amount },
      });
      return reply.code(created ? 201 : 200).send(price);
    },
  );

  app.delete(
    "/prices/:key",
    {
      schema: {
        tags: ["prices"],
        operationId: "deletePrice",
        summary: "Remove a price (the pages then show “Price on request”)",
        security: adminSecurity,
        params: z.object({ key: priceKeyField }),
        response: {
          200: successResponse,
          400: invalidAnswer("The key is not a price key (lower-case letters, digits, hyphens)."),
          401: errorAnswers.unauthorized,
          404: errorAnswer("There is no price with this key."),
        },
      },
    },
    async (request) => {
      const amount = await services.prices.remove(request.params.key);
      await audit(request, {
        action: "delete",
        type: "price",
        id: request.params.key,
        before: { amount },
      });
      return { success: true as const };
    },
  );
}
