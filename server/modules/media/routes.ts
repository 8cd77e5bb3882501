import { uploadedMediaSchema } from "../../../common/schemas/media.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { storePostImage } from "../../media/post-images.ts";
import { errorAnswer, errorAnswers } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";

/** POST /api/admin/media: a picture for a post's text (decision 0032). */
export function registerMediaApiRoutes(app: ApiApp, { services, config }: ApiDeps): void {
  const audit = auditWrites(services.audit);

  app.post(
    "/admin/media",
    {
      config: { authors: true },
      schema: {
        tags: ["blogs"],
        operationId: "uploadMedia",
        summary: "Upload a picture for a post's text; answers the address its line names",
        description:
          "multipart/form-data with the file field `image` (PNG, JPEG, WebP, GIF or AVIF, " +
          "recognised from its bytes, at most MAX_IMAGE_SIZE). The picture is re-encoded as " +
          "responsive WebP versions; `src` is the largest, and a post shows it with the line " +
          "`![alt text](src)`. Its size and its smaller versions are read from the address.",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          201: uploadedMediaSchema,
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
      const { src, width, height } = await storePostImage(services.storage, file);
      await audit(request, {
        action: "upload",
        type: "image",
        id: src,
        after: { src, width, height },
      });
      return reply.code(201).send({ src, width, height });
    },
  );
}
