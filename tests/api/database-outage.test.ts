import net, { type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { call, useTestApp } from "./helpers.ts";

// Issue 28: the database goes away under load. Writes answer 503 with Retry-After (never
// 500), pages and public reads keep coming from memory, /api/ready names the database,
// and the log says once that it is unreachable and once that it is back.

const postgres = process.env.TEST_DB === "postgres";
const pages = () => ({ web: true, buildDirectory: inject("buildDir") });

/** A database that can be taken away and given back. */
interface Outage {
  /** Extra settings for the app under test. */
  env: Record<string, string>;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL behind a TCP proxy of our own: cutting it destroys every connection and stops
 * listening (new connections are refused), as when the database server stops.
 */
async function postgresOutage(): Promise<Outage> {
  const target = new URL(
    process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  );
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      proxy.once("error", reject);
      proxy.listen(port, "127.0.0.1", () => {
        port = (proxy.address() as AddressInfo).port;
        server = proxy;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
      for (const socket of sockets) socket.destroy();
    });
  await listen();
  const url = new URL(target);
  url.port = String(port);
  return { env: { DATABASE_URL: url.toString() }, cut, restore: listen, close: cut };
}

/**
 * SQLite locked by another process's write transaction (a backup, the admin CLI, a stuck
 * writer): in WAL mode readers still get in, writers wait `SQLITE_BUSY_TIMEOUT` and fail.
 */
function sqliteOutage(): Outage & { open(file: string): void } {
  let holder: BetterSqlite3.Database | undefined;
  return {
    env: { SQLITE_BUSY_TIMEOUT: "50" },
    open(file) {
      holder = new BetterSqlite3(file);
    },
    async cut() {
      holder!.exec("begin exclusive");
    },
    async restore() {
      holder!.exec("rollback");
    },
    async close() {
      if (holder?.inTransaction) holder.exec("rollback");
      holder?.close();
    },
  };
}

/** The app's pino lines, as objects. */
function logLines() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim()) lines.push(JSON.parse(line) as { level: number; msg: string });
      }
      done();
    },
  });
  return { lines, stream, saying: (text: RegExp) => lines.filter((line) => text.test(line.msg)) };
}

const form = { "content-type": "application/x-www-form-urlencoded" };
/** The home page's enquiry form, as a browser without JavaScript posts it. */
const homeEnquiryForm = () =>
  new URLSearchParams({ intent: "home", kind: "home", ...enquiryPayloads.home }).toString();

describe(`the database going away (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let outage: Outage;
  let headers: { authorization: string };
  const log = logLines();
  // The app's clock (the render cache's too): moved on to expire what the cache holds.
  let clockOffset = 0;
  const t = useTestApp(
    async () => {
      outage = postgres ? await postgresOutage() : sqliteOutage();
      return { LOG_LEVEL: "info", ...outage.env };
    },
    () => ({
      ...pages(),
      logger: true,
      logStream: log.stream,
      clock: () => Date.now() + clockOffset,
    }),
  );

  beforeAll(async () => {
    if (t.config.database.kind === "sqlite") {
      (outage as ReturnType<typeof sqliteOutage>).open(t.config.database.file);
    }
    headers = await t.adminHeaders();
  });
  afterAll(async () => {
    // The database back before the app closes (useTestApp would close it after this hook).
    await outage.restore().catch(() => {});
    await t.close();
    await outage.close();
  });

  const postEnquiry = (i: number) =>
    call<{ error?: string; _id?: string }>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...enquiryPayloads.home, name: `Outage ${i}` },
    });

  it("answers writes 503 with Retry-After, serves pages and reads from memory, and logs it once each way", async () => {
    // Stored before the outage: acknowledged, so it must still be there after.
    const before = await postEnquiry(0);
    expect(before.status).toBe(201);
    // Warm the memory: the home page, a public read, and the page's own reads.
    for (const url of ["/", "/api/blogs", "/api/prices"]) {
      expect((await call(t.app, { method: "GET", url })).status).toBe(200);
    }

    await outage.cut();

    // Many writes at once (one group commit) and one by one: every one a 503, none a 500.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => postEnquiry(i + 1)));
    const oneByOne = [];
    for (let i = 0; i < 5; i++) oneByOne.push(await postEnquiry(100 + i));
    for (const answer of [...burst, ...oneByOne]) {
      expect(answer.status).toBe(503);
      expect(Number(answer.response.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.body).toEqual({
        error: "The database is unavailable right now. Please try again in a few seconds.",
      });
    }
    const subscribe = await call(t.app, {
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "outage@example.com" },
    });
    expect(subscribe.status).toBe(503);
    expect(subscribe.response.headers["retry-after"]).toBeDefined();

    // The form without JavaScript: the page again, with a "try again" message and what
    // the visitor typed, as a 503 (the page's reads come from memory).
    const page = await call<string>(t.app, {
      method: "POST",
      url: "/?index",
      headers: form,
      payload: homeEnquiryForm(),
    });
    expect(page.status).toBe(503);
    expect(page.response.headers["retry-after"]).toBeDefined();
    expect(page.body).toContain("Nothing was lost: please try again in a few seconds.");
    expect(page.body).toContain('value="Ada Obi"');

    // Pages and public reads from memory, even once the render cache's answers have
    // expired (11 minutes on): a render that fails gives way to the last stored answer.
    for (const offset of [0, 11 * 60_000]) {
      clockOffset = offset;
      for (const url of ["/", "/api/blogs", "/api/prices"]) {
        const answer = await call(t.app, { method: "GET", url });
        expect(answer.status).toBe(200);
        expect(answer.response.headers["retry-after"]).toBeUndefined();
      }
    }

    // A page never stored, whose reads fail (PostgreSQL): 503 with Retry-After, not 500.
    const post = await call(t.app, { method: "GET", url: "/blog/no-such-post" });
    expect(post.status).toBe(postgres ? 503 : 404);
    if (postgres) expect(post.response.headers["retry-after"]).toBeDefined();
    // A page that shows a fallback when its reads fail is not stored during the outage.
    const entries = t.app.renderCache!.size.entries;
    expect((await call(t.app, { method: "GET", url: "/blog" })).status).toBe(200);
    expect(t.app.renderCache!.size.entries).toBe(entries);

    // Liveness and readiness probes, as a load balancer sends them, add nothing per probe.
    for (let i = 0; i < 3; i++) {
      expect((await call(t.app, { method: "GET", url: "/api/health" })).status).toBe(
        postgres ? 503 : 200,
      );
      expect((await call(t.app, { method: "GET", url: "/api/ready" })).status).toBe(503);
    }
    expect(log.saying(/health check failed/)).toHaveLength(0);
    expect(log.saying(/not ready/)).toHaveLength(1);
    // The log (not the answer) says what kind of failure it is.
    expect(log.saying(/not ready/)[0]).toMatchObject({
      err: { failures: { database: postgres ? "unreachable" : "busy" } },
    });

    const ready = await call(t.app, { method: "GET", url: "/api/ready" });
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: "unavailable",
      failing: ["database"],
      checks: { database: "unavailable" },
    });

    // The admin's reads: PostgreSQL is gone altogether (503); a locked SQLite still reads.
    const inbox = await call(t.app, { method: "GET", url: "/api/contact", headers });
    expect(inbox.status).toBe(postgres ? 503 : 200);

    expect(log.saying(/database unreachable/)).toHaveLength(1);
    expect(log.saying(/database is back/)).toHaveLength(0);
    expect(log.saying(/unhandled error/)).toHaveLength(0);

    await outage.restore();
    await vi.waitFor(() => expect(log.saying(/database is back/)).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    expect(log.saying(/database unreachable/)).toHaveLength(1);

    expect((await call(t.app, { method: "GET", url: "/api/ready" })).status).toBe(200);
    const after = await postEnquiry(200);
    expect(after.status).toBe(201);
    // Nothing acknowledged was lost, and nothing refused was stored.
    const stored = await call<{ name: string }[]>(t.app, {
      method: "GET",
      url: "/api/contact",
      headers,
    });
    expect(stored.body.map((enquiry) => enquiry.name).sort()).toEqual(["Outage 0", "Outage 200"]);
    // No error line but readiness's own (one, above): a write refused for an outage is not one.
    expect(
      log.lines.filter((line) => line.level >= 50 && line.msg !== "not ready: database"),
    ).toEqual([]);
  });
});
