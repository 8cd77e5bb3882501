import { randomBytes } from "node:crypto";
import { dropSchema } from "../support/postgres.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, expect, onTestFinished, TestRunner } from "vitest";
import type { NewsletterSend } from "../../common/schemas/newsletter.ts";
import { buildApp, type BuildOptions } from "../../server/app.ts";
import { loadConfig, type Config } from "../../server/config.ts";

export const TEST_PASSWORD = "correct horse battery staple";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Signs in a fresh admin and answers its bearer header. */
  adminHeaders(): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** Settings and build options of a test app; a function is read when the app starts. */
type Setting<T> = T | (() => T | Promise<T>);

/**
 * The app of a describe block (or of a file, at its top level), like fastify/demo's
 * `build(t)`: it starts in a `beforeAll` registered here, before the block's own hooks,
 * and closes in an `afterAll`, after them. `env` and `options` may be functions, read
 * when it starts (an SMTP port known only then). Its `app` and `config` are there from
 * the block's first hook on; nothing to close by hand.
 *
 * ```ts
 * const t = useTestApp({ MAX_VIDEO_SIZE: "2mb" });
 * it("…", async () => { await call(t.app, …) });
 * ```
 */
export function useTestApp(
  env: Setting<Record<string, string>> = {},
  options: Setting<BuildOptions> = {},
): TestApp {
  let started: TestApp | undefined;
  const current = () => {
    if (!started)
      throw new Error("useTestApp(): the app starts in beforeAll; use it in a hook or a test");
    return started;
  };
  beforeAll(async () => {
    const settings = typeof env === "function" ? await env() : env;
    const built = typeof options === "function" ? await options() : options;
    started = await createTestApp(settings, built);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    adminHeaders: () => current().adminHeaders(),
    // For a test about closing; the afterAll closes it anyway.
    close: () => current().close(),
  };
}

/**
 * A whole API server on a real database: a temporary SQLite file, or a fresh schema
 * in the PostgreSQL at 127.0.0.1:5432 when the project runs with TEST_DB=postgres.
 * For a test of its own settings or of several apps at once: called inside a test, it
 * closes when the test ends (the last made first, so an app on another's database goes
 * before that one), unless the test closed it. Elsewhere prefer `useTestApp`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "agency-api-"));
  const postgres = process.env.TEST_DB === "postgres";
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "100000",
    ...(postgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const app = await buildApp(config, { web: false, logger: false, ...options });
  await app.ready();
  let admins = 0;
  let closing: Promise<void> | undefined;
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    if (postgres) {
      await dropSchema(schema);
    }
  };
  if (TestRunner.getCurrentTest()) {
    onTestFinished(async () => {
      if (!closing) await (closing = close());
    });
  }
  return {
    app,
    config,
    async adminHeaders() {
      const email = `admin${++admins}-${randomBytes(3).toString("hex")}@example.com`;
      await app.services.admins.create(email, TEST_PASSWORD);
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: TEST_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
    },
    /** Closes the app and removes its data; once, however often it is called. */
    close() {
      return (closing ??= close());
    },
  };
}

/** inject() that also parses the JSON body. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ status: number; body: T; response: LightMyRequestResponse }> {
  const response = await app.inject(options);
  let body: unknown = response.body;
  if ((response.headers["content-type"] ?? "").toString().includes("application/json")) {
    body = response.json();
  }
  return { status: response.statusCode, body: body as T, response };
}

/** Builds a multipart/form-data body for inject(). */
export function multipart(
  fields: Record<string, string | string[]>,
  files: { field: string; filename: string; contentType: string; data: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----agencytest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
        ),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/**
 * Bad Authorization headers an admin-only call must refuse with 401: none, malformed,
 * a foreign signature, an expired token, an unsigned `alg: none` token, and tokens
 * signed with the right key that lack an expiry or a session version.
 */
export async function badAuthHeaders(
  testApp: TestApp,
): Promise<Record<string, Record<string, string>>> {
  const { app } = testApp;
  const good = (await testApp.adminHeaders()).authorization.slice("Bearer ".length);
  const [, payload] = good.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as {
    sub: string;
    email: string;
    ver: number;
  };
  const expired = await app.services.tokens.sign(
    { adminId: claims.sub, email: claims.email, sessionVersion: claims.ver },
    Date.now() - 13 * 3600 * 1000,
  );
  // Validly signed by the server's own key: only the missing claim is wrong.
  const key = new TextEncoder().encode(testApp.config.tokenSecret);
  const handMade = (body: Record<string, unknown>, expires: boolean) => {
    const jwt = new SignJWT(body)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuedAt();
    return (expires ? jwt.setExpirationTime("1h") : jwt).sign(key);
  };
  const noExp = await handMade({ email: claims.email, ver: claims.ver }, false);
  const noVersion = await handMade({ email: claims.email }, true);
  const foreign = `${good.split(".").slice(0, 2).join(".")}.${Buffer.from("not the signature").toString("base64url")}`;
  const none = `${base64url({ alg: "none", typ: "JWT" })}.${payload}.`;
  return {
    missing: {},
    malformed: { authorization: "Bearer not-a-token" },
    "not bearer": { authorization: `Basic ${good}` },
    "wrong signature": { authorization: `Bearer ${foreign}` },
    expired: { authorization: `Bearer ${expired}` },
    "alg none": { authorization: `Bearer ${none}` },
    "no exp": { authorization: `Bearer ${noExp}` },
    "no session version": { authorization: `Bearer ${noVersion}` },
  };
}

/** Asserts that every bad header gets a 401 JSON error from the call. */
export async function expectAdminOnly(testApp: TestApp, request: InjectOptions): Promise<void> {
  const headers = await badAuthHeaders(testApp);
  for (const [label, header] of Object.entries(headers)) {
    const response = await testApp.app.inject({
      ...request,
      headers: { ...(request.headers ?? {}), ...header },
    });
    expect(`${label}: ${response.statusCode}`).toBe(`${label}: 401`);
    expect(response.json<{ error: string }>().error).toBeTypeOf("string");
  }
}

/**
 * The settings that put another app on the same database as `other`: its schema on
 * PostgreSQL, its DATA_DIR (site.db) on SQLite. For tests of several instances.
 */
export function sameDatabase(other: TestApp): Record<string, string> {
  const { database } = other.config;
  return database.kind === "postgres"
    ? { DATABASE_SCHEMA: database.schema! }
    : { DATA_DIR: other.config.dataDir };
}

/** Sets a price (the "take-off" one unless told) through the API (an admin's headers). */
export async function setPrice(
  t: TestApp,
  headers: { authorization: string },
  amount: number,
  key = "take-off",
): Promise<void> {
  const answer = await call(t.app, {
    method: "POST",
    url: "/api/prices",
    headers,
    payload: { key, amount },
  });
  expect(answer.status).toBeLessThan(300);
}

/** Polls `read` until `done` holds of its answer; answers the time it took, fails after `ms`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return Date.now() - start;
    if (Date.now() - start > ms) {
      throw new Error(`not within ${ms} ms; last: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Polls getNewsletterSend until the send is done (10 s at most); answers it. */
export async function newsletterSendDone(
  t: TestApp,
  headers: { authorization: string },
  id: string,
): Promise<NewsletterSend> {
  const read = async () =>
    (
      await call<NewsletterSend>(t.app, {
        method: "GET",
        url: `/api/admin/newsletter/sends/${id}`,
        headers,
      })
    ).body;
  await waitFor(read, (send) => send.state === "done", 10_000);
  return read();
}

/** Makes an editor with this e-mail on `app`, signs them in and answers their bearer header. */
export function editorHeaders(app: FastifyInstance, email: string) {
  return staffHeaders(app, email, "editor");
}

/** Makes a person of this role on `app`, signs them in and answers their bearer header. */
export async function staffHeaders(
  app: FastifyInstance,
  email: string,
  role: "owner" | "editor" | "author",
): Promise<{ authorization: string }> {
  await app.services.admins.create(email, TEST_PASSWORD);
  await app.services.database.db
    .updateTable("admins")
    .set({ role })
    .where("email", "=", email)
    .execute();
  return signIn(app, email);
}

/** Signs in an account of `app` with the test password; answers its bearer header. */
export async function signIn(
  app: FastifyInstance,
  email: string,
): Promise<{ authorization: string }> {
  const { body } = await call<{ token: string }>(app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  return { authorization: `Bearer ${body.token}` };
}
