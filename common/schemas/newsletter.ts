import { z } from "zod";
import { emailField } from "./common.ts";

export const subscribeSchema = z.object({ email: emailField });
export type SubscribeInput = z.input<typeof subscribeSchema>;

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  date: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberQuerySchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
});
