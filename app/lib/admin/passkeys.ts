// The back office's calls about passkeys (issue 34), each answer checked with the shared
// schemas (common/schemas/sign-in.ts). The browser half of WebAuthn
// (@simplewebauthn/browser) is loaded only when a passkey is made or used, so no page
// that never does carries it.
import { tokenResponseSchema } from "../../../common/schemas/auth.ts";
import {
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  type Passkey,
  type PasskeyList,
} from "../../../common/schemas/sign-in.ts";
import { api, ApiError } from "../admin-api.ts";
import type * as WebAuthnBrowser from "@simplewebauthn/browser";

export type { Passkey, PasskeyList };

let browserPart: Promise<typeof WebAuthnBrowser> | undefined;
/** Loads the browser half of WebAuthn (once); call it when a passkey button is about to be used. */
export function loadPasskeySupport() {
  return (browserPart ??= import("@simplewebauthn/browser"));
}

/** Whether this browser can make and use passkeys at all. */
export function browserHasPasskeys(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.PublicKeyCredential === "function" &&
    typeof navigator.credentials?.create === "function"
  );
}

/** The person closed or cancelled the browser's passkey prompt (or it timed out). */
export class PasskeyCancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "PasskeyCancelled";
  }
}

const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

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
 * Makes a passkey on this device (the browser asks the person) and adds it to my account
 * under `name`. Throws PasskeyCancelled when the person cancels the prompt.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const [{ startRegistration }, begun] = await Promise.all([
    loadPasskeySupport(),
    api<unknown>("/auth/passkeys/register-options", { method: "POST" }),
  ]);
  const { challengeId, options } = passkeyOptionsSchema.parse(begun);
  let response;
  try {
    response = await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    if (cancelled(error)) throw new PasskeyCancelled();
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

/** A public call of the sign-in: no token yet, and a refusal is not the end of a session. */
async function publicPost(path: string, json: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(json),
    });
  } catch {
    throw new ApiError(
      0,
      "The server could not be reached. Please check the connection and try again.",
    );
  }
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof body?.error === "string"
        ? body.error
        : `Sign-in failed (${response.status}). Please try again.`,
    );
  }
  return body;
}

/**
 * Signs in with a passkey: the browser offers the site's passkeys (no e-mail typed), or with
 * `ticket` (after a right password) that account's. Answers the token. Throws
 * PasskeyCancelled when the person cancels, an ApiError with the sentence to show otherwise.
 */
export async function signInWithPasskey(ticket?: string): Promise<string> {
  if (!browserHasPasskeys()) {
    throw new ApiError(400, "This browser cannot use passkeys. Sign in with your password.");
  }
  const withTicket = ticket ? { ticket } : {};
  const [{ startAuthentication }, begun] = await Promise.all([
    loadPasskeySupport(),
    publicPost("/auth/passkeys/sign-in-options", withTicket),
  ]);
  const { challengeId, options } = passkeyOptionsSchema.parse(begun);
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    if (cancelled(error)) throw new PasskeyCancelled();
    throw new ApiError(400, "The browser could not use the passkey. Please try again.");
  }
  const { token } = tokenResponseSchema.parse(
    await publicPost("/auth/passkeys/sign-in", { challengeId, response, ...withTicket }),
  );
  return token;
}
