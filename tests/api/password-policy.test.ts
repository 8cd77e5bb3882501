import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newPasswordSchema, passwordMessages } from "../../common/schemas/auth.ts";
import { call, TEST_PASSWORD, useTestApp } from "./helpers.ts";

/**
 * The refusal of `password` sent as `field`: the schema's rules name the field in `fields`
 * (decision 0053); the rules that need the account (its e-mail, the agency's name, the
 * common passwords) are the service's, with the same message and no field.
 */
const refusal = (password: string, field: string, why: string) =>
  newPasswordSchema.safeParse(password).success
    ? { error: why }
    : { error: why, fields: { [field]: why } };

// Issue 46, item 14 (ASVS 5.0 V6): one rule for every place a password is set. My account's
// change, a reset link and an invitation refuse a listed password, only spaces, the account's
// own e-mail (or the name before its @) and the agency's stored name, with a 400 that says
// why; a refused password leaves the link usable. The command line: tests/api/admin-cli.test.ts.

type Headers = { authorization: string };
const GOOD = "a brand new password 42";

describe("the new-password rule in the API", () => {
  const t = useTestApp({ PUBLIC_ORIGIN: "https://agency.test" });

  async function person(role: "owner" | "editor" = "owner") {
    const email = `ngozi.${randomBytes(3).toString("hex")}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD, role);
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.body.token}` };
    const { id } = (
      await call<{ id: string }>(t.app, { method: "GET", url: "/api/auth/me", headers })
    ).body;
    return { email, id, headers };
  }
  const post = <T = { error?: string; token?: string }>(
    url: string,
    payload: object,
    headers: Partial<Headers> = {},
  ) => call<T>(t.app, { method: "POST", url, payload, headers });

  /** The refusals every form must give, for an account with this e-mail. */
  const refusals = (email: string) =>
    [
      ["passwordpassword", passwordMessages.common],
      ["            ", passwordMessages.onlySpaces],
      [email, passwordMessages.email],
      [email.split("@")[0]!, passwordMessages.email],
      ["Brightlane Digital 2026", passwordMessages.agency],
    ] as const;

  it("changing my password refuses each, saying why, and keeps the old password", async () => {
    const { email, headers } = await person();
    for (const [newPassword, why] of refusals(email)) {
      const answer = await post(
        "/api/auth/password",
        { currentPassword: TEST_PASSWORD, newPassword },
        headers,
      );
      expect(answer.status, newPassword).toBe(400);
      expect(answer.body).toEqual(refusal(newPassword, "newPassword", why));
    }
    const changed = await post(
      "/api/auth/password",
      { currentPassword: TEST_PASSWORD, newPassword: GOOD },
      headers,
    );
    expect(changed.status).toBe(200);
  });

  it("a reset link refuses each and stays usable for a good one", async () => {
    const owner = await person();
    const { email, id } = await person("editor");
    const made = await post<{ link: string }>(`/api/staff/reset-links/${id}`, {}, owner.headers);
    const token = /#token=([\w-]+)$/.exec(made.body.link)![1]!;
    for (const [password, why] of refusals(email)) {
      const answer = await post("/api/auth/reset-password", { token, password });
      expect(answer.status, password).toBe(400);
      expect(answer.body).toEqual(refusal(password, "password", why));
    }
    const used = await post("/api/auth/reset-password", { token, password: GOOD });
    expect(used.status).toBe(200);
    expect(used.body.token).toBeTypeOf("string");
  });

  it("an invitation refuses each for the invited address, and the agency's stored name", async () => {
    const owner = await person();
    const invited = `chiamaka.${randomBytes(3).toString("hex")}@example.com`;
    const sent = await post<{ link: string }>(
      "/api/staff/invitations",
      { email: invited, role: "editor" },
      owner.headers,
    );
    expect(sent.status).toBe(201);
    const token = /#token=([\w-]+)$/.exec(sent.body.link)![1]!;
    for (const [password, why] of refusals(invited)) {
      const answer = await post("/api/auth/accept-invite", { token, name: "Chiamaka", password });
      expect(answer.status, password).toBe(400);
      expect(answer.body).toEqual(refusal(password, "password", why));
    }
    // The agency's name as the Site identity screen stores it, not the built-in one.
    await t.app.services.identity.save({
      ...(await t.app.services.identity.get()),
      name: "Lagoon Signal Media",
    });
    try {
      const renamed = await post("/api/auth/accept-invite", {
        token,
        name: "Chiamaka",
        password: "LagoonSignal2026!",
      });
      expect(renamed.body).toEqual({ error: passwordMessages.agency });
      const built = await post("/api/auth/accept-invite", {
        token,
        name: "Chiamaka",
        password: "brightlane at dawn",
      });
      expect(built.status).toBe(200);
    } finally {
      await t.app.services.identity.save({
        ...(await t.app.services.identity.get()),
        name: "Brightlane Digital",
      });
    }
  });
});
