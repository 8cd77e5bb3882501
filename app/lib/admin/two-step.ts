// The back office's calls about the second step of signing in (issue 34): where I stand,
// the authenticator app, recovery codes, the owners' requirement, and the code after the
// password. Each answer is checked with the shared schemas (common/schemas/sign-in.ts).
import {
  authSettingsSchema,
  recoveryCodesSchema,
  securityStatusSchema,
  signInMessages,
  totpSetupSchema,
  type AuthSettings,
  type SecurityStatus,
  type TotpSetup,
} from "../../../common/schemas/sign-in.ts";
import { api, ApiError } from "../admin-api.ts";

export type { AuthSettings, SecurityStatus, TotpSetup };

/** GET /api/auth/security: my second steps and the team's requirement. */
export async function getSecurity(): Promise<SecurityStatus> {
  return securityStatusSchema.parse(await api<unknown>("/auth/security"));
}

/**
 * POST /api/auth/totp/setup, with my password given again: a new secret and its QR code, to
 * confirm with one code.
 */
export async function setUpTotp(currentPassword: string): Promise<TotpSetup> {
  return totpSetupSchema.parse(
    await api<unknown>("/auth/totp/setup", { method: "POST", json: { currentPassword } }),
  );
}

/** POST /api/auth/totp/confirm: answers the ten recovery codes, shown once. */
export async function confirmTotp(code: string): Promise<string[]> {
  return recoveryCodesSchema.parse(
    await api<unknown>("/auth/totp/confirm", { method: "POST", json: { code } }),
  ).recoveryCodes;
}

/** POST /api/auth/totp/remove, with the current password. */
export async function removeTotp(currentPassword: string): Promise<void> {
  await api<unknown>("/auth/totp/remove", { method: "POST", json: { currentPassword } });
}

/** POST /api/auth/recovery-codes: ten new codes; the old ones stop working. */
export async function newRecoveryCodes(currentPassword: string): Promise<string[]> {
  return recoveryCodesSchema.parse(
    await api<unknown>("/auth/recovery-codes", { method: "POST", json: { currentPassword } }),
  ).recoveryCodes;
}

/** GET /api/auth/settings (owners). */
export async function getAuthSettings(): Promise<AuthSettings> {
  return authSettingsSchema.parse(await api<unknown>("/auth/settings"));
}

/** PUT /api/auth/settings (owners): 409 when I have no second step of my own. */
export async function saveAuthSettings(requireSecondStep: boolean): Promise<AuthSettings> {
  return authSettingsSchema.parse(
    await api<unknown>("/auth/settings", { method: "PUT", json: { requireSecondStep } }),
  );
}

/** Whether an API failure is the owners' requirement holding me on the set-up screen. */
export const isSetupRequired = (problem: unknown) =>
  problem instanceof ApiError &&
  problem.status === 403 &&
  problem.message === signInMessages.setupRequired;

/** "JBSW Y3DP EHPK 3PXP": a secret in groups of four, for typing into an app. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The text file of recovery codes a person downloads. */
export function recoveryCodesFile(codes: string[], site: string, email?: string): string {
  return [
    `Recovery codes for ${site}${email ? ` (${email})` : ""}`,
    "Each code works once, in place of the code of your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}
