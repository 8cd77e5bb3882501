import { beforeAll, describe, expect, it } from "vitest";
import type { AdminBlog, BlogRevision, BlogRevisionSummary } from "../../common/schemas/blog.ts";
import { call, multipart, useTestApp } from "./helpers.ts";

type Headers = { authorization: string };

describe("post revisions", () => {
  // The service's clock: each save is a minute after the last unless a test says otherwise.
  let now = Date.parse("2026-11-20T09:00:00Z");
  const t = useTestApp({}, { clock: () => now });
  let ada: Headers;
  let ben: Headers;
  beforeAll(async () => {
    [ada, ben] = await Promise.all([t.adminHeaders(), t.adminHeaders()]);
    await Promise.all(
      [ada, ben].map((headers, i) =>
        call(t.app, {
          method: "PATCH",
          url: "/api/auth/me",
          headers,
          payload: { name: ["Ada", "Ben"][i] },
        }),
      ),
    );
  });

  const save = async (
    headers: Headers,
    fields: Record<string, string>,
    id?: string,
    minutes = 1,
  ) => {
    now += minutes * 60_000;
    const form = multipart(fields);
    const answer = await call<AdminBlog>(t.app, {
      method: id ? "PATCH" : "POST",
      url: id ? `/api/blogs/${id}` : "/api/blogs",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(answer.status).toBeLessThan(300);
    return answer.body;
  };
  const list = (id: string) =>
    call<BlogRevisionSummary[]>(t.app, {
      method: "GET",
      url: `/api/admin/blogs/${id}/revisions`,
      headers: ada,
    });
  const restore = (id: string, revisionId: string) =>
    call<AdminBlog & { error?: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${id}/revisions/${revisionId}/restore`,
      headers: ben,
    });

  it("keeps a revision per save, newest first, with who saved it; a save that changes nothing keeps none", async () => {
    const post = await save(ada, { title: "First words", content: "One", status: "draft" });
    await save(ben, { title: "Second words", content: "Two" }, post._id);
    await save(ada, { title: "Third words", content: "Three" }, post._id);
    await save(ada, { title: "Third words", content: "Three" }, post._id, 10);
    const { status, body } = await list(post._id);
    expect(status).toBe(200);
    expect(body.map((r) => [r.title, r.authorName, r.kind])).toEqual([
      ["Third words", "Ada", "update"],
      ["Second words", "Ben", "update"],
      ["First words", "Ada", "create"],
    ]);
    expect(Date.parse(body[0]!.createdAt)).toBeGreaterThan(Date.parse(body[1]!.createdAt));
    const one = await call<BlogRevision>(t.app, {
      method: "GET",
      url: `/api/admin/blogs/${post._id}/revisions/${body[2]!.id}`,
      headers: ada,
    });
    expect(one.body).toMatchObject({ title: "First words", content: ["One"], status: "draft" });
  });

  it("merges one person's saves within 5 minutes into one revision", async () => {
    const post = await save(ada, { title: "Typing", content: "a" });
    await save(ada, { title: "Typing", content: "ab" }, post._id);
    await save(ada, { title: "Typing", content: "abc" }, post._id, 2);
    await save(ada, { title: "Typing", content: "abcd" }, post._id, 3);
    const { body } = await list(post._id);
    expect(body.map((r) => r.kind)).toEqual(["update", "update", "create"]);
    const merged = await call<BlogRevision>(t.app, {
      method: "GET",
      url: `/api/admin/blogs/${post._id}/revisions/${body[1]!.id}`,
      headers: ada,
    });
    expect(merged.body.content).toEqual(["abc"]);
  });

  it("keeps the newest 30", async () => {
    const post = await save(ada, { title: "Busy 0" });
    for (let i = 1; i <= 32; i++) await save(ada, { title: `Busy ${i}` }, post._id, 6);
    const { body } = await list(post._id);
    expect(body).toHaveLength(30);
    expect(body[0]!.title).toBe("Busy 32");
    expect(body.at(-1)!.title).toBe("Busy 3");
  });

  it("restores a revision's text as a new revision, keeping the status and the cover; another post's revision is 404", async () => {
    const post = await save(ada, { title: "Old title", content: "Old text", slug: "old-one" });
    await save(ada, { title: "New title", content: "New text", slug: "new-one" }, post._id);
    const [, first] = (await list(post._id)).body;
    const other = await save(ada, { title: "Another post" });
    expect((await restore(other._id, first!.id)).status).toBe(404);

    now += 60_000;
    const restored = await restore(post._id, first!.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: "Old title",
      content: ["Old text"],
      slug: "old-one",
      status: "published",
      publishedAt: post.date,
    });
    const page = await call(t.app, { method: "GET", url: "/api/blogs/old-one" });
    expect(page.status).toBe(200);
    const { body } = await list(post._id);
    expect(body.map((r) => [r.title, r.kind, r.authorName])).toEqual([
      ["Old title", "restore", "Ben"],
      ["New title", "update", "Ada"],
      ["Old title", "create", "Ada"],
    ]);
    const activity = await call<{ entries: { action: string; itemTitle: string }[] }>(t.app, {
      method: "GET",
      url: "/api/audit?type=blog",
      headers: ada,
    });
    expect(activity.body.entries[0]).toMatchObject({
      action: "restore-revision",
      itemTitle: "Old title",
    });
  });

  it("answers 404 for unknown ids and 400 for a malformed revision id; deleting the post deletes its revisions", async () => {
    const post = await save(ada, { title: "Short lived" });
    const [revision] = (await list(post._id)).body;
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const url of [
      `/api/admin/blogs/${unknown}/revisions`,
      `/api/admin/blogs/${unknown}/revisions/${revision!.id}`,
      `/api/admin/blogs/${post._id}/revisions/${unknown}`,
    ]) {
      const answer = await call<{ error: string }>(t.app, { method: "GET", url, headers: ada });
      expect([url, answer.status, typeof answer.body.error]).toEqual([url, 404, "string"]);
    }
    const bad = await call<{ error: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${post._id}/revisions/not-an-id/restore`,
      headers: ada,
    });
    expect([bad.status, typeof bad.body.error]).toEqual([400, "string"]);
    const unauthorised = await call(t.app, {
      method: "GET",
      url: `/api/admin/blogs/${post._id}/revisions`,
    });
    expect(unauthorised.status).toBe(401);

    // A removed person's revisions stay, unnamed.
    await save(ben, { title: "Short lived, by Ben" }, post._id);
    const me = await call<{ id: string }>(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers: ben,
    });
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/${me.body.id}`,
      headers: ada,
    });
    expect(removed.status).toBe(200);
    expect((await list(post._id)).body.map((r) => r.authorName)).toEqual([null, "Ada"]);

    await call(t.app, { method: "DELETE", url: `/api/blogs/${post._id}`, headers: ada });
    const left = await t.app.services.database.db
      .selectFrom("blog_revisions")
      .select("id")
      .where("blog_id", "=", post._id)
      .execute();
    expect(left).toEqual([]);
  });
});
