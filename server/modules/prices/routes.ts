import { z } from "zod";
import { errorResponse, successResponse } from "../../../common/schemas/common.ts";
import { priceKeyField, priceSchema } from "../../../common/schemas/price.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";

export function registerPriceRoutes(app: ApiApp, { services, requireAdmin }: ApiDeps): void {
  app.get(
    "/prices",
    {
      schema: {
        tags: ["prices"],
        summary: "Every price, as key and whole naira",
        response: { 200: z.array(priceSchema) },
      },
    },
    async () => services.prices.list(),
  );

  app.post(
    "/prices",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["prices"],
        summary: "Add a price, or update it when the key exists",
        security: adminSecurity,
        body: priceSchema,
        response: { 200: priceSchema, 201: priceSchema, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const { price, created } = await services.prices.set(request.body);
      return reply.code(created ? 201 : 200).send(price);
    },
  );

  app.delete(
    "/prices/:key",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["prices"],
        summary: "Remove a price (the pages then show “Price on request”)",
        security: adminSecurity,
        params: z.object({ key: priceKeyField }),
        response: {
          200: successResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      await services.prices.remove(request.params.key);
      return { success: true as const };
    },
  );
}
