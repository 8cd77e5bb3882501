import { z } from "zod";
import { emailField } from "./common.ts";

// Setting the site up at first sign-in (issue 47): the dashboard's set-up card asks the first
// owner for the agency's name, their own name and their real e-mail, and whether to keep the
// sample content; "Remove sample content" stays on the Site identity screen afterwards.

export const siteSetupSchema = z.object({
  agencyName: z
    .string({ error: "The agency's name is required." })
    .trim()
    .min(1, "The agency's name is required.")
    .max(80, "The agency's name must be at most 80 characters."),
  name: z
    .string({ error: "Your name is required." })
    .trim()
    .min(1, "Your name is required.")
    .max(100, "The name must be at most 100 characters."),
  email: emailField,
  keepSamples: z.boolean({ error: "Choose whether to keep the sample content." }),
});
export type SiteSetupInput = z.input<typeof siteSetupSchema>;

/** What the dashboard asks: whether the card shows. */
export const setupStateSchema = z.object({
  /** True until an owner has set the site up (or closed the card for good). */
  shown: z.boolean(),
});
export type SetupState = z.infer<typeof setupStateSchema>;

/** What "Remove sample content" removed, by kind. */
export const samplesRemovedSchema = z.object({
  posts: z.number().int(),
  items: z.number().int(),
});
export type SamplesRemoved = z.infer<typeof samplesRemovedSchema>;

/** The one-record setting behind it (Site content, "Set-up and sample content"). */
export const setupSettingsSchema = z.object({
  done: z.boolean(),
  sampleVideos: z.boolean(),
});
export type SetupSettings = z.infer<typeof setupSettingsSchema>;
export const defaultSetup: SetupSettings = { done: false, sampleVideos: true };
