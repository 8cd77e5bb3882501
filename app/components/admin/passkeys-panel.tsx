import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { formatDate, formatDateTime } from "../../../common/format.ts";
import { passkeyNameField } from "../../../common/schemas/sign-in.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  addPasskey,
  defaultPasskeyName,
  listPasskeys,
  removePasskey,
  renamePasskey,
  type Passkey,
} from "../../lib/admin/passkeys.ts";
import {
  browserHasPasskeys,
  loadPasskeySupport,
  PasskeyCancelled,
} from "../../lib/admin/passkey-sign-in.ts";
import {
  FieldError,
  FormMessage,
  PasswordField,
  STEP_UP_HINT,
  stepUpRefusal,
} from "./account-forms.tsx";
import { useFeedback } from "./feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  focusById,
  LoadState,
  Panel,
} from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

const PANEL_TITLE_ID = "passkeys-title";
const ABOUT =
  "A passkey lets you sign in with your fingerprint, face or screen lock instead of your password; it stays on your device or in your password manager.";
const NO_BROWSER_SUPPORT =
  "This browser cannot make or use passkeys. Open My account in a current browser to add one.";

const subscribeToNothing = () => () => {};
/** Whether this browser can use passkeys: undefined on the server (known only in the browser). */
function useBrowserHasPasskeys(): boolean | undefined {
  return useSyncExternalStore(subscribeToNothing, browserHasPasskeys, () => undefined);
}
/** "Chrome on Android" from the browser: "" on the server. */
const useSuggestedName = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => defaultPasskeyName(),
    () => "",
  );

// The Passkeys panel and the add form, loaded by passkeys.tsx only where they show.

/** My account: my passkeys (name, added, last used), add, rename, remove. */
export function PasskeysPanel() {
  const { notify, confirm } = useFeedback();
  const passkeys = useApiData(listPasskeys, []);
  const browser = useBrowserHasPasskeys();
  const [renaming, setRenaming] = useState<string>();
  const list = passkeys.data?.passkeys ?? [];

  async function remove(passkey: Passkey) {
    const sure = await confirm(
      `Remove the passkey “${passkey.name}”?`,
      "Remove",
      "It will no longer sign you in. The copy on your device stays until you delete it there.",
    );
    if (!sure) return;
    try {
      await removePasskey(passkey.id);
      passkeys.setData((data) => ({
        available: data?.available ?? true,
        passkeys: (data?.passkeys ?? []).filter((item) => item.id !== passkey.id),
      }));
      notify(`Passkey “${passkey.name}” removed.`);
      focusById(PANEL_TITLE_ID);
    } catch (problem) {
      notify(problemText(problem, "The passkey could not be removed. Please try again."), "error");
    }
  }

  const cannotAdd =
    passkeys.data?.available === false
      ? "Passkeys cannot be used on this site yet: it is reached by an IP address, and passkeys need a domain name. Ask whoever runs the site to set PUBLIC_ORIGIN to one."
      : browser === false
        ? NO_BROWSER_SUPPORT
        : undefined;

  return (
    <Panel title="Passkeys" id={PANEL_TITLE_ID}>
      <p className="-mt-2 mb-4 max-w-2xl text-sm text-muted">{ABOUT}</p>
      <LoadState
        loading={passkeys.loading}
        error={
          passkeys.failed
            ? (passkeys.error ?? "Your passkeys could not be loaded. Please reload the page.")
            : undefined
        }
        empty={list.length === 0}
        emptyText="You have no passkeys yet."
        loadingText="Loading your passkeys…"
        className="mb-4"
      />
      {list.length > 0 && (
        <ul className="mb-6 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {list.map((passkey) =>
            renaming === passkey.id ? (
              <li key={passkey.id} className="p-4">
                <RenameForm
                  passkey={passkey}
                  onDone={(saved) => {
                    setRenaming(undefined);
                    if (saved) {
                      passkeys.setData((data) => ({
                        available: data?.available ?? true,
                        passkeys: (data?.passkeys ?? []).map((item) =>
                          item.id === saved.id ? saved : item,
                        ),
                      }));
                      notify(`Passkey renamed to “${saved.name}”.`);
                    }
                  }}
                />
              </li>
            ) : (
              <li
                key={passkey.id}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-ink">
                    {passkey.name}
                    {passkey.backedUp && (
                      <span
                        className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand"
                        title="Kept in sync by your password manager or device account"
                      >
                        Synced
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    Added {formatDate(passkey.createdAt)} ·{" "}
                    {passkey.lastUsedAt
                      ? `Last used ${formatDateTime(passkey.lastUsedAt)}`
                      : "Never used"}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => setRenaming(passkey.id)}
                    aria-label={`Rename the passkey ${passkey.name}`}
                    className={adminButtonSecondary}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    onClick={() => void remove(passkey)}
                    aria-label={`Remove the passkey ${passkey.name}`}
                    className={adminButtonDanger}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {passkeys.data &&
        (cannotAdd ? (
          <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-ink ring-1 ring-amber-300">
            {cannotAdd}
          </p>
        ) : (
          <AddPasskey onAdded={passkeys.reload} />
        ))}
    </Panel>
  );
}

/** A passkey's name in place: Save or Cancel. */
function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: (saved?: Passkey) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Opened by its Rename button: the field takes the focus, its text selected.
  useEffect(() => input.current?.select(), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passkeyNameField.safeParse(new FormData(event.currentTarget).get("name"));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onDone(await renamePasskey(passkey.id, parsed.data));
    } catch (problem) {
      setError(problemText(problem, "The server could not be reached. Please try again."));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-[1_1_14rem]">
        <label htmlFor={id} className={adminLabel}>
          New name for “{passkey.name}”
        </label>
        <input
          id={id}
          name="name"
          defaultValue={passkey.name}
          ref={input}
          maxLength={60}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          className={`${adminInput} mt-1`}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={adminButton}>
          {busy ? "Saving…" : "Save"}
        </button>
        <button type="button" onClick={() => onDone()} className={adminButtonSecondary}>
          Cancel
        </button>
      </div>
      <div aria-live="polite" className="w-full empty:hidden">
        <FieldError id={`${id}-error`} error={error} />
      </div>
    </form>
  );
}

/** Adds a passkey (asks for its name); the set-up screen uses it too (no FeedbackProvider there). */
export function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const browser = useBrowserHasPasskeys();
  const suggested = useSuggestedName();
  // Undefined until typed in: the browser's suggestion shows (it needs the browser).
  const [typed, setName] = useState<string>();
  const name = typed ?? suggested;
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const [quiet, setQuiet] = useState<string>();
  // Said here, not in a toast: the set-up screen has no toasts (no back-office frame).
  const [done, setDone] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuiet(undefined);
    setDone(undefined);
    setError(undefined);
    const target = event.currentTarget;
    const password = String(new FormData(target).get("current") ?? "");
    const parsed = passkeyNameField.safeParse(name);
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    setPasswordError(password ? undefined : "Type your password.");
    if (!parsed.success || !password) {
      target.querySelector<HTMLElement>(parsed.success ? "[name=current]" : "[name=name]")?.focus();
      return;
    }
    setBusy(true);
    try {
      const passkey = await addPasskey(parsed.data, password);
      setDone(`Passkey “${passkey.name}” added. You can sign in with it now.`);
      setName(undefined);
      target.reset();
      onAdded();
    } catch (problem) {
      const refused = stepUpRefusal(problem);
      if (problem instanceof PasskeyCancelled) {
        setQuiet("No passkey was added: the request was cancelled.");
      } else if (refused) {
        setPasswordError(refused);
        target.querySelector<HTMLElement>("[name=current]")?.focus();
      } else {
        setError(problemText(problem, "The server could not be reached. Please try again."));
      }
    } finally {
      setBusy(false);
    }
  }

  if (browser === false) {
    return <p className="text-sm text-muted">{NO_BROWSER_SUPPORT}</p>;
  }
  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-md space-y-3">
      <h3 className="font-bold text-navy">Add a passkey</h3>
      <div>
        <label htmlFor={id} className={adminLabel}>
          Passkey name
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          So you can tell your passkeys apart: the device or password manager it is on.
        </p>
        <input
          id={id}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          autoComplete="off"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          className={`${adminInput} mt-1`}
        />
        <FieldError id={`${id}-error`} error={fieldError} />
      </div>
      <PasswordField
        label="Your password"
        name="current"
        autoComplete="current-password"
        hint={STEP_UP_HINT}
        error={passwordError}
      />
      <div aria-live="polite">
        {error && <FormMessage kind="error">{error}</FormMessage>}
        {done && <FormMessage kind="success">{done}</FormMessage>}
        {quiet && (
          <p role="status" className="text-sm text-muted">
            {quiet}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        onPointerEnter={() => void loadPasskeySupport()}
        onFocus={() => void loadPasskeySupport()}
        className={adminButton}
      >
        {busy ? "Waiting for your device…" : "Add a passkey"}
      </button>
    </form>
  );
}
