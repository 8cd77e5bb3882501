// My sessions (issue 34, decision 0038): every browser or client signed in to my account,
// and ending them. Each answer is checked with the shared schemas.
import {
  sessionListSchema,
  sessionsEndedSchema,
  signedOutEverywhereSchema,
  type StaffSession,
} from "../../../common/schemas/sign-in.ts";
import { api, clearToken, getToken } from "../admin-api.ts";

export type { StaffSession };

/** GET /api/auth/sessions: mine, the most recently active first, this one marked `current`. */
export async function listSessions(): Promise<StaffSession[]> {
  return sessionListSchema.parse(await api<unknown>("/auth/sessions")).sessions;
}

/** DELETE /api/auth/sessions/:id: that browser's next call answers 401. */
export async function endSession(id: string): Promise<void> {
  await api(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * POST /api/auth/sessions/end-others: every session of mine but this one ends; the passkeys
 * named go first (issue 46). Answers how many passkeys went.
 */
export async function endOtherSessions(removePasskeys: string[] = []): Promise<number> {
  const answer = sessionsEndedSchema.parse(
    await api<unknown>("/auth/sessions/end-others", {
      method: "POST",
      ...(removePasskeys.length > 0 ? { json: { removePasskeys } } : {}),
    }),
  );
  return answer.passkeysRemoved ?? 0;
}

/**
 * POST /api/auth/logout-all: every session of mine ends, this one too; the passkeys named go
 * first (issue 46).
 */
export async function signOutEverywhere(removePasskeys: string[] = []): Promise<void> {
  signedOutEverywhereSchema.parse(
    await api<unknown>("/auth/logout-all", {
      method: "POST",
      ...(removePasskeys.length > 0 ? { json: { removePasskeys } } : {}),
    }),
  );
}

/**
 * Signs this browser out: ends its session on the server (POST /api/auth/logout, best
 * effort: a session already gone or a lost connection must not keep anyone signed in here),
 * then forgets the token. Not through `api`, whose 401 would go to the sign-in page first.
 */
export async function signOutHere(): Promise<void> {
  const token = getToken();
  clearToken();
  if (!token) return;
  try {
    await fetch("/api/auth/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // Offline: the token is forgotten here and expires on its own.
  }
}

/** "Chrome 131 on Android 14", "Unknown browser on Windows", "Unknown device". */
export function deviceName(session: Pick<StaffSession, "browser" | "os">): string {
  if (!session.browser && !session.os) return "Unknown device";
  return `${session.browser || "Unknown browser"}${session.os ? ` on ${session.os}` : ""}`;
}
