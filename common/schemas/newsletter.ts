import { z } from "zod";
import { emailField, pagingSchema } from "./common.ts";

export const subscribeSchema = z.object({ email: emailField });
export type SubscribeInput = z.input<typeof subscribeSchema>;

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  date: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** The search of the subscriber list and of its CSV export. */
export const subscriberSearchSchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
});

/** The subscriber list's search and paging. */
export const subscriberQuerySchema = subscriberSearchSchema.extend(pagingSchema.shape);
export type SubscriberQuery = z.infer<typeof subscriberQuerySchema>;
