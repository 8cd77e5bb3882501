import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import { linkToken } from "../../lib/admin/accounts.ts";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import { newPasswordSchema, passwordMessages } from "../../../common/schemas/auth.ts";
import { signInMessages } from "../../../common/sign-in-messages.ts";
import { useIdentity } from "../../lib/identity.ts";
import { formatDateTime } from "../../../common/format.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { adminButton, adminInput, adminLabel } from "./ui.tsx";

/** The frame of the signed-out account pages (forgotten password, reset, invitation). */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { name } = useIdentity();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand to-navy p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <p className="text-sm font-bold tracking-wide text-accent-ink uppercase">{name}</p>
        <h1 className="mt-1 text-2xl font-extrabold text-navy sm:text-3xl">{title}</h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        {children}
      </div>
    </main>
  );
}

/** An error under its field; the field names it with aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-danger empty:hidden">
      {error}
    </p>
  );
}

/** A whole-form message: an alert for a failure, a status for good news. */
export function FormMessage({
  kind,
  children,
}: {
  kind: "error" | "success";
  children: ReactNode;
}) {
  return kind === "error" ? (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-semibold text-danger">
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-lg bg-green-50 px-4 py-3 text-sm font-semibold text-success"
    >
      {children}
    </p>
  );
}

/** A field's label, and its hint under it; `describedBy` names the hint and the error. */
function FieldLabel({ id, label, hint }: { id: string; label: string; hint?: string }) {
  return (
    <>
      <label htmlFor={id} className={adminLabel}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
    </>
  );
}
const describedBy = (id: string, hint?: string) => `${hint ? `${id}-hint ` : ""}${id}-error`;

/** A labelled text field with its error beside it. */
export function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  error,
  hint,
  defaultValue,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <div>
      <FieldLabel id={id} label={label} hint={hint} />
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint)}
        className={`${adminInput} mt-1`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A password field with a show/hide toggle and its error beside it. */
export function PasswordField({
  label,
  name,
  autoComplete,
  error,
  hint,
}: {
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <FieldLabel id={id} label={label} hint={hint} />
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint)}
          className={`${adminInput} pr-20`}
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-pressed={shown}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand hover:bg-brand-50"
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export const NEW_PASSWORD_HINT =
  "At least 12 characters, not a common one nor your e-mail address. A few unrelated words make a good one.";

/** Why the password is asked again before a new way to sign in (issue 46). */
export const STEP_UP_HINT =
  "Asked again, so that a browser left signed in cannot add a way into your account.";

/** The sentences with which the server refuses a new password (common/schemas/auth.ts). */
const PASSWORD_REFUSALS: ReadonlySet<string> = new Set(Object.values(passwordMessages));

/**
 * The new password's field error a refusal stands for (a 400 that names the rule broken:
 * a common password, the account's e-mail…), or undefined for any other problem.
 */
export function newPasswordRefusal(error: unknown): { password: string } | undefined {
  return error instanceof ApiError && error.status === 400 && PASSWORD_REFUSALS.has(error.message)
    ? { password: error.message }
    : undefined;
}

/** The sentences with which the server refuses the password given again. */
const STEP_UP_REFUSALS: ReadonlySet<string> = new Set([
  accountMessages.wrongCurrentPassword,
  signInMessages.stepUpRequired,
  signInMessages.wrongCode,
]);

/** The password field's error a refusal of the password given again stands for. */
export function stepUpRefusal(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 && STEP_UP_REFUSALS.has(error.message)
    ? error.message
    : undefined;
}

/** The errors of a new password and its confirmation, by field name. */
export function newPasswordErrors(
  password: string,
  confirm: string,
): { password?: string; confirm?: string } {
  const result = newPasswordSchema.safeParse(password);
  if (!result.success) return { password: result.error.issues[0]?.message };
  if (password !== confirm) return { confirm: "The two passwords are not the same." };
  return {};
}

/**
 * A new password (`password`, with the rules as its hint) and its confirmation (`confirm`):
 * the fields of the reset, invitation and My account forms.
 */
export function NewPasswordFields({
  errors,
  label = "New password",
  confirmLabel = "Confirm the new password",
}: {
  errors: { password?: string; confirm?: string };
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password}
      />
      <PasswordField
        label={confirmLabel}
        name="confirm"
        autoComplete="new-password"
        error={errors.confirm}
      />
    </>
  );
}

/** The submit button of an account form: says what it is doing while `busy`. */
export function SubmitButton({
  busy,
  busyText,
  disabled = false,
  className = `${adminButton} w-full py-3`,
  children,
}: {
  busy: boolean;
  busyText: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={busy || disabled} className={className}>
      {busy ? busyText : children}
    </button>
  );
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface SubmitOptions<Field extends string> {
  /** The fields' errors the server's refusal stands for; undefined: the form's problem. */
  fieldErrors?: (error: unknown) => FieldErrors<Field> | undefined;
  /** On success the page goes elsewhere: the button stays busy until it does. */
  leaves?: boolean;
}

/**
 * The state of an account form: the fields' errors, the form's problem (an alert) and the
 * busy button. `submit(found, send)` shows `found` (what the browser found wrong) and
 * focuses the first invalid field; with nothing found it runs `send`, and a refusal or a
 * network failure becomes the form's problem (or the fields' errors, see SubmitOptions).
 */
export function useAccountForm<Field extends string>() {
  const { form, focusInvalid } = useFocusInvalid();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [problem, setProblem] = useState<string>();

  async function submit(
    found: FieldErrors<Field>,
    send: () => Promise<void>,
    { fieldErrors, leaves = false }: SubmitOptions<Field> = {},
  ): Promise<void> {
    setErrors(found);
    setProblem(undefined);
    if (Object.values(found).some(Boolean)) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      await send();
      if (!leaves) setBusy(false);
    } catch (error) {
      const onFields = fieldErrors?.(error);
      if (onFields) {
        setErrors(onFields);
        focusInvalid();
      } else {
        setProblem(problemText(error, "The server could not be reached. Please try again."));
      }
      setBusy(false);
    }
  }

  return { form, busy, errors, problem, submit };
}

/**
 * `focusInvalid()` moves focus to the first field of the form that is marked invalid, once
 * the errors it has just set are on screen (after the next commit, not before).
 */
export function useFocusInvalid() {
  const form = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusInvalid = useCallback(() => setRequest((n) => n + 1), []);
  return { form, focusInvalid };
}

/** The last link token read from the address (kept once the fragment is taken away). */
let lastLinkToken: string | null = null;
const readLinkToken = () => {
  if (window.location.hash) lastLinkToken = linkToken(window.location.hash);
  return lastLinkToken;
};
const subscribeToNothing = () => () => {};

/**
 * The token of a mailed link (`#token=…`): undefined on the server (no fragment there),
 * null when the link carries none. Once read, the fragment is taken out of the address
 * bar and the history, so the token is not left behind in the browser.
 */
export function useLinkToken(): string | null | undefined {
  const token = useSyncExternalStore(subscribeToNothing, readLinkToken, () => undefined);
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
  }, []);
  return token;
}

/**
 * A one-time link an owner hands over because no mail went (issue 29): said plainly, shown
 * this once (the server keeps only its hash), with a button that copies it.
 */
export function OneTimeLink({
  id,
  link,
  who,
  what,
  expiresAt,
}: {
  id: string;
  link: string;
  /** Whose link it is (an e-mail address). */
  who: string;
  /** What the link does: "make their account", "choose a new password". */
  what: string;
  expiresAt: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      document.getElementById(id)?.focus();
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <p role="status" className="font-semibold text-navy">
        No mail was sent: this site cannot send mail. Give this link to {who} yourself, so they can{" "}
        {what}.
      </p>
      <p className="mt-1 text-sm text-ink">
        It is shown only now and works once, until {formatDateTime(expiresAt)} (
        {AGENCY_TIME_ZONE_NAME}). Anyone who has it can use it: send it privately.
      </p>
      <label htmlFor={id} className={`${adminLabel} mt-3`}>
        One-time link for {who}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className={`${adminInput} min-w-0 flex-[1_1_16rem] font-mono text-sm`}
        />
        <button type="button" onClick={() => void copy()} className={adminButton}>
          {copied ? "Copied" : "Copy link"}
        </button>
      </div>
    </div>
  );
}
