import { z } from "zod";
import { messages } from "../messages.ts";

/** The spec's e-mail rule: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const tooLong = (label: string, max: number) =>
  `${label} must be at most ${max.toLocaleString("en-US")} characters.`;

/** A required text field: missing or blank gives the spec's "required" message. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, tooLong(label, max));

/** An optional text field; blank becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .transform((value) => (value ? value : undefined));

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, tooLong("Email", 254))
  .regex(EMAIL_PATTERN, messages.invalidEmail)
  .transform((value) => value.toLowerCase());

export const idParam = z.object({
  id: z.string().trim().min(1).max(64),
});

export const errorResponse = z.object({ error: z.string() });

/** What a delete answers (spec §7: DELETE /api/video/ carries a success flag). */
export const successResponse = z.object({ success: z.literal(true) });

// Which message a form shows when several rules fail: kept beside the texts, without zod,
// so the browser bundle can use it.
export { firstMessage } from "../messages.ts";
