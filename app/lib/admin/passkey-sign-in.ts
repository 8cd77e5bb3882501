// Signing in with a passkey (issue 34), kept apart from the rest of the passkeys' calls: the
// sign-in page loads this small module, without the shared zod schemas. The browser half of
// WebAuthn (@simplewebauthn/browser) is loaded only when a passkey is about to be used.
import type * as WebAuthnBrowser from "@simplewebauthn/browser";
import { ApiError } from "../admin-api.ts";

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

/** Whether the browser's prompt ended by the person (cancelled, closed, timed out). */
export const wasCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/** A ceremony's options as the server answers them (passkeyOptionsSchema). */
export function ceremonyOptions(body: unknown): { challengeId: string; options: never } {
  const answer = body as { challengeId?: unknown; options?: unknown } | null;
  if (typeof answer?.challengeId !== "string" || typeof answer.options !== "object") {
    throw new ApiError(500, "The server's answer was not understood. Please try again.");
  }
  return { challengeId: answer.challengeId, options: answer.options as never };
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
  const { challengeId, options } = ceremonyOptions(begun);
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    if (wasCancelled(error)) throw new PasskeyCancelled();
    throw new ApiError(400, "The browser could not use the passkey. Please try again.");
  }
  const answer = (await publicPost("/auth/passkeys/sign-in", {
    challengeId,
    response,
    ...withTicket,
  })) as { token?: unknown } | null;
  if (typeof answer?.token !== "string") {
    throw new ApiError(500, "The server's answer was not understood. Please try again.");
  }
  return answer.token;
}
