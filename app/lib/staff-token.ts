// Where the back office keeps a signed-in staff member's token: localStorage `adminToken`
// (the spec's name). A module of its own, so that the public pages' beacon (app/lib/beacon.ts)
// can tell staff from visitors without bringing the back office's API code into their bundle.

export const TOKEN_KEY = "adminToken";

/** The stored token, or null when none is kept or storage is blocked. */
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
