// The back office's calls about my passkeys (issue 34), each answer checked with the shared
// schemas (common/schemas/sign-in.ts). Signing in with one: passkey-sign-in.ts.
import {
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  recentPasskeysSchema,
  type Passkey,
  type PasskeyList,
  type RecentPasskeys,
} from "../../../common/schemas/sign-in.ts";
import { api, ApiError } from "../admin-api.ts";
import { loadPasskeySupport, PasskeyCancelled, wasCancelled } from "./passkey-sign-in.ts";

export type { Passkey, PasskeyList, RecentPasskeys };

/** A name for a new passkey from the browser and system: "Chrome on Android". */
export function defaultPasskeyName(userAgent = navigator.userAgent): string {
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/SamsungBrowser/, "Samsung Internet"],
      [/Firefox\/|FxiOS/, "Firefox"],
      [/Chrome\/|CriOS|Chromium/, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "Browser";
  const system =
    [
      [/Android/, "Android"],
      [/iPhone/, "iPhone"],
      [/iPad/, "iPad"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "Mac"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "";
  return system ? `${String(browser)} on ${String(system)}` : String(browser);
}

/** GET /api/auth/passkeys: my passkeys and whether passkeys work on this site. */
export async function listPasskeys(): Promise<PasskeyList> {
  return passkeyListSchema.parse(await api<unknown>("/auth/passkeys"));
}

/**
 * GET /api/auth/passkeys/recent: my passkeys added within the life of a session, which
 * signing out and a reset offer to remove (issue 46).
 */
export async function listRecentPasskeys(): Promise<RecentPasskeys> {
  return recentPasskeysSchema.parse(await api<unknown>("/auth/passkeys/recent"));
}

/**
 * Makes a passkey on this device (the browser asks the person) and adds it to my account
 * under `name`, with my password given again. Throws PasskeyCancelled when the person
 * cancels the prompt.
 */
export async function addPasskey(name: string, currentPassword: string): Promise<Passkey> {
  const [{ startRegistration }, begun] = await Promise.all([
    loadPasskeySupport(),
    api<unknown>("/auth/passkeys/register-options", {
      method: "POST",
      json: { currentPassword },
    }),
  ]);
  const { challengeId, options } = passkeyOptionsSchema.parse(begun);
  let response;
  try {
    response = await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    if (wasCancelled(error)) throw new PasskeyCancelled();
    if (error instanceof Error && error.name === "InvalidStateError") {
      throw new ApiError(409, "This device already has a passkey for your account.");
    }
    throw new ApiError(400, "The browser could not make a passkey. Please try again.");
  }
  return passkeySchema.parse(
    await api<unknown>("/auth/passkeys", {
      method: "POST",
      json: { challengeId, name, response },
    }),
  );
}

/** PATCH /api/auth/passkeys/:id. */
export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  return passkeySchema.parse(
    await api<unknown>(`/auth/passkeys/${encodeURIComponent(id)}`, {
      method: "PATCH",
      json: { name },
    }),
  );
}

/** DELETE /api/auth/passkeys/:id. */
export async function removePasskey(id: string): Promise<void> {
  await api<unknown>(`/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
}
