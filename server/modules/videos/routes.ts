import { z } from "zod";
import { messages } from "../../../common/messages.ts";
import { errorResponse, successResponse } from "../../../common/schemas/common.ts";
import {
  videoDeleteSchema,
  videoFieldsSchema,
  videoSchema,
} from "../../../common/schemas/video.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";

export function registerVideoRoutes(
  app: ApiApp,
  { services, config, requireAdmin }: ApiDeps,
): void {
  const { videos } = services;

  app.get(
    "/video",
    {
      schema: {
        tags: ["videos"],
        summary: "Portfolio videos, newest first",
        response: { 200: z.array(videoSchema) },
      },
    },
    async () => videos.list(),
  );

  app.post(
    "/video",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["videos"],
        summary: "Upload a portfolio video",
        description:
          "multipart/form-data with the file field `video` (MP4, WebM or QuickTime, recognised " +
          "from its bytes, at most MAX_VIDEO_SIZE; streamed to disk) and an optional text " +
          "field `youtubeURL` (a youtube.com or youtu.be video URL).",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          201: videoSchema,
          400: errorResponse,
          401: errorResponse,
          413: errorResponse,
          415: errorResponse,
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
      let youtubeURL: string | undefined;
      try {
        // The file is the form's one required field: its message comes first.
        if (!file || file.bytes === 0) throw new Invalid(messages.videoRequired);
        youtubeURL = videoFieldsSchema.parse({ youtubeURL: fields.youtubeURL }).youtubeURL;
      } catch (error) {
        if (file) await videos.discard(file);
        throw error;
      }
      return reply.code(201).send(await videos.create(file, youtubeURL));
    },
  );

  app.delete(
    "/video",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["videos"],
        summary: "Delete a portfolio video and its file",
        security: adminSecurity,
        body: videoDeleteSchema,
        response: {
          200: successResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      await videos.remove(request.body.public_id);
      return { success: true as const };
    },
  );
}
