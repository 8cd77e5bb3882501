// The code after the password (issue 34), kept apart from the rest of the second step's calls
// (app/lib/admin/two-step.ts): the sign-in page loads this small module, without the shared
// zod schemas.

/** The answer of the second step after the password: a token, or why not. */
export type SecondStepAnswer = { token: string } | { error: string; status: number };

/**
 * POST /api/auth/login/second-step (no token yet, so not through `api`): the ticket of the
 * password screen and a code of the app or a recovery code.
 */
export async function sendSecondStep(ticket: string, code: string): Promise<SecondStepAnswer> {
  const response = await fetch("/api/auth/login/second-step", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ticket, code }),
  });
  const body = (await response.json().catch(() => null)) as {
    token?: unknown;
    error?: unknown;
  } | null;
  if (response.ok && typeof body?.token === "string") return { token: body.token };
  const error = body?.error;
  return {
    status: response.status,
    error:
      typeof error === "string" ? error : `Sign-in failed (${response.status}). Please try again.`,
  };
}
