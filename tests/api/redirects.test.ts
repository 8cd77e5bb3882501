import { describe, expect, it } from "vitest";
import type { NotFoundEntry, Redirect } from "../../common/schemas/redirects.ts";
import { call, expectAdminOnly, multipart, useTestApp } from "./helpers.ts";

// Redirects and the "Not found" list (issue 51): old addresses answer 301/302 from memory,
// hits and 404s are counted in memory and written in batches.

const t = useTestApp({}, { trafficFlushMs: 0 });

async function create(headers: { authorization: string }, payload: object) {
  return call<Redirect & { error?: string }>(t.app, {
    method: "POST",
    url: "/api/admin/redirects",
    headers,
    payload,
  });
}

describe("redirects", () => {
  it("are for staff only", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/admin/redirects" });
    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/admin/redirects",
      payload: { from: "/a", to: "/b" },
    });
    await expectAdminOnly(t, { method: "GET", url: "/api/admin/not-found" });
  });

  it("answer an old address with its new one, whatever its case or trailing slash, query kept", async () => {
    const headers = await t.adminHeaders();
    const made = await create(headers, { from: "/2023/05/Old-News/", to: "/blog/news" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ from: "/2023/05/old-news", to: "/blog/news", status: 301 });

    for (const url of ["/2023/05/old-news/", "/2023/05/OLD-NEWS", "/2023/05/old-news"]) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(301);
      expect(answer.headers.location).toBe("/blog/news");
    }
    const tagged = await t.app.inject({ url: "/2023/05/old-news/?utm_source=whatsapp" });
    expect(tagged.headers.location).toBe("/blog/news?utm_source=whatsapp");
    // HEAD too; a form post to the old address is not redirected.
    expect((await t.app.inject({ method: "HEAD", url: "/2023/05/old-news/" })).statusCode).toBe(
      301,
    );
  });

  it("match WordPress's /?p=ID by its parameter, other parameters or not", async () => {
    const headers = await t.adminHeaders();
    expect(
      (await create(headers, { from: "/?p=123", to: "/blog/hello", status: 302 })).status,
    ).toBe(201);
    for (const url of ["/?p=123", "/?utm_medium=x&p=123"]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location).toBe("/blog/hello");
    }
    expect((await t.app.inject({ url: "/?p=124" })).statusCode).not.toBe(302);
  });

  it("take a whole address of the old site as its path", async () => {
    const headers = await t.adminHeaders();
    const made = await create(headers, { from: "https://old.example.com/about-us/", to: "/about" });
    expect(made.body.from).toBe("/about-us");
  });

  it("refuse loops, the same address, reserved places and bad targets with a 4xx", async () => {
    const headers = await t.adminHeaders();
    expect((await create(headers, { from: "/loop-a", to: "/loop-b" })).status).toBe(201);
    const loop = await create(headers, { from: "/loop-b/", to: "/loop-a" });
    expect(loop.status).toBe(400);
    expect(loop.body.error).toMatch(/loop/);
    expect((await create(headers, { from: "/same/", to: "/Same" })).status).toBe(400);
    expect((await create(headers, { from: "/admin/login", to: "/x" })).status).toBe(400);
    expect((await create(headers, { from: "/api/blogs", to: "/x" })).status).toBe(400);
    expect((await create(headers, { from: "/x1", to: "javascript:alert(1)" })).status).toBe(400);
    expect((await create(headers, { from: "/x2", to: "//evil.example" })).status).toBe(400);
    expect((await create(headers, { from: "/x3", to: "/y", status: 307 })).status).toBe(400);
    expect((await create(headers, { from: "/loop-a/", to: "/elsewhere" })).status).toBe(409);
  });

  it("are read from memory: an answer never reads the table", async () => {
    const headers = await t.adminHeaders();
    const made = await create(headers, { from: "/memory-only", to: "https://example.com/x" });
    // Gone from the table behind the service's back: the map still answers.
    await t.app.services.database.db
      .deleteFrom("redirects")
      .where("id", "=", made.body.id)
      .execute();
    const answer = await t.app.inject({ url: "/memory-only" });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe("https://example.com/x");
  });

  it("count hits in memory and write them in one flush", async () => {
    const headers = await t.adminHeaders();
    const made = await create(headers, { from: "/counted", to: "/blog" });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: "/counted/" });
    const before = await t.app.services.database.db
      .selectFrom("redirects")
      .select("hits")
      .where("id", "=", made.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(before.hits)).toBe(0);
    await t.app.services.redirects.flush();
    const list = await call<Redirect[]>(t.app, {
      url: "/api/admin/redirects?q=counted",
      headers,
    });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ hits: 3 });
    expect(list.body[0]!.lastHitAt).not.toBeNull();
  });

  it("change and remove", async () => {
    const headers = await t.adminHeaders();
    const made = await create(headers, { from: "/to-change", to: "/blog" });
    const changed = await call<Redirect>(t.app, {
      method: "PUT",
      url: `/api/admin/redirects/${made.body.id}`,
      headers,
      payload: { from: "/to-change", to: "/contact", status: 302 },
    });
    expect(changed.body).toMatchObject({ to: "/contact", status: 302 });
    expect((await t.app.inject({ url: "/to-change" })).headers.location).toBe("/contact");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/redirects/${made.body.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/to-change" })).statusCode).toBe(404);
  });

  it("import a CSV, naming each refused line", async () => {
    const headers = await t.adminHeaders();
    const csv = [
      "From,To,Status",
      "/csv-one/,/blog,301",
      "/csv-two,/contact,",
      "/admin,/x,301",
      "/csv-three,/blog/x,308",
      "/csv-one,/about,302",
    ].join("\n");
    const form = multipart({}, [
      { field: "file", filename: "r.csv", contentType: "text/csv", data: Buffer.from(csv) },
    ]);
    const result = await call<{ added: number; updated: number; errors: { line: number }[] }>(
      t.app,
      {
        method: "POST",
        url: "/api/admin/redirects/import",
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ added: 2, updated: 1 });
    expect(result.body.errors.map((error) => error.line)).toEqual([4, 5]);
    expect((await t.app.inject({ url: "/csv-one" })).headers.location).toBe("/about");
    const notCsv = multipart({}, [
      { field: "file", filename: "r.csv", contentType: "text/csv", data: Buffer.from("a,b\n1,2") },
    ]);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/redirects/import",
      headers: { ...headers, ...notCsv.headers },
      payload: notCsv.payload,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe("the Not found list", () => {
  it("counts 404s per address, bots apart, newest first, and forgets an address once redirected", async () => {
    const headers = await t.adminHeaders();
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" };
    const bot = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
    await t.app.inject({ url: "/old/first-missing/", headers: browser });
    await t.app.inject({ url: "/old/first-missing", headers: browser });
    await t.app.inject({ url: "/old/first-missing", headers: bot });
    await t.app.inject({ url: "/wp-login.php", headers: bot });
    await t.app.services.redirects.flush();
    await t.app.inject({ url: "/old/second-missing", headers: browser });
    // The server's own paths are not a visitor's lost page.
    await t.app.inject({ url: "/api/nothing", headers: browser });
    await t.app.services.redirects.flush();

    const list = await call<NotFoundEntry[]>(t.app, { url: "/api/admin/not-found", headers });
    expect(list.body.map((entry) => entry.path)).toEqual([
      "/old/second-missing",
      "/old/first-missing",
    ]);
    expect(list.body[1]).toMatchObject({ hits: 2, botHits: 1 });
    const withBots = await call<NotFoundEntry[]>(t.app, {
      url: "/api/admin/not-found?bots=true",
      headers,
    });
    expect(withBots.body.map((entry) => entry.path)).toContain("/wp-login.php");

    expect((await create(headers, { from: "/old/first-missing/", to: "/blog" })).status).toBe(201);
    const after = await call<NotFoundEntry[]>(t.app, { url: "/api/admin/not-found", headers });
    expect(after.body.map((entry) => entry.path)).toEqual(["/old/second-missing"]);

    const dismissed = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/not-found",
      headers,
      payload: { path: "/old/second-missing" },
    });
    expect(dismissed.statusCode).toBe(200);
  });
});
