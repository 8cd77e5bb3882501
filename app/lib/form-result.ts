import { fieldMessages } from "../../common/messages.ts";
import type { FormValues } from "./enquiry-payload.ts";

/** A field's name and the schema's message about its value. */
export type FieldErrors = Record<string, string>;

/** What a public form's no-JavaScript post answers; the form matches it by `intent`. */
export interface FormResult {
  intent: string;
  ok: boolean;
  message: string;
  /** What the visitor typed, to put back in the form after a failure. */
  values?: FormValues;
  /** Each field whose value broke a rule, with its own message. */
  fields?: FieldErrors;
}

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === "object" && value !== null && "intent" in value && "ok" in value;
}

/**
 * Each top-level field a validation failed on, in order, with one message: when a field
 * broke several rules, the one the forms put first (required → e-mail → options). The
 * grouping is the API's `fields` (common/messages.ts), by the field's name alone.
 */
export function fieldErrors(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
): FieldErrors {
  return fieldMessages(issues.map((issue) => ({ ...issue, path: issue.path.slice(0, 1) })));
}
