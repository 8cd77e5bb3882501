import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatDateTime } from "../../../common/format.ts";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import {
  listRecentPasskeys,
  removePasskey,
  type Passkey,
  type RecentPasskeys,
} from "../../lib/admin/passkeys.ts";
import { endOtherSessions, signOutEverywhere } from "../../lib/admin/sessions.ts";
import { FormMessage } from "./account-forms.tsx";
import { adminButtonDanger } from "./ui.tsx";

// The passkeys added in the last sessions (issue 46): a stolen session could have added one,
// and a passkey signs in without the password, so signing out everywhere, signing out the
// other devices and a password reset offer to remove them. One list of choices for the three.

/** "12 hours": how far back the server looked (TOKEN_TTL). */
function windowText(recent: RecentPasskeys): string {
  const hours = Math.max(1, Math.round((Date.now() - Date.parse(recent.since)) / 3_600_000));
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** The recent passkeys, each with a box to tick for removal. */
function PasskeyChoices({
  recent,
  chosen,
  onChange,
  disabled,
}: {
  recent: RecentPasskeys;
  chosen: ReadonlySet<string>;
  onChange: (id: string, remove: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={`${id}-why`}
      className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      {/* Floated, so the legend sits inside the box like a heading, not on its edge. */}
      <legend className="float-left w-full font-semibold text-navy">
        Passkeys added in the last {windowText(recent)}
      </legend>
      <p id={`${id}-why`} className="clear-both pt-1 text-sm text-ink">
        A passkey signs in without the password. Tick any you do not recognise to remove it too.
      </p>
      <ul className="mt-3 space-y-2">
        {recent.passkeys.map((passkey, index) => (
          <li key={passkey.id}>
            <label
              htmlFor={`${id}-${index}`}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200"
            >
              <input
                id={`${id}-${index}`}
                type="checkbox"
                checked={chosen.has(passkey.id)}
                disabled={disabled}
                onChange={(event) => onChange(passkey.id, event.currentTarget.checked)}
                className="mt-1 size-5 shrink-0 accent-danger"
              />
              <span className="min-w-0 font-semibold break-words text-ink">
                Remove “{passkey.name}”
                <span className="block text-sm font-normal text-muted">
                  Added {formatDateTime(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ""}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The ticked set of passkey ids, and how to change it. */
function useChoice() {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const onChange = (id: string, remove: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (remove) next.add(id);
      else next.delete(id);
      return next;
    });
  return { chosen, onChange, clear: () => setChosen(new Set()) };
}

export type SignOutKind = "everywhere" | "others";

const QUESTIONS: Record<SignOutKind, (others: number) => { message: string; hint: string }> = {
  everywhere: () => ({
    message:
      "Sign out everywhere? Every session of your account ends: on this device and on every other one.",
    hint: "You will need to sign in again on each of them.",
  }),
  others: (others) => ({
    message: `Sign out ${others === 1 ? "the other device" : `all ${others} other devices`}?`,
    hint: "This browser stays signed in.",
  }),
};
const ACTIONS: Record<SignOutKind, string> = {
  everywhere: "Sign out everywhere",
  others: "Sign out other devices",
};

/**
 * The question before signing out everywhere or the other devices, with the recent passkeys
 * to tick for removal; on the answer it does it (the passkeys first, in the same call).
 * `onDone` gets how many passkeys went; `onFailed` the sentence of a failure.
 */
export function SignOutDialog({
  kind,
  others = 0,
  onClose,
  onDone,
  onFailed,
}: {
  kind: SignOutKind;
  /** How many other devices are signed in ("others"). */
  others?: number;
  onClose: () => void;
  onDone: (passkeysRemoved: number) => void;
  onFailed: (message: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [recent, setRecent] = useState<RecentPasskeys>();
  const [busy, setBusy] = useState(false);
  const { chosen, onChange } = useChoice();
  const question = QUESTIONS[kind](others);
  const titleId = useId();

  useEffect(() => {
    dialog.current?.showModal();
    cancel.current?.focus();
    let live = true;
    listRecentPasskeys().then(
      (answer) => live && setRecent(answer),
      // Without the list the question is asked as before: nothing to offer.
      () => live && setRecent({ since: new Date().toISOString(), passkeys: [] }),
    );
    return () => {
      live = false;
    };
  }, []);

  const close = () => {
    dialog.current?.close();
    onClose();
  };

  async function confirm() {
    setBusy(true);
    const ids = [...chosen];
    try {
      if (kind === "everywhere") {
        await signOutEverywhere(ids);
        onDone(ids.length);
      } else {
        onDone(await endOtherSessions(ids));
      }
      dialog.current?.close();
    } catch (problem) {
      setBusy(false);
      dialog.current?.close();
      onClose();
      // A 401 has already ended the session here and gone to the sign-in page.
      if (problem instanceof ApiError && problem.status === 401) return;
      onFailed(problemText(problem, "The server could not be reached. Please try again."));
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl p-0 shadow-2xl backdrop:bg-navy/50"
    >
      <div className="space-y-4 p-6">
        <p id={titleId} className="text-lg font-semibold text-navy">
          {question.message}
        </p>
        <p className="text-sm text-muted">{question.hint}</p>
        {recent === undefined ? (
          <p role="status" className="text-sm text-muted">
            Looking for passkeys added lately…
          </p>
        ) : (
          recent.passkeys.length > 0 && (
            <PasskeyChoices recent={recent} chosen={chosen} onChange={onChange} disabled={busy} />
          )
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            ref={cancel}
            type="button"
            onClick={close}
            disabled={busy}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-ink hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy || recent === undefined}
            className="rounded-lg bg-danger px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy
              ? "Signing out…"
              : chosen.size > 0
                ? `${ACTIONS[kind]} and remove ${chosen.size === 1 ? "the passkey" : `${chosen.size} passkeys`}`
                : ACTIONS[kind]}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * After a password reset (issue 46), once signed in: the passkeys added in the last hours,
 * offered for removal. Shows nothing when there are none.
 */
export function RecentPasskeysOffer() {
  const [recent, setRecent] = useState<RecentPasskeys>();
  const [busy, setBusy] = useState(false);
  const [removed, setRemoved] = useState<Passkey[]>([]);
  const [error, setError] = useState<string>();
  const { chosen, onChange, clear } = useChoice();

  useEffect(() => {
    let live = true;
    listRecentPasskeys().then(
      (answer) => live && setRecent(answer),
      () => live && setRecent(undefined),
    );
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!recent || chosen.size === 0) return;
    setBusy(true);
    setError(undefined);
    const gone: Passkey[] = [];
    try {
      for (const passkey of recent.passkeys.filter((item) => chosen.has(item.id))) {
        await removePasskey(passkey.id);
        gone.push(passkey);
      }
    } catch (problem) {
      setError(problemText(problem, "The server could not be reached. Please try again."));
    } finally {
      setRemoved((before) => [...before, ...gone]);
      setRecent(
        (before) =>
          before && {
            ...before,
            passkeys: before.passkeys.filter((item) => !gone.includes(item)),
          },
      );
      clear();
      setBusy(false);
    }
  }

  return (
    <div aria-live="polite" className="space-y-3">
      {removed.length > 0 && (
        <FormMessage kind="success">
          Removed {removed.map((passkey) => `“${passkey.name}”`).join(", ")}:{" "}
          {removed.length === 1 ? "it no longer signs" : "they no longer sign"} anyone in.
        </FormMessage>
      )}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {recent && recent.passkeys.length > 0 && (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <PasskeyChoices recent={recent} chosen={chosen} onChange={onChange} disabled={busy} />
          <button
            type="submit"
            disabled={busy || chosen.size === 0}
            className={`${adminButtonDanger} w-full`}
          >
            {busy ? "Removing…" : "Remove the ticked passkeys"}
          </button>
        </form>
      )}
    </div>
  );
}
