// The back office's calls about staff accounts (issue 13), each answer checked with the
// shared schemas (common/schemas/accounts.ts, common/schemas/auth.ts).
import {
  emailChangeResultSchema,
  invitationSentSchema,
  messageResponseSchema,
  resetLinkSchema,
  staffListSchema,
  staffMemberSchema,
  type AdminRole,
  type Invitation,
  type InvitationSent,
  type ResetLink,
  type StaffList,
  type StaffMember,
} from "../../../common/schemas/accounts.ts";
import { meResponseSchema, tokenResponseSchema, type Me } from "../../../common/schemas/auth.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { loginResponseSchema, type SecondStepChallenge } from "../../../common/schemas/sign-in.ts";
import { api, ApiError, setToken } from "../admin-api.ts";

export type { AdminRole, Invitation, InvitationSent, Me, ResetLink, StaffList, StaffMember };

/** GET /api/auth/me: who is signed in, and their role. */
export async function getMe(): Promise<Me> {
  return meResponseSchema.parse(await api<unknown>("/auth/me"));
}

/**
 * POST /api/auth/password. Every session of the account ends on the server; the fresh
 * token it answers keeps this browser signed in.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { token } = tokenResponseSchema.parse(
    await api<unknown>("/auth/password", {
      method: "POST",
      json: { currentPassword, newPassword },
    }),
  );
  setToken(token);
}

/** GET /api/staff; null when the signed-in admin is not an owner (403). */
export async function listStaff(): Promise<StaffList | null> {
  try {
    return staffListSchema.parse(await api<unknown>("/staff"));
  } catch (problem) {
    if (problem instanceof ApiError && problem.status === 403) return null;
    throw problem;
  }
}

/**
 * POST /api/staff/invitations: mails the invitation; answers it, with the one-time link
 * when no mail went (`mailed` false).
 */
export async function inviteStaff(email: string, role: AdminRole): Promise<InvitationSent> {
  return invitationSentSchema.parse(
    await api<unknown>("/staff/invitations", { method: "POST", json: { email, role } }),
  );
}

/** POST /api/staff/reset-links/{id}: mailed to them, or (no mail) the link, once. */
export async function makeResetLink(id: string): Promise<ResetLink> {
  return resetLinkSchema.parse(
    await api<unknown>(`/staff/reset-links/${encodeURIComponent(id)}`, { method: "POST" }),
  );
}

/** PATCH /api/auth/me: sets my name; answers me. */
export async function setMyName(name: string): Promise<Me> {
  return meResponseSchema.parse(
    await api<unknown>("/auth/me", { method: "PATCH", json: { name } }),
  );
}

/** PATCH /api/auth/me: turns my weekly traffic report on or off (owners); answers me. */
export async function setMyWeeklyReport(weeklyReport: boolean): Promise<Me> {
  return meResponseSchema.parse(
    await api<unknown>("/auth/me", { method: "PATCH", json: { weeklyReport } }),
  );
}

/** POST /api/auth/email: changed at once (no mail) or a confirmation link mailed. */
export async function changeMyEmail(email: string, currentPassword: string) {
  return emailChangeResultSchema.parse(
    await api<unknown>("/auth/email", { method: "POST", json: { email, currentPassword } }),
  );
}

/** DELETE /api/staff/invitations/{id}. */
export async function withdrawInvitation(id: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/staff/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

/** DELETE /api/staff/{id}. */
export async function removeStaff(id: string): Promise<void> {
  successResponse.parse(
    await api<unknown>(`/staff/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

/** PATCH /api/staff/{id}: answers the person with the new role. */
export async function changeRole(id: string, role: AdminRole): Promise<StaffMember> {
  return staffMemberSchema.parse(
    await api<unknown>(`/staff/${encodeURIComponent(id)}`, { method: "PATCH", json: { role } }),
  );
}

/**
 * A call of the signed-out pages (no token, and a refusal is not a sign-out): answers the
 * JSON body, or throws an ApiError with the server's reason.
 */
async function publicPost(path: string, body: object): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Please check the connection.");
  }
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof answer?.error === "string" ? answer.error : `Request failed (${response.status}).`,
    );
  }
  return answer;
}

/** POST /api/auth/forgot-password: answers the neutral message the server gives. */
export async function requestPasswordReset(email: string): Promise<string> {
  return messageResponseSchema.parse(await publicPost("/auth/forgot-password", { email })).message;
}

/** POST /api/auth/confirm-email: the new address is the account's; answers the message. */
export async function confirmEmail(token: string): Promise<string> {
  return messageResponseSchema.parse(await publicPost("/auth/confirm-email", { token })).message;
}

/**
 * POST /api/auth/reset-password: sets the password. Answers what the password sign-in
 * answers: this browser is signed in (the token is kept), or, for an account with a second
 * step, the ticket for it (nobody is signed in yet).
 */
export async function resetPassword(
  token: string,
  password: string,
): Promise<{ signedIn: true } | SecondStepChallenge> {
  const answer = loginResponseSchema.parse(
    await publicPost("/auth/reset-password", { token, password }),
  );
  if ("secondStep" in answer) return answer;
  setToken(answer.token);
  return { signedIn: true };
}

/** POST /api/auth/accept-invite: creates the account and signs this browser in. */
export async function acceptInvitation(
  token: string,
  name: string,
  password: string,
): Promise<void> {
  const answer = await publicPost("/auth/accept-invite", { token, name, password });
  setToken(tokenResponseSchema.parse(answer).token);
}

/** The single-use token of a mailed link: it is in the fragment (`#token=…`). */
export function linkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}
