import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { problemText } from "../../lib/admin-api.ts";
import {
  confirmTotp,
  getSecurity,
  groupSecret,
  newRecoveryCodes,
  recoveryCodesFile,
  removeTotp,
  setUpTotp,
  type TotpSetup,
} from "../../lib/admin/two-step.ts";
import { useIdentity } from "../../lib/identity.ts";
import {
  FieldError,
  FormMessage,
  PasswordField,
  STEP_UP_HINT,
  SubmitButton,
} from "./account-forms.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  Panel,
} from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

const networkProblem = "The server could not be reached. Please try again.";

/** The server's QR code, put in only when it is an SVG (it is drawn by our own server). */
function QrCode({ svg }: { svg: string }) {
  if (!svg.trimStart().startsWith("<svg")) return null;
  return (
    <div
      role="img"
      aria-label="QR code to scan with the authenticator app"
      className="size-48 shrink-0 rounded-lg bg-white p-1 ring-1 ring-slate-200 [&>svg]:size-full"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/**
 * The ten recovery codes, shown this once: copy, download as .txt, and "I have saved them"
 * (which ends the showing).
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const identity = useIdentity();
  const [copied, setCopied] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesFile(codes, identity.name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("Copied the codes.");
    } catch {
      setCopied("Copying is not allowed here: select the codes and copy them yourself.");
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <h3 ref={heading} tabIndex={-1} className="font-bold text-navy focus:outline-none">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-ink">
        Keep them somewhere safe, away from your phone. Each code signs you in once when you do not
        have your authenticator app. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-navy sm:max-w-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={() => void copy()} className={adminButtonSecondary}>
          Copy
        </button>
        <button type="button" onClick={download} className={adminButtonSecondary}>
          Download .txt
        </button>
        <button type="button" onClick={onSaved} className={adminButton}>
          I have saved them
        </button>
      </div>
      <p role="status" className="mt-2 text-sm text-muted empty:hidden">
        {copied}
      </p>
    </div>
  );
}

/**
 * Setting up the authenticator app: the QR code and the secret, one code to confirm, then
 * the recovery codes. `onDone` runs once the person says the codes are saved.
 */
export function TotpSetupFlow({
  onDone,
  onCancel,
  onConfirmed,
}: {
  onDone: () => void;
  onCancel?: () => void;
  /** The app is on (the codes are being shown). */
  onConfirmed?: () => void;
}) {
  const [setup, setSetup] = useState<TotpSetup>();
  const [problem, setProblem] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const codeId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    setProblem(undefined);
    if (!/^\d{6}$/.test(code)) {
      setCodeError("Type the 6-digit code your app shows.");
      document.getElementById(codeId)?.focus();
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      setCodes(await confirmTotp(code));
      onConfirmed?.();
    } catch (error) {
      setCodeError(problemText(error, networkProblem));
      document.getElementById(codeId)?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onSaved={onDone} />;
  if (!setup) {
    // The password first (issue 46): a browser left signed in sets up no app by itself.
    return (
      <PasswordAgain
        action="Show the QR code"
        busyText="Preparing the QR code…"
        hint={STEP_UP_HINT}
        send={async (password) => setSetup(await setUpTotp(password))}
        onCancel={onCancel}
      />
    );
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password…).
        </li>
        <li>Scan this QR code with it, or type the key under it.</li>
        <li>Type the 6-digit code the app then shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode svg={setup.qrSvg} />
        <div className="min-w-0 flex-[1_1_14rem]">
          <p className={adminLabel}>Key for typing in</p>
          <p
            className="mt-1 font-mono text-base break-words text-navy select-all"
            data-secret={setup.secret}
          >
            {groupSecret(setup.secret)}
          </p>
          <p className="mt-1 text-sm text-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="max-w-xs space-y-3">
        <div>
          <label htmlFor={codeId} className={adminLabel}>
            Code from the app
          </label>
          <input
            id={codeId}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={8}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={`${codeId}-error`}
            className={`${adminInput} mt-1 font-mono text-lg tracking-widest`}
          />
          <div aria-live="polite">
            <FieldError id={`${codeId}-error`} error={codeError} />
          </div>
        </div>
        <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={busy} busyText="Checking…" className={adminButton}>
            Turn on
          </SubmitButton>
          {onCancel && (
            <button type="button" onClick={onCancel} className={adminButtonSecondary}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/**
 * Asks the password again, then runs `send` with it (set up the app, remove it, new codes);
 * a refusal is shown beside the field.
 */
function PasswordAgain({
  action,
  busyText,
  danger = false,
  hint,
  send,
  onCancel,
}: {
  action: string;
  busyText: string;
  danger?: boolean;
  hint?: string;
  send: (password: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector("input")?.focus(), []);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("current") ?? "");
    if (!password) {
      setError("The current password is required.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await send(password);
    } catch (problem) {
      setError(problemText(problem, networkProblem));
      setBusy(false);
    }
  }
  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-3">
      <PasswordField
        label="Your password"
        name="current"
        autoComplete="current-password"
        hint={hint}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          busy={busy}
          busyText={busyText}
          className={danger ? adminButtonDanger : adminButton}
        >
          {action}
        </SubmitButton>
        {onCancel && (
          <button type="button" onClick={onCancel} className={adminButtonSecondary}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

type Mode = "idle" | "setup" | "remove" | "codes";

/** My account: the authenticator app (set up, remove) and the recovery codes. */
export function TwoStepPanel() {
  const security = useApiData(getSecurity, []);
  const [mode, setMode] = useState<Mode>("idle");
  const [codes, setCodes] = useState<string[]>();
  const [done, setDone] = useState<string>();
  const status = security.data;

  const finish = (message: string) => {
    setMode("idle");
    setCodes(undefined);
    setDone(message);
    security.reload();
  };

  return (
    <Panel title="Two-step sign-in" id="two-step-title">
      <p className="-mt-2 mb-4 text-sm text-muted">
        After your password, a code from an authenticator app on your phone: someone who learns your
        password still cannot sign in.
      </p>
      {security.loading && !status && (
        <p role="status" className="text-muted">
          Loading…
        </p>
      )}
      {security.failed && (
        <FormMessage kind="error">
          {security.error ?? "Your two-step settings could not be loaded. Please reload the page."}
        </FormMessage>
      )}
      {status && (
        <div className="space-y-4">
          <p className="font-semibold text-ink">
            Authenticator app:{" "}
            {status.totp ? (
              <span className="text-success">on</span>
            ) : (
              <span className="text-muted">not set up</span>
            )}
          </p>
          {status.totp && !codes && mode !== "setup" && (
            <p className={status.recoveryCodesLeft < 3 ? "font-semibold text-danger" : "text-ink"}>
              {status.recoveryCodesLeft} recovery code{status.recoveryCodesLeft === 1 ? "" : "s"}{" "}
              left
              {status.recoveryCodesLeft < 3 && ": make new ones."}
            </p>
          )}
          {codes && (
            <RecoveryCodes codes={codes} onSaved={() => finish("New recovery codes saved.")} />
          )}
          {mode === "setup" && (
            <TotpSetupFlow
              onDone={() => finish("Authenticator app turned on.")}
              onConfirmed={security.reload}
              onCancel={() => setMode("idle")}
            />
          )}
          {mode === "idle" && !codes && (
            <div className="flex flex-wrap gap-2">
              {!status.totp && (
                <button
                  type="button"
                  onClick={() => {
                    setDone(undefined);
                    setMode("setup");
                  }}
                  className={adminButton}
                >
                  Set up authenticator app
                </button>
              )}
              {status.totp && (
                <>
                  <button
                    type="button"
                    onClick={() => {
                      setDone(undefined);
                      setMode("codes");
                    }}
                    className={adminButtonSecondary}
                  >
                    New recovery codes
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setDone(undefined);
                      setMode("remove");
                    }}
                    className={adminButtonDanger}
                  >
                    Remove authenticator app
                  </button>
                </>
              )}
            </div>
          )}
          {mode === "codes" && (
            <PasswordAgain
              action="Make new recovery codes"
              busyText="Making…"
              hint={STEP_UP_HINT}
              send={async (password) => {
                setCodes(await newRecoveryCodes(password));
                setMode("idle");
              }}
              onCancel={() => setMode("idle")}
            />
          )}
          {mode === "remove" && (
            <>
              <p className="text-sm text-ink">
                Your password alone will sign you in again, and your recovery codes stop working.
                {status.requireSecondStep && status.passkeys.length === 0
                  ? " Your team requires a second step: you will have to add one again at once."
                  : ""}
              </p>
              <PasswordAgain
                action="Remove authenticator app"
                busyText="Removing…"
                danger
                send={async (password) => {
                  await removeTotp(password);
                  finish("Authenticator app removed.");
                }}
                onCancel={() => setMode("idle")}
              />
            </>
          )}
          <div aria-live="polite">{done && <FormMessage kind="success">{done}</FormMessage>}</div>
        </div>
      )}
    </Panel>
  );
}
