import { z } from "zod";

export const PRICE_KEY_PATTERN = /^[a-z0-9-]{1,40}$/;
export const MAX_PRICE = 1_000_000_000;

export const priceKeyField = z
  .string({ error: "Key is required." })
  .trim()
  .regex(
    PRICE_KEY_PATTERN,
    "Key must be 1 to 40 lower-case letters, digits or hyphens (e.g. take-off).",
  );

export const priceSchema = z.object({
  key: priceKeyField,
  amount: z
    .number({ error: "Amount must be a number." })
    .int("Amount must be a whole number of naira.")
    .min(0, "Amount cannot be negative.")
    .max(MAX_PRICE, "Amount must be at most 1,000,000,000."),
});
export type Price = z.infer<typeof priceSchema>;

export { PRICE_KEYS } from "../price-keys.ts";
