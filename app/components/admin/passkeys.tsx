// CONTRACT STUB (issue 34): the passkeys helper writes these.

/** My account: my passkeys (name, added, last used), add, rename, remove. */
export function PasskeysPanel() {
  return null;
}

/** Adds a passkey (asks for its name); the set-up screen uses it too. */
export function AddPasskey(_props: { onAdded: () => void }) {
  return null;
}

/**
 * "Sign in with a passkey": on the sign-in page without a ticket (the passkey is the whole
 * sign-in), on the second-step screen with one (the passkey is that account's second step).
 * Hands the token to `onToken`; `onError` gets a sentence to show.
 */
export function PasskeySignInButton(_props: {
  ticket?: string;
  onToken: (token: string) => void;
  onError: (message: string) => void;
}) {
  return null;
}
