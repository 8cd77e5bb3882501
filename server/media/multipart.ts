import type { MultipartFile } from "@fastify/multipart";
import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { Invalid, PayloadTooLarge } from "../errors.ts";
import { refuseDeclaredOver } from "../plugins/body-limits.ts";

export type FormFields = Record<string, string | string[]>;

interface ReadFormOptions<T> {
  /** The one file field the form may carry; any other file is refused. */
  fileField: string;
  /** Largest accepted file in bytes; a larger one answers 413 with `tooLargeMessage`. */
  maxFileBytes: number;
  tooLargeMessage: string;
  /**
   * Largest text field in bytes (default: the plugin's). A longer one answers 413 rather
   * than being cut short silently, as busboy would.
   */
  maxFieldBytes?: number;
  /** Consumes the file stream (buffer it, or stream it to disk) and answers what it made. */
  consume(file: MultipartFile): Promise<T>;
  /** Undoes `consume` when the request fails after it (e.g. removes a temporary file). */
  discard?(result: T): Promise<void>;
}

/** The text field limit of the multipart plugin (server/api.ts). */
const DEFAULT_FIELD_BYTES = 200 * 1024;
/** Part headers, boundaries and the small fields besides the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const isFileTooLarge = (error: unknown) =>
  (error as { code?: string } | null)?.code === "FST_REQ_FILE_TOO_LARGE";

const MALFORMED = "The form data is malformed.";

/** A parser error with no status of its own (busboy's) is the client's broken form. */
function asMalformedOrOwn(error: unknown): unknown {
  if (typeof (error as { statusCode?: unknown } | null)?.statusCode === "number") return error;
  return new Invalid(MALFORMED);
}

function asMalformed(error: unknown): never {
  throw asMalformedOrOwn(error);
}

/**
 * Counts a request's body bytes as they arrive. `exceeded` rejects with `tooLarge()` once
 * there are more than `max`; it never settles otherwise.
 */
function watchBodySize(raw: Readable, max: number, tooLarge: () => Error) {
  let received = 0;
  let fail: (error: Error) => void = () => {};
  const exceeded = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  exceeded.catch(() => {});
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > max) {
      raw.off("data", onData);
      fail(tooLarge());
    }
  };
  raw.on("data", onData);
  return { exceeded, stop: () => raw.off("data", onData) };
}

/**
 * Reads a multipart/form-data request: text fields (repeated names become arrays) and at
 * most one file, whose bytes `consume` handles as they arrive. Text fields may come before
 * or after the file. Answers 400 for a non-multipart body, 413 for a file or a text field
 * over its limit.
 */
export async function readForm<T>(
  request: FastifyRequest,
  options: ReadFormOptions<T>,
): Promise<{ fields: FormFields; file?: T }> {
  if (!request.isMultipart()) {
    throw new Invalid("The request must be multipart/form-data.");
  }
  // A declared size over what the form can hold is refused before a byte is read: the
  // file's limit, room for the text fields, and the multipart framing.
  const maxBytes =
    options.maxFileBytes + (options.maxFieldBytes ?? DEFAULT_FIELD_BYTES) + FORM_OVERHEAD_BYTES;
  refuseDeclaredOver(request, maxBytes, () => new PayloadTooLarge(options.tooLargeMessage));
  const fields: FormFields = {};
  let file: T | undefined;
  let currentFile: Readable | undefined;
  const limits = {
    fileSize: options.maxFileBytes,
    ...(options.maxFieldBytes ? { fieldSize: options.maxFieldBytes } : {}),
  };
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  // The first next() pipes the body into the parser; only then may its bytes be counted
  // (a listener before that would start the flow with no parser to take it).
  let pending = parts.next();
  // The body as a whole is bounded too, while it streams: bytes before the first part or
  // between parts are never a file, and busboy would read them to the end.
  const size = watchBodySize(request.raw, maxBytes, () => {
    const error = new PayloadTooLarge(options.tooLargeMessage);
    currentFile?.destroy(error);
    return error;
  });
  const bounded = <V>(promise: Promise<V>) => Promise.race([promise, size.exceeded]);
  try {
    for (; ; pending = parts.next()) {
      const next = await bounded(pending.catch(asMalformed));
      if (next.done) break;
      const part = next.value;
      if (part.type === "file") {
        if (part.fieldname !== options.fileField || file !== undefined) {
          part.file.resume();
          throw new Invalid(`Unexpected file field "${part.fieldname}".`);
        }
        // An empty file input still sends a part with no name and no bytes: no file chosen.
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        // At the limit busboy only marks the file as cut short and goes on reading the
        // rest of the body to throw it away: end the file at once instead, so the 413
        // goes out (and the connection closes) without reading another byte.
        part.file.once("limit", () =>
          part.file.destroy(new PayloadTooLarge(options.tooLargeMessage)),
        );
        currentFile = part.file;
        // The file's own stream fails when the body breaks off mid-file: the client's
        // broken form (400), unlike a failure of where the bytes go (a full disk: 500).
        const result = await bounded(
          options.consume(part).catch((error: unknown) => {
            throw error === part.file.errored ? asMalformedOrOwn(error) : error;
          }),
        );
        currentFile = undefined;
        if (part.file.truncated) {
          await options.discard?.(result);
          throw new PayloadTooLarge(options.tooLargeMessage);
        }
        file = result;
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new PayloadTooLarge(`The form field "${part.fieldname}" is too long.`);
        }
        const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
        const existing = fields[part.fieldname];
        if (existing === undefined) fields[part.fieldname] = value;
        else if (Array.isArray(existing)) existing.push(value);
        else fields[part.fieldname] = [existing, value];
      }
    }
  } catch (error) {
    if (file !== undefined) await options.discard?.(file);
    if (isFileTooLarge(error)) throw new PayloadTooLarge(options.tooLargeMessage);
    throw error;
  } finally {
    size.stop();
  }
  return { fields, file };
}

/** "5 MB" from a byte count, for messages. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
