import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { Invalid, PayloadTooLarge } from "../errors.ts";

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

const isFileTooLarge = (error: unknown) =>
  (error as { code?: string } | null)?.code === "FST_REQ_FILE_TOO_LARGE";

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
  const fields: FormFields = {};
  let file: T | undefined;
  try {
    const limits = {
      fileSize: options.maxFileBytes,
      ...(options.maxFieldBytes ? { fieldSize: options.maxFieldBytes } : {}),
    };
    for await (const part of request.parts({ limits })) {
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
        const result = await options.consume(part);
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
  }
  return { fields, file };
}

/** "5 MB" from a byte count, for messages. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
