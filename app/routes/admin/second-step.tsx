import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AuthCard, FormMessage } from "../../components/admin/account-forms.tsx";
import { FeedbackProvider } from "../../components/admin/feedback.tsx";
import { AddPasskey } from "../../components/admin/passkeys.tsx";
import { TotpSetupFlow } from "../../components/admin/two-step-panel.tsx";
import { adminButton, adminButtonSecondary } from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { getToken, LOGIN_PATH } from "../../lib/admin-api.ts";
import { signOutHere } from "../../lib/admin/sessions.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { getSecurity } from "../../lib/admin/two-step.ts";

export const meta = adminMeta("Set up a second step");

const DASHBOARD = "/admin/dashboard";

/**
 * The screen the owners' requirement holds a person on (issue 34): outside the back office
 * frame, like the sign-in page. A passkey or an authenticator app, then on to the dashboard.
 */
function SetupScreen() {
  const navigate = useNavigate();
  const security = useApiData(getSecurity, []);
  const [app, setApp] = useState(false);
  const done = useRef<HTMLHeadingElement>(null);
  const status = security.data;
  /** A passkey or a confirmed app: the requirement is met. */
  const ready = status && (status.totp || status.passkeys.length > 0);

  useEffect(() => {
    if (!getToken()) navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (ready) done.current?.focus();
  }, [ready]);

  const signOut = () => {
    void signOutHere();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <AuthCard
      title="Set up a second step"
      intro={
        <p>
          Your team requires a second step for signing in: after your password, a passkey or a code
          from an authenticator app on your phone. Add one now; the back office opens once you have.
        </p>
      }
    >
      <div className="mt-6 space-y-6">
        {security.loading && !status && (
          <p role="status" className="text-muted">
            Loading…
          </p>
        )}
        {security.failed && (
          <FormMessage kind="error">
            {security.error ?? "Your settings could not be loaded. Please reload the page."}
          </FormMessage>
        )}
        {ready && !app && (
          <div className="space-y-4">
            <h2
              ref={done}
              tabIndex={-1}
              className="text-lg font-bold text-success focus:outline-none"
            >
              Your second step is set up.
            </h2>
            <p className="text-ink">
              From now on you sign in with your password and then your second step.
            </p>
            <button
              type="button"
              onClick={() => navigate(DASHBOARD, { replace: true })}
              className={`${adminButton} w-full py-3`}
            >
              Continue
            </button>
          </div>
        )}
        {status && (!ready || app) && (
          <>
            {status.passkeysAvailable && !app && (
              <section aria-labelledby="setup-passkey" className="space-y-2">
                <h2 id="setup-passkey" className="font-bold text-navy">
                  A passkey
                </h2>
                <p className="text-sm text-muted">
                  Your phone, computer or security key confirms it is you, with your fingerprint,
                  face or screen lock.
                </p>
                <AddPasskey onAdded={security.reload} />
              </section>
            )}
            {!status.passkeysAvailable && !app && (
              <p className="text-sm text-muted">
                Passkeys work only when the site is reached by its domain name, not by an address of
                numbers: here, use an authenticator app.
              </p>
            )}
            <section aria-labelledby="setup-app" className="space-y-2">
              <h2 id="setup-app" className="font-bold text-navy">
                An authenticator app
              </h2>
              {app ? (
                <TotpSetupFlow
                  onDone={() => {
                    setApp(false);
                    security.reload();
                  }}
                  onCancel={() => setApp(false)}
                />
              ) : (
                <>
                  <p className="text-sm text-muted">
                    A 6-digit code from an app such as Google Authenticator, Microsoft Authenticator
                    or 1Password, which changes every 30 seconds.
                  </p>
                  <button
                    type="button"
                    onClick={() => setApp(true)}
                    className={adminButtonSecondary}
                  >
                    Set up authenticator app
                  </button>
                </>
              )}
            </section>
            {!status.setupRequired && !app && (
              <button
                type="button"
                onClick={() => navigate(DASHBOARD, { replace: true })}
                className={`${adminButtonSecondary} w-full`}
              >
                Continue without one
              </button>
            )}
          </>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <button type="button" onClick={signOut} className="font-semibold text-brand underline">
          Sign out
        </button>
      </p>
    </AuthCard>
  );
}

export default function SecondStepSetup() {
  return (
    <FeedbackProvider>
      <SetupScreen />
    </FeedbackProvider>
  );
}
