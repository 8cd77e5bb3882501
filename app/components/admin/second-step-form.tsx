import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { SecondStepMethod } from "../../../common/schemas/sign-in.ts";
import { signInMessages } from "../../../common/sign-in-messages.ts";
import { sendSecondStep } from "../../lib/admin/second-step-call.ts";
import { PasskeySignInButton } from "./passkeys.tsx";
import { adminButton, adminInput, adminLabel } from "./ui.tsx";

// The second step of signing in (issue 34), after a right password on the sign-in page or a
// new password set with a reset link (issue 46): one screen for both. The sign-in page loads
// this module, so it imports no zod.

/** A 429's sentence: the server's, or one from Retry-After (seconds). */
export function lockedText(error: string | undefined, retryAfter: string | null): string {
  const minutes = Math.max(1, Math.ceil(Number(retryAfter) / 60));
  return (
    error ??
    `Too many failed sign-in attempts. Please try again in ${Number.isFinite(minutes) ? minutes : 15} minute${minutes === 1 ? "" : "s"}.`
  );
}

/** A sign-in screen's failure, announced; nothing when there is none. */
export function SignInAlert({
  error,
  className = "",
}: {
  error: string | null | undefined;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className={`rounded-lg bg-red-50 px-4 py-3 text-sm font-semibold text-danger ${className}`}
    >
      {error}
    </p>
  );
}

export interface Challenge {
  ticket: string;
  methods: SecondStepMethod[];
}

/**
 * The second screen after a right password (issue 34), or after a new password set with a
 * reset link (issue 46): a code of the authenticator app, or a recovery code, or the
 * account's passkey. `onBack` goes back to the password (with why, when the ticket is too
 * old or already used); `backLabel` names that way.
 */
export function SecondStepForm({
  challenge,
  onToken,
  onBack,
  backLabel = "Back to the password",
  intro,
}: {
  challenge: Challenge;
  onToken: (token: string) => void;
  onBack: (message?: string) => void;
  backLabel?: string;
  /** A sentence under the heading: why this is asked here. */
  intro?: string;
}) {
  const hasApp = challenge.methods.includes("totp");
  const [recovery, setRecovery] = useState(!hasApp && challenge.methods.includes("recovery"));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const codeMethods = hasApp || challenge.methods.includes("recovery");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setError(recovery ? "Type one of your recovery codes." : "Type the 6-digit code.");
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await sendSecondStep(challenge.ticket, code);
      if ("token" in answer) {
        onToken(answer.token);
        return;
      }
      if (
        answer.status === 400 &&
        (answer.error === signInMessages.ticketExpired ||
          answer.error === signInMessages.ticketUsed)
      ) {
        onBack(answer.error);
        return;
      }
      setError(answer.status === 429 ? lockedText(answer.error, null) : answer.error);
      input.current?.select();
    } catch {
      setError("The server could not be reached. Please check the connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-1 text-lg font-semibold text-muted focus:outline-none"
      >
        Two-step sign-in
      </h2>
      {intro && <p className="mt-2 text-sm text-ink">{intro}</p>}
      {codeMethods && (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          <div>
            <label htmlFor={codeId} className={adminLabel}>
              {recovery ? "Recovery code" : "Code from your authenticator app"}
            </label>
            <p id={`${codeId}-hint`} className="text-sm text-muted">
              {recovery
                ? "One of the ten codes you saved, like k7wq3-hm9xd. Each works once."
                : "The 6-digit code the app shows for this site now."}
            </p>
            <input
              ref={input}
              key={recovery ? "recovery" : "app"}
              id={codeId}
              name="code"
              required
              autoComplete={recovery ? "off" : "one-time-code"}
              inputMode={recovery ? "text" : "numeric"}
              maxLength={32}
              aria-describedby={`${codeId}-hint`}
              aria-invalid={error ? true : undefined}
              className={`${adminInput} mt-1 font-mono text-lg tracking-widest`}
            />
          </div>
          <div aria-live="polite">
            <SignInAlert error={error} />
          </div>
          <button type="submit" disabled={busy} className={`${adminButton} w-full py-3`}>
            {busy ? "Checking" : "Sign in"}
          </button>
          {hasApp && challenge.methods.includes("recovery") && (
            <button
              type="button"
              onClick={() => {
                setRecovery((value) => !value);
                setError(null);
              }}
              className="w-full text-center text-sm font-semibold text-brand underline"
            >
              {recovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
            </button>
          )}
        </form>
      )}
      {challenge.methods.includes("passkey") && (
        <div className="mt-6">
          {codeMethods && <p className="mb-2 text-center text-sm text-muted">or</p>}
          <PasskeySignInButton
            ticket={challenge.ticket}
            onToken={onToken}
            onError={(message) => setError(message)}
          />
          {!codeMethods && <SignInAlert error={error} className="mt-3" />}
        </div>
      )}
      <p className="mt-4 text-center text-sm">
        <button
          type="button"
          onClick={() => onBack()}
          className="font-semibold text-brand underline"
        >
          {backLabel}
        </button>
      </p>
    </>
  );
}
