import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ICONS_PATH,
  identityIcons,
  identityImageSchema,
  MANIFEST_PATH,
  siteIdentitySchema,
  type IdentityIconFile,
} from "../../../common/schemas/identity.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { auditView, auditWrites } from "../audit/record.ts";
import type { Services } from "../../services.ts";
import { webManifest } from "./manifest.ts";

// The Site identity screen's API (owners only for writes) and the files made from the
// identity: the icons at stable addresses and the web app manifest.

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");
const pictureAnswers = {
  201: identityImageSchema,
  400: errorAnswers.invalid,
  401: errorAnswers.unauthorized,
  403: ownerOnly,
  413: errorAnswer("The picture is larger than MAX_IMAGE_SIZE."),
  415: errorAnswer(
    "Not a PNG, WebP or JPEG picture (an SVG is refused: it can carry scripts), or not multipart.",
  ),
  503: errorAnswers.imagesBusy,
};
const pictureDescription =
  "multipart/form-data with the file field `image`: PNG, WebP or JPEG, recognised from its " +
  "bytes, re-encoded without its metadata and stored under a name the server makes. The " +
  "identity names it once saved (PUT /api/identity).";

export function registerIdentityRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { identity } = services;
  const audit = auditWrites(services.audit);

  app.get(
    "/identity",
    {
      schema: {
        tags: ["identity"],
        operationId: "getSiteIdentity",
        summary: "The agency's name, words, colours, logo and share picture as the site shows them",
        security: [],
        response: { 200: siteIdentitySchema, 415: errorAnswers.undecodable },
      },
    },
    async () => identity.get(),
  );

  app.put(
    "/identity",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["identity"],
        operationId: "saveSiteIdentity",
        summary: "Replace the site identity (owners only); every page shows it at once",
        security: adminSecurity,
        body: z.unknown().describe("The whole identity, as GET /api/identity answers it"),
        response: {
          200: siteIdentitySchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await identity.save(request.body);
      await audit(request, {
        action: "update",
        type: "identity",
        id: "site",
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    },
  );

  const uploadRoute = (
    path: string,
    operationId: string,
    summary: string,
    store: (data: Buffer) => Promise<z.infer<typeof identityImageSchema>>,
  ) =>
    app.post(
      path,
      {
        config: { ownerOnly: true },
        schema: {
          tags: ["identity"],
          operationId,
          summary,
          description: pictureDescription,
          consumes: ["multipart/form-data"],
          security: adminSecurity,
          response: pictureAnswers,
        },
      },
      async (request, reply) => {
        const { file } = await readForm(request, {
          fileField: "image",
          maxFileBytes: config.maxImageBytes,
          tooLargeMessage: `The picture is too large: at most ${megabytes(config.maxImageBytes)}.`,
          consume: (part) => part.toBuffer(),
        });
        if (!file || file.length === 0) throw new Invalid("Choose a picture.");
        const image = await store(file);
        await audit(request, {
          action: "upload",
          type: "image",
          id: image.src,
          after: { src: image.src, width: image.width, height: image.height },
        });
        return reply.code(201).send(image);
      },
    );

  uploadRoute(
    "/identity/logo",
    "uploadSiteLogo",
    "Upload a logo (owners only): the favicon and app icons are made from it",
    identity.storeLogo,
  );
  uploadRoute(
    "/identity/share-image",
    "uploadShareImage",
    "Upload the social preview picture shown when a page is shared (owners only)",
    identity.storeShareImage,
  );
}

/**
 * The pages name an icon with its logo's version (`?v=`): that address never changes its
 * bytes, so browsers keep it for good. Asked for without it (or with an old one), an icon is
 * kept an hour. The manifest is kept by the render cache like a page (revalidated by ETag).
 */
const VERSIONED_CACHE = "public, max-age=31536000, immutable";
const UNVERSIONED_CACHE = "public, max-age=3600";

/** The icons made from the logo (/icons/…) and the web app manifest, outside /api. */
export function registerIdentityFiles(app: FastifyInstance, services: Services): void {
  const files = new Set<string>(identityIcons.map((icon) => icon.file));
  app.get(`${ICONS_PATH}:file`, { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const { v } = request.query as { v?: unknown };
    const icon = files.has(file)
      ? await services.identity.icon(file as IdentityIconFile)
      : undefined;
    if (!icon) return reply.code(404).send({ error: "Not found." });
    reply
      .header("cache-control", v === icon.version ? VERSIONED_CACHE : UNVERSIONED_CACHE)
      .header("etag", `"${icon.version}"`);
    if (request.headers["if-none-match"] === `"${icon.version}"`) {
      icon.body.destroy();
      return reply.code(304).send();
    }
    return reply.header("content-type", "image/png").send(icon.body);
  });
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("content-type", "application/manifest+json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(JSON.stringify(webManifest(await services.identity.get()))),
  );
}
