import { z } from "zod";
import { messages } from "../../../common/messages.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import {
  videoDeleteSchema,
  videoDetailsSchema,
  videoFieldsSchema,
  videoOrderSchema,
  videoParams,
  videoSchema,
  type Video,
} from "../../../common/schemas/video.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { auditView, auditWrites, orderView } from "../audit/record.ts";

/** A video as the log shows it: what staff see and set, not its storage details. */
const videoView = (video: Video) =>
  auditView({
    title: video.title,
    youtubeURL: video.youtubeURL,
    visible: video.visible,
    poster: video.poster,
    file: `${video.mimeType}, ${video.size} bytes`,
  });
/** The portfolio's order as the log shows it: titles, or the id of an untitled video. */
const orderOf = (list: Video[]) => orderView(list.map((video) => video.title || video.public_id));

export function registerVideoRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { videos } = services;
  const audit = auditWrites(services.audit);

  app.get(
    "/video",
    {
      schema: {
        tags: ["videos"],
        operationId: "listVideos",
        summary: "Portfolio videos in the site's order (hidden ones too)",
        description:
          "Every video, ordered by `position` (new uploads come first until staff reorder). " +
          "The site's portfolio shows only those with `visible` true.",
        security: [],
        response: { 200: z.array(videoSchema), 415: errorAnswers.undecodable },
      },
    },
    async () => videos.list(),
  );

  app.post(
    "/video",
    {
      schema: {
        tags: ["videos"],
        operationId: "uploadVideo",
        summary: "Upload a portfolio video",
        description:
          "multipart/form-data with the file field `video` (MP4, WebM or QuickTime, recognised " +
          "from its bytes, at most MAX_VIDEO_SIZE; streamed to disk) and the optional text " +
          "fields `youtubeURL` (a youtube.com or youtu.be video URL) and `title` (at most 120 " +
          "characters). The new video goes first in the site's order, visible.",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          201: videoSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          413: errorAnswer("The video is larger than MAX_VIDEO_SIZE, or the form too large."),
          415: errorAnswer(
            "The body's Content-Type cannot be read, or `video` is not MP4, WebM or QuickTime.",
          ),
        },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request, {
        fileField: "video",
        maxFileBytes: config.maxVideoBytes,
        tooLargeMessage: `The video is too large: at most ${megabytes(config.maxVideoBytes)}.`,
        consume: (part) => videos.receive(part.file),
        discard: (received) => videos.discard(received),
      });
      let parsed: { youtubeURL?: string | undefined; title: string };
      try {
        // The file is the form's one required field: its message comes first.
        if (!file || file.bytes === 0) throw new Invalid(messages.videoRequired);
        parsed = videoFieldsSchema.parse({ youtubeURL: fields.youtubeURL, title: fields.title });
      } catch (error) {
        if (file) await videos.discard(file);
        throw error;
      }
      const video = await videos.create(file, parsed);
      await audit(request, {
        action: "create",
        type: "video",
        id: video.public_id,
        after: videoView(video),
      });
      return reply.code(201).send(video);
    },
  );

  app.delete(
    "/video",
    {
      schema: {
        tags: ["videos"],
        operationId: "deleteVideo",
        summary: "Delete a portfolio video and its file",
        security: adminSecurity,
        body: videoDeleteSchema,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswer("There is no video with this public_id."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const id = request.body.public_id;
      const before = await videos.get(id);
      await videos.remove(id);
      await audit(request, { action: "delete", type: "video", id, before: videoView(before) });
      return { success: true as const };
    },
  );

  // Declared before the :public_id route; the method differs anyway.
  app.put(
    "/video/order",
    {
      schema: {
        tags: ["videos"],
        operationId: "reorderVideos",
        summary: "Put the portfolio in a new order: `ids` names every video's public_id once",
        security: adminSecurity,
        body: videoOrderSchema,
        response: {
          200: z.array(videoSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const before = await videos.list();
      const list = await videos.reorder(request.body.ids);
      await audit(request, {
        action: "reorder",
        type: "video",
        id: "portfolio",
        before: orderOf(before),
        after: orderOf(list),
      });
      return list;
    },
  );

  app.patch(
    "/video/:public_id",
    {
      schema: {
        tags: ["videos"],
        operationId: "updateVideo",
        summary: "Change a video's title, whether the site shows it, or its poster",
        description:
          "JSON with any of `title` (text, at most 120 characters), `visible` (boolean) and " +
          "`poster` ({src, alt, variants} of an image uploaded with POST /api/content-images, " +
          "alt text required; null removes it). Fields left out keep their value; a replaced " +
          "poster's files are removed.",
        security: adminSecurity,
        params: videoParams,
        body: videoDetailsSchema,
        response: {
          200: videoSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswer("There is no video with this public_id."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const id = request.params.public_id;
      const before = await videos.get(id);
      const video = await videos.update(id, request.body);
      await audit(request, {
        action: "update",
        type: "video",
        id,
        before: videoView(before),
        after: videoView(video),
      });
      return video;
    },
  );
}
