import type { FormValues } from "./enquiry-payload.ts";

/** What a public form's no-JavaScript post answers; the form matches it by `intent`. */
export interface FormResult {
  intent: string;
  ok: boolean;
  message: string;
  /** What the visitor typed, to put back in the form after a failure. */
  values?: FormValues;
  /** The fields the message is about (marked invalid in the form). */
  fields?: string[];
}

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === "object" && value !== null && "intent" in value && "ok" in value;
}

/**
 * The fields a validation message is about: the top-level names of the issues that carry
 * it, in order and without repeats (a form shows one message and marks these fields).
 */
export function fieldsWith(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
  message: string,
): string[] {
  const names = issues
    .filter((issue) => issue.message === message && issue.path.length > 0)
    .map((issue) => String(issue.path[0]));
  return [...new Set(names)];
}
