import { z } from "zod";
import { messages } from "../messages.ts";

/**
 * An e-mail address, every e-mail field of the product's rule: the spec's text, @, text,
 * dot, text, where the name before the @ holds letters (any script), digits and the
 * characters of RFC 5322's atext but `#`, `%`, `&` and `?` (no dot first, last or twice),
 * and the domain is dot-separated labels of letters, digits and inner hyphens. Nothing a
 * `mailto:` link or a mail header reads as syntax gets in: `a@b.c?bcc=x@y.z`, `a,b@c.d`
 * and `a%0a@b.c` are refused (issue 46). Links still encode the address (`mailtoHref`).
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{M}\p{N}!$'*+/=^_`{|}~.-]+(?<!\.)@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

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

/** The most rows one page of a back-office list (enquiries, subscribers) may ask for. */
export const MAX_PAGE_SIZE = 500;
/** The rows of a page asked for by `page` alone. */
export const DEFAULT_PAGE_SIZE = 50;
const pageSizeMessage = `Page size must be between 1 and ${MAX_PAGE_SIZE}.`;

/**
 * Paging of a back-office list: `page` (from 1) and `pageSize` (1 to MAX_PAGE_SIZE). Given
 * either, the list answers one page; given neither, every item. The blog lists have their own
 * (blogPagingSchema): a smaller maximum and other messages, which their clients already read.
 */
export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1, "Page must be 1 or more.").max(100000).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, pageSizeMessage)
    .max(MAX_PAGE_SIZE, pageSizeMessage)
    .optional(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** A page of a list and how many items the whole list has. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export const idParam = z.object({
  id: z.string().trim().min(1).max(64),
});

export const errorResponse = z.object({ error: z.string() });

/**
 * A 400's answer (decision 0053): the summary, and, when the request's fields broke rules,
 * each field's dotted path as sent ("email", "items.0.name") with its own message.
 */
export const invalidResponse = errorResponse.extend({
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'Each field the request is refused for, by its dotted path as sent ("email", "items.0.name"), with its message.',
    ),
});

/** What a delete answers (spec §7: DELETE /api/video/ carries a success flag). */
export const successResponse = z.object({ success: z.literal(true) });

// Which message a form shows when several rules fail: kept beside the texts, without zod,
// so the browser bundle can use it.
export { firstMessage } from "../messages.ts";
