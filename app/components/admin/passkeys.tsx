import { lazy, Suspense, useState } from "react";
import { problemText } from "../../lib/admin-api.ts";
import {
  loadPasskeySupport,
  PasskeyCancelled,
  signInWithPasskey,
} from "../../lib/admin/passkey-sign-in.ts";
import { adminButtonSecondary, Panel } from "./ui.tsx";

// Passkeys in the back office (issue 34). The sign-in page imports this module for its
// button, so what My account and the set-up screen show (with the shared zod schemas) is
// loaded from passkeys-panel.tsx only where it is rendered.

const LazyPanel = lazy(async () => ({
  default: (await import("./passkeys-panel.tsx")).PasskeysPanel,
}));
const LazyAdd = lazy(async () => ({
  default: (await import("./passkeys-panel.tsx")).AddPasskey,
}));

/** My account: my passkeys (name, added, last used), add, rename, remove. */
export function PasskeysPanel() {
  return (
    <Suspense
      fallback={
        <Panel title="Passkeys" id="passkeys-title">
          <p role="status" className="px-1 py-3 text-muted">
            Loading your passkeys…
          </p>
        </Panel>
      }
    >
      <LazyPanel />
    </Suspense>
  );
}

/** Adds a passkey (asks for its name); the set-up screen uses it too. */
export function AddPasskey(props: { onAdded: () => void }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-muted">
          Loading…
        </p>
      }
    >
      <LazyAdd {...props} />
    </Suspense>
  );
}

/**
 * "Sign in with a passkey": on the sign-in page without a ticket (the passkey is the whole
 * sign-in), on the second-step screen with one (the passkey is that account's second step).
 * Hands the token to `onToken`; `onError` gets a sentence to show. A cancelled prompt is no
 * error: a quiet line under the button says so.
 */
export function PasskeySignInButton({
  ticket,
  onToken,
  onError,
}: {
  ticket?: string;
  onToken: (token: string) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [quiet, setQuiet] = useState<string>();

  async function start() {
    setQuiet(undefined);
    setBusy(true);
    try {
      onToken(await signInWithPasskey(ticket));
    } catch (problem) {
      if (problem instanceof PasskeyCancelled) {
        setQuiet("Signing in with a passkey was cancelled.");
      } else {
        onError(problemText(problem, "The server could not be reached. Please try again."));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button
        type="button"
        disabled={busy}
        onClick={() => void start()}
        onPointerEnter={() => void loadPasskeySupport()}
        onFocus={() => void loadPasskeySupport()}
        className={`${adminButtonSecondary} w-full py-3`}
      >
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      <p aria-live="polite" className="mt-2 text-center text-sm text-muted empty:hidden">
        {quiet}
      </p>
    </div>
  );
}
