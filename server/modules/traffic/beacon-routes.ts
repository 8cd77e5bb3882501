import { z } from "zod";
import { pageViewBeaconSchema } from "../../../common/schemas/traffic.ts";
import { BEACON_MAX_BYTES, TRAFFIC_BEACON_PATH } from "../../../common/traffic.ts";
import type { ApiApp, ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { errorAnswers, jsonBodyErrors } from "../../openapi.ts";

// POST /api/traffic/views (issue 33, decision 0037): the page's own beacon. A page view is
// counted in memory (counter.ts) and the answer is the same whatever happened to it: 202,
// no body, nothing cached, no cookie, and never a word on why a view was or was not counted.

/** The route under the API plugin's /api prefix. */
const ROUTE = TRAFFIC_BEACON_PATH.slice("/api".length);

/** The body of a beacon: JSON sent as text/plain (navigator.sendBeacon) or application/json. */
export const BEACON_CONTENT_TYPES = ["text/plain", "application/json"];

/** A beacon body as JSON; a body that is not answers 400. */
export function parseBeaconBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid("The request body is not valid JSON.");
  }
}

export function registerTrafficBeaconRoutes(app: ApiApp, { services }: ApiDeps): void {
  // Its own scope: text/plain is parsed as JSON here only, with the beacon's size limit.
  void app.register(async (scope: ApiApp) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      BEACON_CONTENT_TYPES,
      { parseAs: "string", bodyLimit: BEACON_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, parseBeaconBody(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    scope.post(
      ROUTE,
      {
        bodyLimit: BEACON_MAX_BYTES,
        schema: {
          tags: ["traffic"],
          operationId: "recordPageView",
          summary: "Count a page view (the page's own beacon; no cookie)",
          description:
            "Sent by the public pages on first load and every navigation, as JSON " +
            "(`text/plain` from navigator.sendBeacon, or `application/json`), at most " +
            `${BEACON_MAX_BYTES} bytes. The answer is 202 whether the view was counted or not: ` +
            "bots, prefetches, signed-in staff (an Authorization header), back-office paths " +
            "and, when an owner turned that on, browsers sending Sec-GPC or DNT are not counted.",
          security: [],
          body: pageViewBeaconSchema,
          response: {
            202: z.null().describe("Received (counted or not); no body."),
            400: errorAnswers.invalid,
            ...jsonBodyErrors,
          },
        },
      },
      async (request, reply) => {
        services.traffic.record(request.body, { ip: request.ip, headers: request.headers });
        // No body: `send()` without a payload skips the serializer (the type asks for one).
        return reply
          .code(202)
          .header("cache-control", "no-store")
          .send(...([] as unknown as [null]));
      },
    );
  });
}
