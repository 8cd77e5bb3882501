import { z } from "zod";
import type { ConsentChoice } from "../consent.ts";
import { marketingTags, type MarketingTagIds, type MarketingTagKind } from "../marketing-tags.ts";

/** One tag's ID: blank (the tag is off) or one that fits its pattern (no free-form script). */
const tagId = (tag: (typeof marketingTags)[number]) =>
  z
    .string({ error: `${tag.label} must be text.` })
    .trim()
    .max(40, `${tag.label} is not an ID of this tag (for example ${tag.example}).`)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || tag.pattern.test(value), {
      message: `${tag.label} is not an ID of this tag (for example ${tag.example}).`,
    });

const definition = (kind: MarketingTagKind) => {
  const found = marketingTags.find((tag) => tag.kind === kind);
  if (!found) throw new Error(`no marketing tag ${kind}`);
  return found;
};

/** The Marketing tags screen's body and answer: each tag's ID, or none (off). */
export const marketingTagsSchema = z
  .object({
    metaPixel: tagId(definition("metaPixel")),
    googleTag: tagId(definition("googleTag")),
    tagManager: tagId(definition("tagManager")),
    linkedIn: tagId(definition("linkedIn")),
  })
  .strict() satisfies z.ZodType<MarketingTagIds>;

/** A visitor's choice on the consent notice, as the browser records it. */
export const consentRecordSchema = z.object({
  choice: z.enum(["accepted", "declined"] satisfies ConsentChoice[], {
    error: "The choice must be accepted or declined.",
  }),
});

/** How many visitors chose what in the last days (the screen's summary). */
export const consentSummarySchema = z.object({
  days: z.number(),
  accepted: z.number(),
  declined: z.number(),
});
export type ConsentSummary = z.infer<typeof consentSummarySchema>;

/** The answer: each tag's ID, absent when the tag is off. */
export const marketingTagIdsSchema = z.object({
  metaPixel: z.string().optional(),
  googleTag: z.string().optional(),
  tagManager: z.string().optional(),
  linkedIn: z.string().optional(),
});
