import { messages } from "../../../common/messages.ts";

// What the public forms say and how they show it, shared by React's form components
// (fields.tsx) and the islands pages' form enhancer (app/islands/forms-submit.ts). Plain:
// no React, nothing the islands' chunks may not load.

/**
 * What a field says about its own value: the schema's "required" summary becomes
 * "<label> is required."; any other message (a bad e-mail, no option ticked) is shown as is.
 */
export function fieldMessage(label: string, error: string): string {
  return error === messages.required ? `${label} is required.` : error;
}

/** The classes of the form's message: a success, a kept submission and an error. */
export const statusClass = {
  success: "rounded-lg px-4 py-3 text-sm font-semibold bg-green-50 text-success",
  queued: "rounded-lg px-4 py-3 text-sm font-semibold bg-amber-50 text-amber-900",
  error: "rounded-lg px-4 py-3 text-sm font-semibold bg-red-50 text-danger",
} as const;

/** What a failed answer shows: the server's own message for a 400, else the spec's. */
export function failureMessage(answer: { status: number; body: unknown }): string {
  const serverMessage = (answer.body as { error?: unknown } | null)?.error;
  return answer.status === 400 && typeof serverMessage === "string"
    ? serverMessage
    : messages.submitError;
}
