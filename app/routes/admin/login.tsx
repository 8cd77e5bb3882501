import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { messages } from "../../../common/messages.ts";
import { PasskeySignInButton } from "../../components/admin/passkeys.tsx";
import {
  lockedText,
  SecondStepForm,
  SignInAlert,
  type Challenge,
} from "../../components/admin/second-step-form.tsx";
import { adminButton, adminInput, adminLabel } from "../../components/admin/ui.tsx";
import { getToken, setToken } from "../../lib/admin-api.ts";
import { identityFrom, useIdentity } from "../../lib/identity.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Admin Login | ${identityFrom(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLogin() {
  const identity = useIdentity();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  /** Kept for the way back from the second screen. */
  const [email, setEmail] = useState("");
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (getToken()) navigate("/admin/dashboard", { replace: true });
  }, [navigate]);

  function signedIn(token: string) {
    setToken(token);
    navigate("/admin/dashboard", { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setEmail(String(form.get("email") ?? ""));
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      });
      const body = (await response.json().catch(() => null)) as {
        token?: string;
        error?: string;
        secondStep?: Challenge;
      } | null;
      if (response.status === 429) {
        // The server's sentence names the wait; Retry-After (seconds) is the fallback.
        setError(lockedText(body?.error, response.headers.get("retry-after")));
        return;
      }
      if (response.status === 401 || response.status === 400) {
        setError(messages.invalidCredentials);
        return;
      }
      if (!response.ok) {
        setError(body?.error ?? `Sign-in failed (${response.status}). Please try again.`);
        return;
      }
      if (body?.secondStep) {
        setChallenge(body.secondStep);
        return;
      }
      if (!body?.token) {
        setError(messages.noToken);
        return;
      }
      signedIn(body.token);
    } catch {
      setError("The server could not be reached. Please check the connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand to-navy p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <p className="text-sm font-bold tracking-wide text-accent-ink uppercase">{identity.name}</p>
        <h1 className="mt-1 text-3xl font-extrabold text-navy">Welcome Back</h1>
        {challenge ? (
          <SecondStepForm
            challenge={challenge}
            onToken={signedIn}
            onBack={(message) => {
              setChallenge(null);
              setError(message ?? null);
            }}
          />
        ) : (
          <>
            <h2 className="mt-1 text-lg font-semibold text-muted">Admin Login</h2>
            {params.get("expired") && !error && (
              <p role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand">
                Your session has ended. Please sign in again.
              </p>
            )}
            <form onSubmit={onSubmit} className="mt-6 space-y-4">
              <div>
                <label htmlFor={emailId} className={adminLabel}>
                  Email
                </label>
                <input
                  id={emailId}
                  name="email"
                  type="email"
                  required
                  defaultValue={email}
                  autoComplete="username"
                  className={`${adminInput} mt-1`}
                />
              </div>
              <div>
                <label htmlFor={passwordId} className={adminLabel}>
                  Password
                </label>
                <div className="relative mt-1">
                  <input
                    id={passwordId}
                    name="password"
                    type={showPassword ? "text" : "password"}
                    required
                    autoComplete="current-password"
                    className={`${adminInput} pr-20`}
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((value) => !value)}
                    aria-pressed={showPassword}
                    aria-label={showPassword ? "Hide password" : "Show password"}
                    className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand hover:bg-brand-50"
                  >
                    {showPassword ? "Hide" : "Show"}
                  </button>
                </div>
              </div>
              <div aria-live="polite">
                <SignInAlert error={error} />
              </div>
              <button type="submit" disabled={busy} className={`${adminButton} w-full py-3`}>
                {busy ? "Signing in" : "Sign in"}
              </button>
            </form>
            <div className="mt-4">
              <PasskeySignInButton onToken={signedIn} onError={(message) => setError(message)} />
            </div>
            <p className="mt-4 text-center text-sm">
              <Link to="/admin/forgot-password" className="font-semibold text-brand underline">
                Forgot password?
              </Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
