import { useState } from "react";
import { formatDateTime } from "../../../common/format.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  deviceName,
  endSession,
  listSessions,
  type StaffSession,
} from "../../lib/admin/sessions.ts";
import { useFeedback } from "./feedback.tsx";
import { SignOutDialog } from "./recent-passkeys.tsx";
import { adminButtonDanger, adminButtonSecondary, focusById, LoadState, Panel } from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

const PANEL_TITLE_ID = "devices-title";
/** Last seen within this long counts as "Active now" (the server writes it once a minute). */
const NOW_MS = 2 * 60_000;

function lastActive(session: StaffSession): string {
  if (session.current) return "Active now";
  return Date.now() - Date.parse(session.lastSeenAt) < NOW_MS
    ? "Active now"
    : `Last active ${formatDateTime(session.lastSeenAt)}`;
}

/** My account: every session of mine (browser, system, network, first and last seen). */
export function DevicesPanel({ onPasskeysChanged }: { onPasskeysChanged?: () => void } = {}) {
  const { notify, confirm } = useFeedback();
  const sessions = useApiData(listSessions, []);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);

  async function end(session: StaffSession) {
    const name = deviceName(session);
    const sure = await confirm(
      `End the session on ${name}?`,
      "End session",
      "That browser is signed out at its next step and needs the password again.",
    );
    if (!sure) return;
    setBusy(true);
    try {
      await endSession(session.id);
      sessions.setData((data) => (data ?? []).filter((item) => item.id !== session.id));
      notify(`Session on ${name} ended.`);
      focusById(PANEL_TITLE_ID);
    } catch (problem) {
      notify(problemText(problem, "The session could not be ended. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  }

  /** The other devices are signed out (and the passkeys ticked in the question removed). */
  function endedOthers(passkeysRemoved: number) {
    setAsking(false);
    sessions.setData((data) => (data ?? []).filter((item) => item.current));
    const passkeys =
      passkeysRemoved === 0
        ? ""
        : ` ${passkeysRemoved === 1 ? "One passkey was" : `${passkeysRemoved} passkeys were`} removed.`;
    notify(`Every other device is signed out. This one stays signed in.${passkeys}`);
    onPasskeysChanged?.();
    focusById(PANEL_TITLE_ID);
  }

  return (
    <Panel title="Devices" id={PANEL_TITLE_ID}>
      <p className="-mt-2 mb-4 max-w-2xl text-sm text-muted">
        Where your account is signed in. End any session you do not recognise, then change your
        password.
      </p>
      <LoadState
        loading={sessions.loading}
        error={
          sessions.failed
            ? (sessions.error ?? "Your sessions could not be loaded. Please reload the page.")
            : undefined
        }
        empty={list.length === 0}
        emptyText="No sessions."
        loadingText="Loading your sessions…"
        className="mb-4"
      />
      {list.length > 0 && (
        <ul className="mb-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {list.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              aria-current={session.current ? "true" : undefined}
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-ink">
                  {deviceName(session)}
                  {session.current && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm break-words text-muted">
                  Network {session.network || "unknown"} · Signed in{" "}
                  {formatDateTime(session.createdAt)} · {lastActive(session)}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void end(session)}
                  aria-label={`End the session on ${deviceName(session)}, signed in ${formatDateTime(session.createdAt)}`}
                  className={adminButtonDanger}
                >
                  End session
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <button
          type="button"
          disabled={busy || asking}
          onClick={() => setAsking(true)}
          className={adminButtonSecondary}
        >
          Sign out all other devices
        </button>
      )}
      {asking && (
        <SignOutDialog
          kind="others"
          others={others.length}
          onClose={() => setAsking(false)}
          onDone={endedOthers}
          onFailed={(message) => notify(message, "error")}
        />
      )}
    </Panel>
  );
}
