import { randomBytes } from "node:crypto";
import { dropSchema } from "../support/postgres.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { runScript } from "../support/run-script.ts";

const postgres = process.env.TEST_DB === "postgres";
const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let dataDir: string;
let env: Record<string, string>;
const schema = `cli_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

/** Runs `npm run admin -- …` the way a person does (node scripts/admin.ts …). */
const admin = (args: string[], input?: string) => runScript("admin", args, env, input);

/** Runs `use` against the real API on the same database. */
async function withApi<T>(use: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(loadConfig({ ...env, NODE_ENV: "test", LOG_LEVEL: "silent" }), {
    web: false,
    logger: false,
  });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/** Signs in through the real API: the status, and the token when it answers one. */
function signIn(email: string, password: string): Promise<{ status: number; token?: string }> {
  return withApi(async (app) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    const body = response.json<{ token?: string }>();
    return { status: response.statusCode, token: body.token };
  });
}

async function login(email: string, password: string): Promise<number> {
  return (await signIn(email, password)).status;
}

/** A token signed in for this admin now (the sign-in must work). */
async function tokenOf(email: string, password: string): Promise<string> {
  const { status, token } = await signIn(email, password);
  expect(status).toBe(200);
  return token!;
}

/** What GET /api/auth/me answers for the token. */
function me(token: string): Promise<number> {
  return withApi(async (app) => {
    const response = await app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${token}` },
    });
    return response.statusCode;
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "agency-cli-"));
  env = {
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ...(postgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: "" }),
  };
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (postgres) {
    await dropSchema(schema);
  }
});

describe("npm run admin", () => {
  it("creates an admin with a generated password printed once, which then signs in", async () => {
    const run = await admin(["create", "--email", "Owner@Agency.test"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Created admin owner@agency.test.");
    const password = /Password \(shown once\): (\S+)/.exec(run.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await login("owner@agency.test", password!)).toBe(200);
    expect(await login("owner@agency.test", "not the password")).toBe(401);
  });

  it("creates an editor with a password from stdin and never prints it", async () => {
    const secret = "a long stdin password 123";
    const run = await admin(
      ["create", "--email", "staff@agency.test", "--role", "editor", "--password-stdin"],
      secret,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Role: editor.");
    expect(run.stdout).not.toContain(secret);
    expect(await login("staff@agency.test", secret)).toBe(200);
  });

  it("refuses a duplicate e-mail, a short password and a bad e-mail with a message", async () => {
    const duplicate = await admin(["create", "--email", "staff@agency.test"]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
    const short = await admin(["create", "--email", "x@agency.test", "--password-stdin"], "short");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("at least 12 characters");
    const bad = await admin(["create", "--email", "not-an-email"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("not a valid e-mail address");
  });

  it("refuses a common password, only spaces, or the account's own e-mail, saying why", async () => {
    for (const [secret, why] of [
      ["passwordpassword", "common and breached passwords"],
      ["            ", "only spaces"],
      ["new.person@agency.test", "your e-mail address"],
      ["new.person2024", "your e-mail address"],
    ] as const) {
      const run = await admin(
        ["create", "--email", "new.person@agency.test", "--password-stdin"],
        secret,
      );
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain(why);
    }
    const reset = await admin(
      ["reset-password", "--email", "staff@agency.test", "--password-stdin"],
      "Password2024!",
    );
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain("common and breached passwords");
    expect(await login("staff@agency.test", "a long stdin password 123")).toBe(200);
  });

  it("lists the admins", async () => {
    const run = await admin(["list"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("owner@agency.test\towner");
    expect(run.stdout).toContain("staff@agency.test\teditor");
  });

  it("resets a password: the old one and its sessions stop working, the new one works", async () => {
    const before = await tokenOf("staff@agency.test", "a long stdin password 123");
    const secret = "the new staff password!";
    const run = await admin(
      ["reset-password", "--email", "staff@agency.test", "--password-stdin"],
      secret,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("every session of it is signed out");
    expect(await login("staff@agency.test", "a long stdin password 123")).toBe(401);
    expect(await me(before)).toBe(401);
    expect(await me(await tokenOf("staff@agency.test", secret))).toBe(200);
    const unknown = await admin(["reset-password", "--email", "nobody@agency.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No admin nobody@agency.test.");
  });

  it("signs out every session of an admin; a new sign-in works", async () => {
    const password = "the new staff password!";
    const first = await tokenOf("staff@agency.test", password);
    const second = await tokenOf("staff@agency.test", password);
    const run = await admin(["sign-out", "--email", "Staff@Agency.test"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Signed out every session of Staff@Agency.test.");
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(401);
    expect(await me(await tokenOf("staff@agency.test", password))).toBe(200);
    const unknown = await admin(["sign-out", "--email", "nobody@agency.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No admin nobody@agency.test.");
  });

  it("reset-2fa removes a person's app, recovery codes and passkeys, in the activity log", async () => {
    const password = "a second step to lose 1";
    expect(
      (await admin(["create", "--email", "lost@agency.test", "--password-stdin"], password)).code,
    ).toBe(0);
    const token = await tokenOf("lost@agency.test", password);
    const headers = { authorization: `Bearer ${token}` };
    await withApi(async (app) => {
      const setup = await app.inject({
        method: "POST",
        url: "/api/auth/totp/setup",
        headers,
        payload: { currentPassword: password },
      });
      const secret = setup.json<{ secret: string }>().secret;
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
      const confirm = await app.inject({
        method: "POST",
        url: "/api/auth/totp/confirm",
        headers,
        payload: { code },
      });
      expect(confirm.statusCode).toBe(200);
      const { db } = app.services.database;
      const { id } = await db
        .selectFrom("admins")
        .select("id")
        .where("email", "=", "lost@agency.test")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("admin_passkeys")
        .values({
          id: "cred-1",
          admin_id: id,
          name: "Phone",
          public_key: "key",
          created_at: "2026-11-28T10:00:00.000Z",
        })
        .execute();
    });
    // The password alone is no longer enough.
    expect((await signIn("lost@agency.test", password)).token).toBeUndefined();
    const run = await admin(["reset-2fa", "--email", "Lost@Agency.test"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Removed from lost@agency.test: the authenticator app, 10 unused recovery codes, 1 passkey.",
    );
    expect((await signIn("lost@agency.test", password)).token).toBeTypeOf("string");
    const entry = await withApi((app) =>
      app.services.database.db
        .selectFrom("audit_log")
        .select(["actor_email", "entity_type", "summary"])
        .where("action", "=", "second-step-reset")
        .executeTakeFirstOrThrow(),
    );
    expect(entry.actor_email).toBe("command line");
    expect(entry.entity_type).toBe("admin");
    expect(JSON.parse(entry.summary).after.removed).toContain("1 passkey");
  });

  it("deletes an admin, who can then no longer sign in nor use a session", async () => {
    const session = await tokenOf("staff@agency.test", "the new staff password!");
    const run = await admin(["delete", "--email", "staff@agency.test"]);
    expect(run.code).toBe(0);
    expect(await me(session)).toBe(401);
    expect(await login("staff@agency.test", "the new staff password!")).toBe(401);
    const list = await admin(["list"]);
    expect(list.stdout).not.toContain("staff@agency.test");
  });

  it("explains its usage for a missing or unknown command and a missing e-mail", async () => {
    expect((await admin([])).code).toBe(1);
    const unknown = await admin(["promote"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "promote"');
    const noEmail = await admin(["delete"]);
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain("needs --email");
    const signOut = await admin(["sign-out"]);
    expect(signOut.code).toBe(1);
    expect(signOut.stderr).toContain('"sign-out" needs --email');
    expect((await admin(["--help"])).stdout).toContain("sign-out --email <e-mail>");
    expect((await admin(["--help"])).stdout).toContain("reset-2fa --email <e-mail>");
  });

  it("stops with a one-line message on a bad setting", async () => {
    const saved = env;
    env = { ...env, TOKEN_TTL: "forever" };
    try {
      const run = await admin(["list"]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain("TOKEN_TTL");
    } finally {
      env = saved;
    }
  });
});
