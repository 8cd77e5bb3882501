import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "../../common/schemas/blog.ts";
import type { BlogsTable } from "../../server/db/schema.ts";
import { insertPosts } from "../factories/blogs.ts";
import { STREAM_BATCH } from "../../server/db/lists.ts";
import { call, multipart, useTestApp, type TestApp } from "./helpers.ts";

// The blog list a page at a time, the whole list streamed, and the full-text search
// (issue 28), on SQLite and PostgreSQL.

type Answer = Blog[] & { error?: string };

/** The list's order: newest publication first, then the larger id. */
const newestFirst = (rows: BlogsTable[]) =>
  [...rows].sort((a, b) =>
    a.published_at === b.published_at
      ? b.id.localeCompare(a.id)
      : b.published_at!.localeCompare(a.published_at!),
  );

/** Sends the blog form (POST a new post, PATCH a post) as the admin of `headers`. */
function sendPost(
  t: TestApp,
  headers: { authorization: string },
  fields: Record<string, string>,
  target: { method: "POST" | "PATCH"; url: string } = { method: "POST", url: "/api/blogs" },
) {
  const form = multipart(fields);
  return call<Blog>(t.app, {
    ...target,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

describe("the blog list in pages, and whole", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  let rows: BlogsTable[];
  // More than two batches of the streamed list, with ties of publication time; in pages of
  // 100 the last page holds 50.
  const POSTS = STREAM_BATCH * 2 + 50;
  const PAGES = Math.ceil(POSTS / 100);
  beforeAll(async () => {
    headers = await t.adminHeaders();
    rows = newestFirst(await insertPosts(t.app.services.database.db, POSTS, { same: 3 }));
  });

  const get = (url: string, extra: Record<string, string> = {}) =>
    call<Answer>(t.app, { method: "GET", url, headers: extra });

  it("answers a page with X-Total-Count, newest first; a page past the end is empty", async () => {
    const first = await get("/api/blogs?page=1&pageSize=10");
    expect(first.status).toBe(200);
    expect(first.response.headers["x-total-count"]).toBe(String(POSTS));
    expect(first.body.map((blog) => blog._id)).toEqual(rows.slice(0, 10).map((row) => row.id));
    const third = await get("/api/blogs?page=3&pageSize=100");
    expect(third.body.map((blog) => blog._id)).toEqual(rows.slice(200, 300).map((row) => row.id));
    const last = await get(`/api/blogs?page=${PAGES}&pageSize=100`);
    expect(last.body).toHaveLength(50);
    const beyond = await get(`/api/blogs?page=${PAGES + 1}&pageSize=100`);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.response.headers["x-total-count"]).toBe(String(POSTS));
    // page alone: pages of 12; pageSize alone: the first page.
    expect((await get("/api/blogs?page=2")).body.map((blog) => blog._id)).toEqual(
      rows.slice(12, 24).map((row) => row.id),
    );
    expect((await get("/api/blogs?pageSize=5")).body).toHaveLength(5);
  });

  it("refuses a bad page or page size with 400 JSON", async () => {
    for (const query of [
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "page=",
      "pageSize=0",
      "pageSize=101",
      "pageSize=ten",
      "page=99999999999",
    ]) {
      const answer = await get(`/api/blogs?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toMatch(/Page/);
      const admin = await get(`/api/admin/blogs?${query}`, headers);
      expect(admin.status, query).toBe(400);
    }
    expect((await get("/api/blogs?pageSize=100")).status).toBe(200);
  });

  it("streams every post without paging: the same JSON as the pages, in the same order", async () => {
    const whole = await t.app.inject({ method: "GET", url: "/api/blogs" });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toMatch(/^application\/json/);
    const list = whole.json<Blog[]>();
    expect(list.map((blog) => blog._id)).toEqual(rows.map((row) => row.id));
    const pages: Blog[] = [];
    for (let page = 1; page <= PAGES; page++) {
      pages.push(...(await get(`/api/blogs?page=${page}&pageSize=100`)).body);
    }
    expect(list).toEqual(pages);
  });

  it("pages and streams the back office's list too, drafts included", async () => {
    const draft = await sendPost(t, headers, {
      title: "A draft",
      content: "Not yet",
      status: "draft",
    });
    expect(draft.status).toBe(201);
    const first = await get("/api/admin/blogs?page=1&pageSize=3", headers);
    expect(first.status).toBe(200);
    expect(first.response.headers["x-total-count"]).toBe(String(POSTS + 1));
    expect(first.body[0]!._id).toBe(draft.body._id);
    const whole = await get("/api/admin/blogs", headers);
    expect(whole.body).toHaveLength(POSTS + 1);
    expect(whole.body.slice(0, 3)).toEqual(first.body);
    expect((await get("/api/admin/blogs?page=1")).status).toBe(401);
    // Drafts are never in the public list.
    expect((await get("/api/blogs")).body.map((blog) => blog._id)).not.toContain(draft.body._id);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/blogs/${draft.body._id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
  });

  it("searches with paging: X-Total-Count counts the matches", async () => {
    // "Post 1", "Post 10"…"Post 19", "Post 100"…"Post 199": titles holding a word that starts with 1.
    const matches = rows.filter((row) => /^Post 1/.test(row.title));
    const page = await get("/api/blogs?q=post%201&page=2&pageSize=10");
    expect(page.response.headers["x-total-count"]).toBe(String(matches.length));
    expect(page.body.map((blog) => blog._id)).toEqual(matches.slice(10, 20).map((row) => row.id));
    const whole = await get("/api/blogs?q=post%201");
    expect(whole.body.map((blog) => blog._id)).toEqual(matches.map((row) => row.id));
  });
});

describe("the blog search", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const create = async (title: string, content: string) => {
    const answer = await sendPost(t, headers, { title, content });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const find = async (q: string) => {
    const answer = await call<Answer>(t.app, {
      method: "GET",
      url: `/api/blogs?q=${encodeURIComponent(q)}&page=1&pageSize=50`,
    });
    expect(answer.status, q).toBe(200);
    return answer.body.map((blog) => blog._id);
  };

  it("finds posts by the words of their title and points, as words or the start of words", async () => {
    const ads = await create("Running ads in Lagos", "Budgets in naira\n* Targeting Abuja too");
    const growth = await create("Growth on Instagram", "Reels and stories grow reach");
    expect(await find("lagos")).toEqual([ads._id]);
    expect(await find("NAIRA budgets")).toEqual([ads._id]);
    expect(await find("abu")).toEqual([ads._id]);
    expect(await find("grow")).toEqual([growth._id]);
    expect(await find("in")).toEqual([growth._id, ads._id]);
    expect(await find("lagos instagram")).toEqual([]);
    expect(await find("budget")).toEqual([ads._id]);
  });

  it("keeps the index in step with every write: edit, unpublish and delete", async () => {
    const post = await create("Zebra crossing campaign", "Street posters");
    expect(await find("zebra")).toEqual([post._id]);
    const target = { method: "PATCH", url: `/api/blogs/${post._id}` } as const;
    const edited = await sendPost(
      t,
      headers,
      { title: "Giraffe campaign", content: "Tall posters" },
      target,
    );
    expect(edited.status).toBe(200);
    expect(await find("zebra")).toEqual([]);
    expect(await find("giraffe tall")).toEqual([post._id]);
    expect((await sendPost(t, headers, { status: "draft" }, target)).status).toBe(200);
    expect(await find("giraffe")).toEqual([]);
    await t.app.inject({ method: "DELETE", url: `/api/blogs/${post._id}`, headers });
    expect(await find("giraffe")).toEqual([]);
  });

  it("takes hostile input as words, never as query syntax", async () => {
    const near = await create(
      "NEAR the OR gate: AND, NOT",
      'Quotes "like this", stars * and -dashes',
    );
    const hostile = [
      '"',
      '""',
      "'",
      "''",
      "*",
      "**",
      "a*",
      "*a",
      "NEAR",
      "NEAR(a b, 2)",
      "a NEAR/2 b",
      "OR",
      "a OR b",
      "AND",
      "NOT",
      "a NOT b",
      "-a",
      "+a",
      "^a",
      "title:near",
      "{title body}: near",
      "(",
      ")",
      "((a)",
      "a & b | !c <-> d",
      "a:*",
      "a:* & 'b'",
      "\\",
      "\\'",
      "'; drop table blogs; --",
      '" OR 1=1 --',
      "%",
      "_",
      "\u0000",
      "😀🚀",
      "ṢỌ́PÙ",
      "日本語",
      "ا",
      "e\u0301",
      "\u200b",
      "a".repeat(200),
      "! ".repeat(100),
      Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "),
    ];
    for (const q of hostile) await find(q);
    // The operators of either engine are plain words to search for.
    expect(await find("NEAR")).toEqual([near._id]);
    expect(await find("or AND not")).toEqual([near._id]);
    expect(await find('"like this"')).toEqual([near._id]);
    expect(await find("dashes*")).toEqual([near._id]);
    expect(await find("-dashes")).toEqual([near._id]);
    expect(await find("gate:*")).toEqual([near._id]);
    // The table is still there, and the list whole.
    const count = await sql<{ n: number }>`select count(*) as n from blogs`.execute(
      t.app.services.database.db,
    );
    expect(Number(count.rows[0]!.n)).toBeGreaterThan(0);
    // The same through the page, without paging, and with a bad page.
    for (const q of ['"', "((", "gate:* & 'zzz'"]) {
      const answer = await t.app.inject({
        method: "GET",
        url: `/api/blogs?q=${encodeURIComponent(q)}`,
      });
      expect(answer.statusCode, q).toBe(200);
      expect(answer.json()).toEqual([]);
    }
  });
});
