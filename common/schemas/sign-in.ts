import { z } from "zod";
import { tokenResponseSchema } from "./auth.ts";

// Staff sign-in beyond the password (issue 34, decision 0038): sessions (devices), the
// second step (an authenticator app's codes, recovery codes, passkeys) and the owners'
// requirement. The server validates with these and the back office reads the same types;
// the words people see are here too.

/** How a second step can be given after the password. */
export const SECOND_STEP_METHODS = ["totp", "recovery", "passkey"] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/** Minutes a second-step ticket (after a right password) stays good. */
export const SECOND_STEP_TICKET_MINUTES = 5;
/** How many recovery codes are made at once. */
export const RECOVERY_CODE_COUNT = 10;

import { signInMessages } from "../sign-in-messages.ts";

export { signInMessages };

/** A 6-digit code or a recovery code, as typed (spaces and hyphens allowed). */
const codeField = z
  .string({ error: "The code is required." })
  .trim()
  .min(1, "The code is required.")
  .max(32, "The code must be at most 32 characters.");

const ticketField = z.string().min(1).max(2048);

/** After a right password, when the account has a second step: no token yet. */
export const secondStepChallengeSchema = z.object({
  secondStep: z.object({
    ticket: ticketField.meta({
      description: `Send it back with the code to /api/auth/login/second-step within ${SECOND_STEP_TICKET_MINUTES} minutes.`,
    }),
    methods: z.array(z.enum(SECOND_STEP_METHODS)),
  }),
});
export type SecondStepChallenge = z.infer<typeof secondStepChallengeSchema>;

/** POST /api/auth/login answers one of these. */
export const loginResponseSchema = z.union([tokenResponseSchema, secondStepChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const secondStepInputSchema = z.object({ ticket: ticketField, code: codeField });

/** A session of mine: a browser or client signed in to my account. */
export const sessionSchema = z.object({
  id: z.string(),
  /** "Chrome 131", "" when unknown. */
  browser: z.string(),
  /** "Android 14", "" when unknown. */
  os: z.string(),
  /** "102.89.34.0/24". */
  network: z.string(),
  /** How it signed in: "password", "password+totp", "passkey"… */
  method: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

// --- sessions helper (issue 34, part 1) ---
/** How many of the passkeys asked to go were removed (only when some were asked). */
const passkeysRemoved = z.number().int().optional().meta({
  description: "How many of the passkeys named in removePasskeys were removed (when it was sent).",
});
/** POST /api/auth/sessions/end-others: how many of my other sessions ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int(), passkeysRemoved });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
/** POST /api/auth/logout-all: every session ended, this one too. */
export const signedOutEverywhereSchema = z.object({ success: z.literal(true), passkeysRemoved });
// --- end sessions helper ---

/** Where I stand: my second steps and whether the team requires one. */
export const securityStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      backedUp: z.boolean(),
    }),
  ),
  requireSecondStep: z.boolean(),
  /**
   * Passkeys work only on a site reached by a domain name (PUBLIC_ORIGIN's host): false when
   * it is an IP address, and the screens then say so instead of offering them.
   */
  passkeysAvailable: z.boolean(),
  /** The team requires a second step and I have none: nothing else works until I add one. */
  setupRequired: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;
export type Passkey = SecurityStatus["passkeys"][number];
export const passkeySchema = securityStatusSchema.shape.passkeys.element;

export const totpSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl, an SVG drawn by the server. */
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpConfirmSchema = z.object({ code: codeField });
/** Shown once: the server keeps only their hashes. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/**
 * Adding a passkey or an authenticator app, or new recovery codes, asks who is there again
 * (issue 46): the password, or a fresh code of the authenticator app (when there is one).
 */
export const stepUpSchema = z
  .object({
    currentPassword: z
      .string()
      .max(1024, "The password must be at most 1,024 characters.")
      .optional(),
    code: z.string().trim().max(32, "The code must be at most 32 characters.").optional(),
  })
  .refine((proof) => Boolean(proof.currentPassword) || Boolean(proof.code), {
    message: signInMessages.stepUpRequired,
  });
export type StepUp = z.infer<typeof stepUpSchema>;

/** Removing the authenticator app asks for the password again. */
export const currentPasswordSchema = z.object({
  currentPassword: z
    .string({ error: "The current password is required." })
    .min(1, "The current password is required.")
    .max(1024, "The password must be at most 1,024 characters."),
});

export const passkeyNameField = z
  .string({ error: "The name is required." })
  .trim()
  .min(1, "The name is required.")
  .max(60, "The name must be at most 60 characters.");

/** A passkey ceremony's options, from @simplewebauthn/server, with the id to finish it. */
export const passkeyOptionsSchema = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
/** The browser's answer (RegistrationResponseJSON / AuthenticationResponseJSON). */
const ceremonyResponse = z.record(z.string(), z.unknown());
export const passkeyAddSchema = z.object({
  challengeId: z.string().min(1).max(100),
  name: passkeyNameField,
  response: ceremonyResponse,
});
export const passkeyRenameSchema = z.object({ name: passkeyNameField });
export const passkeySignInOptionsSchema = z.object({ ticket: ticketField.optional() });
export const passkeySignInSchema = z.object({
  challengeId: z.string().min(1).max(100),
  response: ceremonyResponse,
  /** With a ticket the passkey is the second step of that account's password sign-in. */
  ticket: ticketField.optional(),
});

export const authSettingsSchema = z.object({ requireSecondStep: z.boolean() });
export type AuthSettings = z.infer<typeof authSettingsSchema>;

// --- Passkeys (the passkeys helper's block) ---

export const passkeyMessages = {
  /** The options routes when PUBLIC_ORIGIN's host is an IP address. */
  passkeysUnavailable:
    "Passkeys need the site to be reached by a domain name, not an IP address: set PUBLIC_ORIGIN to one.",
  tooManyPasskeys: "Your account has 20 passkeys, the most it may have: remove one first.",
  passkeyKnown: "This passkey is already registered.",
  passkeyNotFound: "No such passkey of your account.",
  /** A passkey as the second step of an account that has none. */
  noPasskey: "Your account has no passkey: sign in another way.",
} as const;

/** My passkeys, oldest first (GET /api/auth/passkeys), and whether passkeys work here. */
export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** False when PUBLIC_ORIGIN's host is an IP address (see securityStatusSchema). */
  available: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** A passkey's id: its credential id, base64url (at most 1,023 bytes). */
const passkeyId = z
  .string()
  .min(1)
  .max(1400)
  .regex(/^[A-Za-z0-9_-]+$/, "A passkey id is base64url.");

/** A passkey's id in a path. */
export const passkeyIdParam = z.object({ id: passkeyId });

/**
 * The passkeys added to my account while a session that could still be signed in was
 * (TOKEN_TTL, 12 hours by default): what "sign out everywhere", signing out the other
 * devices and a password reset offer to remove (issue 46), newest first.
 */
export const recentPasskeysSchema = z.object({
  /** The start of the window: passkeys added since then are listed. */
  since: z.string(),
  passkeys: z.array(passkeySchema),
});
export type RecentPasskeys = z.infer<typeof recentPasskeysSchema>;

/**
 * Signing out everywhere or the other devices: which of my passkeys go as well (those the
 * screen offered from /api/auth/passkeys/recent, or any of mine; others' ids are ignored).
 */
export const signOutChoiceSchema = z.object({
  removePasskeys: z
    .array(passkeyId)
    .max(20, "At most 20 passkeys at once.")
    .optional()
    .meta({ description: "Ids of my passkeys to remove before the sessions end." }),
});
export type SignOutChoice = z.infer<typeof signOutChoiceSchema>;
