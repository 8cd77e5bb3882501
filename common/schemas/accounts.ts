import { z } from "zod";
import { emailField } from "./common.ts";
import { adminRoleSchema, newPasswordSchema, type AdminRole } from "./auth.ts";

export { adminRoleSchema, type AdminRole };

export const roleLabels: Record<AdminRole, string> = {
  owner: "Owner",
  editor: "Editor",
  author: "Author",
};

/** What the staff screens and the mails say about each role. */
export const roleDescriptions: Record<AdminRole, string> = {
  owner: "everything, including staff accounts and the activity log",
  editor: "posts, content, prices and enquiries; not staff accounts",
  author: "writes posts and sends them for review; an editor or an owner publishes them",
};

/** A single-use link's token: 32 random bytes, base64url (43 characters). */
const linkToken = z
  .string({ error: "The link is incomplete. Open the whole link again." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, "The link is incomplete. Open the whole link again.");

const currentPassword = z
  .string({ error: "The current password is required." })
  .min(1, "The current password is required.")
  .max(1024, "The password must be at most 1,024 characters.");

/** A new password, with the message the forms show beside the field. */
const newPassword = z.string({ error: "A new password is required." }).pipe(newPasswordSchema);

const personName = z
  .string({ error: "Your name is required." })
  .trim()
  .min(1, "Your name is required.")
  .max(100, "The name must be at most 100 characters.");

export const changePasswordSchema = z.object({
  currentPassword,
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({ token: linkToken, password: newPassword });

export const acceptInviteSchema = z.object({
  token: linkToken,
  name: personName,
  password: newPassword,
});

export const invitationInputSchema = z.object({
  email: emailField,
  role: adminRoleSchema,
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const roleChangeSchema = z.object({ role: adminRoleSchema });

/** My account: my own name. */
export const nameChangeSchema = z.object({ name: personName });

/**
 * PATCH /api/auth/me: my name, and (owners only) whether I get the weekly traffic report;
 * either or both.
 */
export const meChangeSchema = z
  .object({
    name: personName.optional(),
    weeklyReport: z
      .boolean({ error: "weeklyReport must be true or false." })
      .optional()
      .meta({ description: "Owners only: an editor who sends it is refused (403)." }),
  })
  .refine((change) => change.name !== undefined || change.weeklyReport !== undefined, {
    message: "Give a name or weeklyReport.",
  });
export type MeChange = z.infer<typeof meChangeSchema>;

/** The refusal of the weekly report's switch to an editor (403). */
export const WEEKLY_REPORT_OWNERS_ONLY = "Only an owner gets the weekly traffic report.";

/**
 * My account: a new e-mail address, with the current password. With mail a link to the
 * new address confirms it; without mail the change is made at once.
 */
export const emailChangeSchema = z.object({ email: emailField, currentPassword });

/** The answer: changed at once (no mail), or waiting for the link mailed to `email`. */
export const emailChangeResultSchema = z.object({
  changed: z.boolean(),
  email: z.string(),
});

export const confirmEmailSchema = z.object({ token: linkToken });

/** A reset link an owner made for someone: mailed, or (no mail) the link itself, once. */
export const resetLinkSchema = z.object({
  email: z.string(),
  mailed: z.boolean(),
  link: z.string().nullable(),
  expiresAt: z.string(),
});
export type ResetLink = z.infer<typeof resetLinkSchema>;

/** A person with a back-office account, as the staff screen lists them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: adminRoleSchema,
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not yet accepted, withdrawn or expired. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A new invitation; `link` is the one-time link when no mail went (shown once, never again). */
export const invitationSentSchema = invitationSchema.extend({
  mailed: z.boolean(),
  link: z.string().nullable(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const staffListSchema = z.object({
  members: z.array(staffMemberSchema),
  invitations: z.array(invitationSchema),
  /** Whether the site can send mail: without it invitations and resets give a link instead. */
  mailOn: z.boolean(),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** A neutral answer that reveals nothing (the forgotten-password request). */
export const messageResponseSchema = z.object({ message: z.string() });

/** Texts the server and the screens share. */
export const accountMessages = {
  resetRequested:
    "If an account exists for that e-mail, we have sent a link to reset the password. It expires in 1 hour.",
  linkUsedOrExpired: "This link has expired or has already been used. Ask for a new one.",
  inviteUsedOrExpired:
    "This invitation has expired, was withdrawn or has already been used. Ask the owner for a new one.",
  wrongCurrentPassword: "The current password is wrong.",
  ownerOnly: "Only the owner can manage staff accounts.",
  lastOwner:
    "The last owner cannot be removed or made an editor. Make someone else an owner first.",
  notYourself: "You cannot remove your own account or change your own role.",
  resetNoMail:
    "This site cannot send mail, so no link was sent. Ask an owner of the back office: they can make you a link to choose a new password on the Staff screen.",
  resetNotYourself: "To change your own password, use My account.",
  sameEmail: "That is already your e-mail address.",
  emailNeedsPassword: "The current password is required.",
  emailConfirmed: "Your e-mail address is changed. Use it to sign in from now on.",
  /** A screen of editors and owners, opened by an author (its address typed). */
  authorScreen:
    "You are signed in as an author, and this screen is for editors and owners. Your posts are under Posts; your sign-in under My account.",
  /** An author's call to a route of editors and owners (403, decision 0051). */
  authorNotAllowed:
    "You are signed in as an author: authors write their own posts and send them for review. This is for editors and owners.",
} as const;

/** How long the single-use links last. */
export const RESET_LINK_HOURS = 1;
export const INVITATION_DAYS = 7;
