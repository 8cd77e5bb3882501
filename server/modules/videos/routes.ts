import { z } from "zod";
import { messages } from "../../../common/messages.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import {
  videoDeleteSchema,
  videoFieldsSchema,
  videoSchema,
} from "../../../common/schemas/video.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";

export function registerVideoRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const { videos } = services;

  app.get(
    "/video",
    {
      schema: {
        tags: ["videos"],
        operationId: "listVideos",
        summary: "Portfolio videos, newest first",
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
          "from its bytes, at most MAX_VIDEO_SIZE; streamed to disk) and an optional text " +
          "field `youtubeURL` (a youtube.com or youtu.be video URL).",
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
      await videos.remove(request.body.public_id);
      return { success: true as const };
    },
  );
}
