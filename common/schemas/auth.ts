import { z } from "zod";

export const loginSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Email must be at most 254 characters.")
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(1024, "Password must be at most 1,024 characters."),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * "owner": everything; "editor": content, posts and enquiries, not the staff accounts;
 * "author": their own posts, sent for review (decision 0051).
 */
export const adminRoleSchema = z.enum(["owner", "editor", "author"], {
  error: "The role must be owner, editor or author.",
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
/** The signed-in admin: who they are and what their role lets them do. */
export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: adminRoleSchema,
  weeklyReport: z.boolean().meta({
    description:
      "Whether the weekly traffic report is mailed to me on Mondays at 08:00 (owners; the " +
      "mail goes only when mail is set up). Always false for an editor.",
  }),
  setupRequired: z.boolean().meta({
    description:
      "The owners require a second step for signing in and I have none: until I add a " +
      "passkey or an authenticator app, every other admin call answers 403.",
  }),
});
export type Me = z.infer<typeof meResponseSchema>;

/**
 * Why a new password is refused (ASVS 5.0 V6): the forms show these beside the field. The
 * length and the spaces are checked in the browser too (newPasswordSchema); the lists and
 * the account's own words only on the server (server/modules/staff/password-policy.ts).
 */
export const passwordMessages = {
  tooShort: "The password must be at least 12 characters.",
  tooLong: "The password must be at most 1,024 characters.",
  onlySpaces: "The password cannot be only spaces.",
  common:
    "This password is on the lists of common and breached passwords that attackers try first. Choose another: a few unrelated words make a good one.",
  repeated:
    "This password only repeats a few characters. Choose another: a few unrelated words make a good one.",
  email: "The password cannot be your e-mail address, nor the name before its @.",
  agency: "The password cannot be the agency’s name, alone or with numbers.",
} as const;

/** Rules for a new admin password that need no list: its length, and more than spaces. */
export const newPasswordSchema = z
  .string()
  .min(12, passwordMessages.tooShort)
  .max(1024, passwordMessages.tooLong)
  .refine((value) => value.trim().length > 0, passwordMessages.onlySpaces);
