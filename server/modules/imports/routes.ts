import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { idParam } from "../../../common/schemas/common.ts";
import {
  importAcceptedSchema,
  importChoicesSchema,
  importSchema,
  importSummarySchema,
} from "../../../common/schemas/imports.ts";
import { dayIn } from "../../../common/time-zone.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { startedIterable } from "../../lib/streamed.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";
import type { ReceivedFile } from "./service.ts";
import { wordpressExport } from "./wxr-writer.ts";

// Moving in from WordPress or Ghost, and leaving as a WordPress export (issue 51). Owners
// only: an import writes every post, page and redirect of the site; an export reads drafts.

const noImport = errorAnswer("There is no import with this id.");

export function registerImportRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { imports } = services;
  const audit = auditWrites(services.audit);
  const ownerOnly = { ownerOnly: true };

  app.post(
    "/imports",
    {
      config: ownerOnly,
      schema: {
        tags: ["imports"],
        operationId: "uploadImport",
        summary: "Upload a WordPress (WXR) or Ghost (JSON) export; answers 202 and its id",
        description:
          `multipart/form-data with the file field \`file\` (at most MAX_IMPORT_SIZE, ${megabytes(config.maxImportBytes)} ` +
          "here), streamed to disk. The file is then read in the background (state `reading`); " +
          "once read, `GET /api/imports/{id}` answers its preview (state `ready`, `counts`), " +
          "and `POST /api/imports/{id}/start` imports it.",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          202: importAcceptedSchema,
          400: invalidAnswer("Not multipart, no file, or not a WordPress or Ghost export."),
          401: errorAnswers.unauthorized,
          403: errorAnswer("Only an owner may import."),
          413: errorAnswer("The file is larger than MAX_IMPORT_SIZE."),
        },
      },
    },
    async (request, reply) => {
      let name = "";
      const { file } = await readForm<ReceivedFile>(request, {
        fileField: "file",
        maxFileBytes: config.maxImportBytes,
        tooLargeMessage: `The file is too large: at most ${megabytes(config.maxImportBytes)}.`,
        consume: (part) => {
          name = part.filename;
          return imports.receive(part.file);
        },
        discard: (received) => imports.discard(received),
      });
      if (!file || file.bytes === 0) {
        if (file) await imports.discard(file);
        throw new Invalid("Choose the export file to import.");
      }
      const created = await imports.create({
        fileName: name,
        received: file,
        createdBy: request.admin!.id,
      });
      await audit(request, {
        action: "upload",
        type: "import",
        id: created.id,
        after: { file: name, bytes: file.bytes },
      });
      return reply.code(202).send(created);
    },
  );

  app.get(
    "/imports",
    {
      config: ownerOnly,
      schema: {
        tags: ["imports"],
        operationId: "listImports",
        summary: "The latest imports, newest first",
        security: adminSecurity,
        response: { 200: z.array(importSummarySchema), 401: errorAnswers.unauthorized },
      },
    },
    async () => imports.list(),
  );

  app.get(
    "/imports/:id",
    {
      config: ownerOnly,
      schema: {
        tags: ["imports"],
        operationId: "getImport",
        summary: "An import: its state, what the file holds, the progress and the report",
        description:
          "`state` is reading, ready, running, done or failed (`error` says why). `counts` is " +
          "what the file holds; `progress` the items handled of all; `report` how many were " +
          "imported, updated and skipped so far, and, once done, every item with its outcome, " +
          "the reason it was skipped, the notes of what could not be kept as it was, and its new address.",
        security: adminSecurity,
        params: idParam,
        response: {
          200: importSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: noImport,
        },
      },
    },
    async (request) => imports.get(request.params.id),
  );

  app.post(
    "/imports/:id/start",
    {
      config: ownerOnly,
      schema: {
        tags: ["imports"],
        operationId: "startImport",
        summary: "Start a read import with the owner's choices (statuses, pictures); answers 202",
        description:
          "`statuses`: the old site's statuses to take (publish, future, draft, pending, " +
          "private; all by default); `pictures`: fetch the pictures (default true); `siteUrl`: " +
          "the old site's address, needed for a Ghost export's pictures. The import runs as a " +
          "job that survives a restart; importing the same file again updates what the first " +
          "made.",
        security: adminSecurity,
        params: idParam,
        body: importChoicesSchema,
        response: {
          202: importSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: noImport,
          409: errorAnswer("The import is not ready (still reading, running, done or failed)."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const started = await imports.start(request.params.id, request.body);
      await audit(request, {
        action: "start",
        type: "import",
        id: started.id,
        after: { file: started.fileName, ...request.body },
      });
      return reply.code(202).send(started);
    },
  );

  app.get(
    "/exports/wordpress",
    {
      config: ownerOnly,
      schema: {
        tags: ["imports"],
        operationId: "exportWordPress",
        summary: "The site's posts, pages, tags and pictures as a WordPress export (WXR 1.2)",
        description:
          "Streamed. WordPress's importer (Tools → Import → WordPress) takes it: posts and pages " +
          "with their HTML, statuses, dates, tags, Yoast search fields, and every picture and " +
          "cover as an attachment the importer downloads from this site.",
        security: adminSecurity,
        response: {
          200: {
            description: "The WXR file, as an attachment.",
            content: { "application/rss+xml": { schema: z.string() } },
          },
          401: errorAnswers.unauthorized,
          403: errorAnswer("Only an owner may export the site."),
        },
      },
    },
    async (request, reply) => {
      const identity = await services.identity.get();
      const text = await startedIterable(
        wordpressExport({
          origin: config.publicOrigin,
          title: identity.name,
          description: identity.tagline,
          posts: () => services.blogs.adminStream(),
          pages: async () =>
            Promise.all((await services.pages.list()).map((page) => services.pages.get(page.id))),
          tags: () => services.blogs.allTags(),
        }),
      );
      await audit(request, { action: "export", type: "site", id: "wordpress" });
      return (reply as FastifyReply)
        .header("content-type", "application/rss+xml; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="wordpress-export-${dayIn(new Date())}.xml"`,
        )
        .header("cache-control", "no-store")
        .send(Readable.from(text));
    },
  );
}
