import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { invalidAnswer } from "../../common/messages.ts";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  unavailableKind,
} from "../db/availability.ts";
import { AppError, Invalid } from "../errors.ts";
import { BODY_TOO_LARGE } from "./body-limits.ts";

/** Fastify's own error codes that mean "the client sent something wrong". */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty.",
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The content length does not match the body.",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "The request must be multipart/form-data.",
  FST_REQ_FILE_TOO_LARGE: "The file is too large.",
  FST_PARTS_LIMIT: "Too many parts in the form.",
  FST_FILES_LIMIT: "Too many files in the form.",
  FST_FIELDS_LIMIT: "Too many fields in the form.",
  FST_PROTO_VIOLATION: "The form contains a forbidden field name.",
};

/** The raw HTTP answer to a request Node's parser refused (no Fastify reply exists yet). */
export function rawErrorAnswer(error: Error, headers: Record<string, string>): string {
  const code = (error as NodeJS.ErrnoException).code;
  const [status, reason, message] =
    code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "The request headers are too large."]
      : code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "The request took too long."]
        : [400, "Bad Request", "The request is malformed."];
  const body = JSON.stringify({ error: message });
  const lines = Object.entries({
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  }).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * One place that turns every error into `{ "error": "…" }` with the right status; a 400 about
 * fields adds `fields`, each field's dotted path with its message (decision 0053).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      const fields = error instanceof Invalid ? error.fields : undefined;
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(fields ? { error: error.message, fields } : { error: error.message });
    }
    // A 400 about fields names them: `{ error, fields: { "<dotted path>": "…" } }` (0053).
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A header (Idempotency-Key) is no field of the request's: its refusal names none.
      const headers = (error as { validationContext?: string }).validationContext === "headers";
      const issues = error.validation.map((v) => ({
        message: v.message ?? "Invalid input.",
        path: headers ? [] : v.instancePath.split("/").filter(Boolean),
      }));
      return reply.code(400).send(invalidAnswer(issues));
    }
    if (error instanceof ZodError) {
      return reply.code(400).send(invalidAnswer(error.issues));
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = fastifyError.code ? clientErrorMessages[fastifyError.code] : undefined;
      if (status === 429 && fastifyError.message) {
        return reply.code(429).send({ error: fastifyError.message });
      }
      return reply.code(status).send({ error: known ?? fastifyError.message ?? "Bad request." });
    }
    // The database's own error met outside its driver (the driver turns those it sees into
    // a DatabaseUnavailable): still "try again", never a 500.
    if (unavailableKind(error)) {
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: "Internal server error" });
  });
}
