import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminBlog, Blog } from "../../common/schemas/blog.ts";
import { call, useTestApp, multipart } from "./helpers.ts";

// The publishing workflow (issue 13): drafts, scheduled posts, slugs, preview links, audit.

type Answer = Blog & { error?: string };

describe("publishing", () => {
  const t = useTestApp({}, { clock: () => Date.now() + offset });
  let headers: { authorization: string };
  /** The server's time: the real one moved by `offset` (tests set it). */
  let offset = 0;
  const published: string[] = [];
  beforeAll(async () => {
    headers = await t.adminHeaders();
    t.app.services.changes.subscribe((topic) => published.push(topic));
  });

  const send = (method: "POST" | "PATCH", url: string, fields: Record<string, string>) => {
    const form = multipart(fields);
    return call<Answer>(t.app, {
      method,
      url,
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const create = (fields: Record<string, string>) => send("POST", "/api/blogs", fields);
  const get = <T = Answer>(url: string, extra: Record<string, string> = {}) =>
    call<T>(t.app, { method: "GET", url, headers: extra });
  const publicIds = async (auth: Record<string, string> = {}) =>
    (await get<Blog[]>("/api/blogs", auth)).body.map((blog) => blog._id);
  const admin = (id: string) => get<AdminBlog>(`/api/admin/blogs/${id}`, headers);
  /** The audit entries of a post, oldest first (read from the table itself). */
  const auditOf = async (id: string) =>
    (
      await t.app.services.database.db
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_type", "=", "blog")
        .where("entity_id", "=", id)
        .orderBy("at")
        .execute()
    ).map((row) => ({
      action: row.action,
      actorEmail: row.actor_email,
      ...(JSON.parse(row.summary) as { before: unknown; after: unknown }),
    }));

  it("keeps a draft out of the public list, get, search, even with the admin token", async () => {
    const { status, body } = await create({
      title: "Secret plans",
      content: "Not yet",
      status: "draft",
    });
    expect(status).toBe(201);
    expect(await publicIds()).not.toContain(body._id);
    expect(await publicIds(headers)).not.toContain(body._id);
    expect((await get(`/api/blogs/${body._id}`, headers)).status).toBe(404);
    expect((await get(`/api/blogs/${body.slug}`)).status).toBe(404);
    expect((await get("/api/blogs?q=Secret")).body).toEqual([]);
    // The back office sees it with its status and author.
    const one = await admin(body._id);
    expect(one.body).toMatchObject({ status: "draft", publishedAt: null, slug: "secret-plans" });
    expect(one.body.authorName).toMatch(/^admin\d+-/);
    const all = await get<AdminBlog[]>("/api/admin/blogs", headers);
    expect(all.body.find((blog) => blog._id === body._id)?.status).toBe("draft");
    expect((await get("/api/admin/blogs")).status).toBe(401);
    expect((await get(`/api/admin/blogs/${body._id}`)).status).toBe(401);
  });

  it("shows a scheduled post only from its time (the server's clock), newest publication first", async () => {
    const at = new Date(Date.now() + offset + 60 * 60 * 1000).toISOString();
    const { status, body } = await create({
      title: "Next week's post",
      status: "scheduled",
      publishedAt: at,
    });
    expect(status).toBe(201);
    expect(await publicIds()).not.toContain(body._id);
    expect((await get(`/api/blogs/${body._id}`)).status).toBe(404);
    expect((await admin(body._id)).body).toMatchObject({ status: "scheduled", publishedAt: at });

    offset += 2 * 60 * 60 * 1000;
    const list = (await get<Blog[]>("/api/blogs")).body;
    expect(list[0]?._id).toBe(body._id);
    expect(list[0]?.date).toBe(at);
    expect((await get(`/api/blogs/${body._id}`)).status).toBe(200);
    expect((await get(`/api/blogs/${body.slug}`)).status).toBe(200);
    // The scheduler turns it into a published post.
    await t.app.services.blogs.publishDue();
    expect((await admin(body._id)).body.status).toBe("published");
  });

  it("publishes a scheduled post at its time with no request: the timer fires and announces it", async () => {
    const at = new Date(Date.now() + offset + 1200).toISOString();
    const { body } = await create({ title: "Timed post", status: "scheduled", publishedAt: at });
    published.length = 0;
    await vi.waitFor(() => expect(published).toContain("blogs"), { timeout: 10_000 });
    const row = await t.app.services.database.db
      .selectFrom("blogs")
      .select(["status", "published_at"])
      .where("id", "=", body._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "published", published_at: at });
  });

  it("refuses to schedule in the past or without a time, and a malformed time", async () => {
    const past = new Date(Date.now() + offset - 60_000).toISOString();
    const refused: Record<string, string>[] = [
      { title: "Late", status: "scheduled", publishedAt: past },
      { title: "No time", status: "scheduled" },
      { title: "Bad", status: "scheduled", publishedAt: "tomorrow" },
      { title: "No zone", status: "scheduled", publishedAt: "2099-01-01T10:00:00" },
      { title: "Bad status", status: "live" },
    ];
    for (const fields of refused) {
      const { status, body } = await create(fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.error).toBeTypeOf("string");
    }
  });

  it("makes the slug from the title, unique; takes an edited one; refuses a taken or invalid one", async () => {
    const first = await create({ title: "Ọ́jà: Market Day!" });
    expect(first.body.slug).toBe("oja-market-day");
    const second = await create({ title: "Oja market day" });
    expect(second.body.slug).toBe("oja-market-day-2");
    const taken = await send("PATCH", `/api/blogs/${second.body._id}`, {
      slug: "oja-market-day",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(
      "The address /blog/oja-market-day is already used by another post. Choose another slug.",
    );
    expect((await create({ title: "Again", slug: "oja-market-day" })).status).toBe(409);
    for (const slug of ["Has Spaces", "UPPER", "trailing-", "a--b", "dots.no", "x".repeat(81)]) {
      const invalid = await send("PATCH", `/api/blogs/${second.body._id}`, { slug });
      expect(invalid.status, slug).toBe(400);
    }
    const uuid = await send("PATCH", `/api/blogs/${second.body._id}`, {
      slug: "12345678-1234-1234-1234-123456789abc",
    });
    expect(uuid.body.error).toBe("The slug must not look like a post id.");
    const renamed = await send("PATCH", `/api/blogs/${second.body._id}`, { slug: "market-day" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe("market-day");
    // Its own slug is not "taken" by itself; the title no longer changes a set slug.
    const same = await send("PATCH", `/api/blogs/${second.body._id}`, {
      title: "Renamed",
      slug: "market-day",
    });
    expect(same.body.slug).toBe("market-day");
    expect((await get("/api/blogs/market-day")).body._id).toBe(second.body._id);
    expect((await get(`/api/blogs/${second.body._id}`)).body.slug).toBe("market-day");
  });

  it("answers the public shape: slug and excerpt, never the token, the author id or raw fields", async () => {
    const { body } = await create({
      title: "Shape",
      content: "one two three",
      excerpt: "A hand-written excerpt.",
      seoTitle: "Shape | SEO",
      seoDescription: "Described.",
      imageAlt: "A square",
    });
    const one = (await get<Record<string, unknown>>(`/api/blogs/${body._id}`)).body;
    expect(Object.keys(one).sort()).toEqual(
      [
        "_id",
        "bg",
        "content",
        "date",
        "duration",
        "excerpt",
        "image",
        "imageHeight",
        "imageVariants",
        "imageWidth",
        "slug",
        "tags",
        "title",
        "updatedAt",
      ].sort(),
    );
    expect(one.excerpt).toBe("A hand-written excerpt.");
    const page = await t.app.services.blogs.get(body.slug);
    expect(page).toMatchObject({
      seoTitle: "Shape | SEO",
      seoDescription: "Described.",
      imageAlt: "A square",
    });
    const plain = await create({ title: "Plain", content: "word ".repeat(20) });
    expect(await t.app.services.blogs.get(plain.body._id)).toMatchObject({
      seoTitle: "Plain",
      seoDescription: `${"word ".repeat(15).trim()}...`,
      excerpt: `${"word ".repeat(15).trim()}...`,
    });
  });

  it("gives a draft a private preview link; a wrong token is nothing; a public post's link leads on", async () => {
    const { body } = await create({ title: "Preview me", status: "draft" });
    const link = await call<{ previewPath: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${body._id}/preview-link`,
      headers,
    });
    expect(link.status).toBe(200);
    const token = link.body.previewPath.replace("/blog/preview/", "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await admin(body._id)).body.previewPath).toBe(link.body.previewPath);
    const preview = await t.app.services.blogs.preview(token);
    expect(preview).toMatchObject({ _id: body._id, status: "draft", public: false });
    // Another last character (a token ends in "x" once in 64).
    const wrong = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    expect(await t.app.services.blogs.preview(wrong)).toBeUndefined();
    expect(await t.app.services.blogs.preview("short")).toBeUndefined();
    expect(
      (
        await call(t.app, {
          method: "POST",
          url: `/api/admin/blogs/${body._id}/preview-link`,
        })
      ).status,
    ).toBe(401);

    // A new link replaces the old one.
    const again = await call<{ previewPath: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${body._id}/preview-link`,
      headers,
    });
    expect(again.body.previewPath).not.toBe(link.body.previewPath);
    expect(await t.app.services.blogs.preview(token)).toBeUndefined();

    await send("PATCH", `/api/blogs/${body._id}`, { status: "published" });
    const newToken = again.body.previewPath.replace("/blog/preview/", "");
    expect(await t.app.services.blogs.preview(newToken)).toMatchObject({ public: true });
  });

  it("records every blog write in the audit log, by kind, with the fields that changed", async () => {
    const { body } = await create({ title: "Audited", status: "draft" });
    await send("PATCH", `/api/blogs/${body._id}`, { title: "Audited again" });
    await send("PATCH", `/api/blogs/${body._id}`, {
      status: "scheduled",
      publishedAt: new Date(Date.now() + offset + 3_600_000).toISOString(),
    });
    await send("PATCH", `/api/blogs/${body._id}`, { status: "published" });
    await send("PATCH", `/api/blogs/${body._id}`, { status: "draft" });
    await call(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${body._id}/preview-link`,
      headers,
    });
    await call(t.app, { method: "DELETE", url: `/api/blogs/${body._id}`, headers });
    const entries = await auditOf(body._id);
    expect(entries.map((entry) => entry.action)).toEqual([
      "create",
      "update",
      "schedule",
      "publish",
      "unpublish",
      "preview-link",
      "delete",
    ]);
    const rename = entries.find((e) => e.action === "update")!;
    expect(rename.before).toEqual({ title: "Audited" });
    expect(rename.after).toEqual({ title: "Audited again" });
    expect(rename.actorEmail).toMatch(/@example\.com$/);
    const publish = entries.find((e) => e.action === "publish")!;
    expect(publish.after).toMatchObject({ status: "published" });
    expect(JSON.stringify(entries)).not.toMatch(/preview_token|previewPath/);
  });
});
