// The sentences of staff sign-in beyond the password (issue 34, decision 0038), without zod:
// the sign-in page imports them, and it loads no schema library (common/schemas/sign-in.ts
// re-exports them for the server and the rest of the back office).

export const signInMessages = {
  /** A wrong, early/late beyond one window, or already used code; or a used recovery code. */
  wrongCode: "That code is not right. Check the code and try again.",
  /** The ticket from the password screen is bad or more than 5 minutes old. */
  ticketExpired: "The sign-in took too long. Please sign in again.",
  /** The ticket has signed someone in already: each works once (issue 46). */
  ticketUsed: "This sign-in has already been finished once. Please sign in again.",
  /** 403 for every other call while the owners require a second step and I have none. */
  setupRequired:
    "Your team requires a second step for signing in: add a passkey or an authenticator app first.",
  /** An owner turning the requirement on without a second step of their own. */
  ownSecondStepFirst:
    "Add a passkey or an authenticator app to your own account before requiring one for everyone.",
  /** A passkey the browser offered that the site does not know (removed, or another site's). */
  unknownPasskey: "This passkey is not registered for any account here.",
  /** A passkey ceremony that failed its checks or took longer than 5 minutes. */
  passkeyFailed: "The passkey could not be checked. Please try again.",
  sessionNotFound: "No such session of your account.",
  /**
   * Adding a passkey or an authenticator app, or new recovery codes, without the password
   * (or a code of the app) given again: a token left in a browser is not enough (issue 46).
   */
  stepUpRequired:
    "To add a way to sign in, type your password again (or a code from your authenticator app).",
} as const;
