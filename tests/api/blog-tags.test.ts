import { beforeAll, describe, expect, inject, it } from "vitest";
import type { AdminBlog, Blog, TagCount } from "../../common/schemas/blog.ts";
import { call, multipart, useTestApp, type TestApp } from "./helpers.ts";

// Tags of posts and the back office's Posts screen (issue 30, decision 0035), on SQLite and
// PostgreSQL: tags made as they are typed and reused by slug, the admin list's filters, the
// public list by tag, /api/tags, and the tag pages, feeds and sitemap.

type Answer<T> = T & { error?: string };

function sendPost(
  t: TestApp,
  headers: { authorization: string },
  fields: Record<string, string | string[]>,
  target: { method: "POST" | "PATCH"; url: string } = { method: "POST", url: "/api/blogs" },
) {
  const form = multipart(fields);
  return call<Answer<Blog>>(t.app, {
    ...target,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

const names = (blog: { tags: { name: string }[] }) => blog.tags.map((tag) => tag.name);

describe("tags of posts", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });
  const get = <T>(url: string, extra: Record<string, string> = {}) =>
    call<Answer<T>>(t.app, { method: "GET", url, headers: extra });

  it("makes tags as they are typed, reuses a known one by slug, keeps them when not sent", async () => {
    const first = await sendPost(t, headers, {
      title: "Reels that sell",
      content: "Words",
      tags: " Instagram , Video ads,instagram,  ",
    });
    expect(first.status).toBe(201);
    expect(first.body.tags).toEqual([
      { name: "Instagram", slug: "instagram" },
      { name: "Video ads", slug: "video-ads" },
    ]);
    // Repeated fields; "INSTAGRAM" is the known tag, under its first name.
    const second = await sendPost(t, headers, {
      title: "Stories",
      content: "Words",
      tags: ["INSTAGRAM", "Stories"],
    });
    expect(names(second.body)).toEqual(["Instagram", "Stories"]);
    const url = `/api/blogs/${second.body._id}`;
    const kept = await sendPost(t, headers, { title: "Stories, again" }, { method: "PATCH", url });
    expect(names(kept.body)).toEqual(["Instagram", "Stories"]);
    const changed = await sendPost(t, headers, { tags: "Branding" }, { method: "PATCH", url });
    expect(names(changed.body)).toEqual(["Branding"]);
    // "Stories" has no post left: it is gone.
    const all = await get<{ slug: string }[]>("/api/admin/tags", headers);
    expect(all.body.map((tag) => tag.slug)).toEqual(["branding", "instagram", "video-ads"]);
    const admin = await get<AdminBlog>(`/api/admin/blogs/${first.body._id}`, headers);
    expect(names(admin.body)).toEqual(["Instagram", "Video ads"]);
    const cleared = await sendPost(t, headers, { tags: "" }, { method: "PATCH", url });
    expect(cleared.body.tags).toEqual([]);
  });

  it("refuses a name over 40 characters and more than 10 tags with 400 JSON", async () => {
    for (const tags of [
      "x".repeat(41),
      Array.from({ length: 11 }, (_, i) => `Tag ${i}`).join(","),
      ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"],
    ]) {
      const answer = await sendPost(t, headers, { title: "Too many", tags });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/at most (40 characters|10 tags)/);
    }
    // Ten, and duplicates merged into ten, are fine.
    const ten = Array.from({ length: 10 }, (_, i) => `Tag ${i}`);
    const ok = await sendPost(t, headers, { title: "Ten", tags: [...ten, "tag 0"] });
    expect(ok.status).toBe(201);
    expect(ok.body.tags).toHaveLength(10);
  });
});

describe("the Posts screen's list and the public lists by tag", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    headers = await t.adminHeaders();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const posts: [string, Record<string, string>][] = [
      ["Growth on Instagram", { tags: "Instagram, Growth" }],
      ["Instagram reels", { tags: "Instagram" }],
      ["Draft about growth", { tags: "Growth", status: "draft" }],
      ["Scheduled growth", { tags: "Growth, Secret", status: "scheduled", publishedAt: future }],
      ["Plain post", {}],
    ];
    for (const [title, fields] of posts) {
      const answer = await sendPost(t, headers, { title, content: `About ${title}`, ...fields });
      expect(answer.status).toBe(201);
      ids[title] = answer.body._id;
    }
  });
  const get = <T>(url: string, extra: Record<string, string> = headers) =>
    call<Answer<T>>(t.app, { method: "GET", url, headers: extra });
  const titles = (list: { title: string }[]) => list.map((blog) => blog.title);

  it("filters every post by q, status and tag, with paging and X-Total-Count", async () => {
    const all = await get<AdminBlog[]>("/api/admin/blogs?page=1&pageSize=2");
    expect(all.response.headers["x-total-count"]).toBe("5");
    expect(titles(all.body)).toEqual(["Plain post", "Scheduled growth"]);
    const page2 = await get<AdminBlog[]>("/api/admin/blogs?page=2&pageSize=2");
    expect(titles(page2.body)).toEqual(["Draft about growth", "Instagram reels"]);

    const growth = await get<AdminBlog[]>("/api/admin/blogs?tag=growth");
    expect(growth.response.headers["x-total-count"]).toBe("3");
    expect(titles(growth.body)).toEqual([
      "Scheduled growth",
      "Draft about growth",
      "Growth on Instagram",
    ]);
    const drafts = await get<AdminBlog[]>("/api/admin/blogs?status=draft");
    expect(titles(drafts.body)).toEqual(["Draft about growth"]);
    const scheduled = await get<AdminBlog[]>("/api/admin/blogs?status=scheduled&tag=growth");
    expect(titles(scheduled.body)).toEqual(["Scheduled growth"]);
    const search = await get<AdminBlog[]>("/api/admin/blogs?q=instagram&status=published");
    expect(titles(search.body)).toEqual(["Instagram reels", "Growth on Instagram"]);
    expect(names(search.body[1]!)).toEqual(["Growth", "Instagram"]);
    const none = await get<AdminBlog[]>("/api/admin/blogs?q=zzz&tag=instagram");
    expect(none.body).toEqual([]);
    expect(none.response.headers["x-total-count"]).toBe("0");
    // Empty filters are no filters.
    const empty = await get<AdminBlog[]>("/api/admin/blogs?q=&status=&tag=&page=1");
    expect(empty.response.headers["x-total-count"]).toBe("5");
  });

  it("refuses bad filter values with 400 JSON, and answers 401 without a token", async () => {
    for (const query of ["status=gone", "tag=Not%20A%20Slug", `q=${"a".repeat(201)}`, "page=0"]) {
      const answer = await get<object>(`/api/admin/blogs?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toBeTruthy();
    }
    expect((await get<object>("/api/blogs?tag=%2F..%2F")).status).toBe(400);
    expect((await get<object>("/api/admin/blogs?tag=growth", {})).status).toBe(401);
  });

  it("lists a tag's public posts, and the tags with public posts and how many", async () => {
    const growth = await get<Blog[]>("/api/blogs?tag=growth", {});
    expect(titles(growth.body)).toEqual(["Growth on Instagram"]);
    const paged = await get<Blog[]>("/api/blogs?tag=instagram&page=1&pageSize=1", {});
    expect(paged.response.headers["x-total-count"]).toBe("2");
    expect(titles(paged.body)).toEqual(["Instagram reels"]);
    expect((await get<Blog[]>("/api/blogs?tag=secret", {})).body).toEqual([]);
    const tags = await get<TagCount[]>("/api/tags", {});
    expect(tags.status).toBe(200);
    expect(tags.body).toEqual([
      { name: "Growth", slug: "growth", count: 1 },
      { name: "Instagram", slug: "instagram", count: 2 },
    ]);
    const post = await get<Blog>(`/api/blogs/${ids["Growth on Instagram"]}`, {});
    expect(post.body.tags).toEqual([
      { name: "Growth", slug: "growth" },
      { name: "Instagram", slug: "instagram" },
    ]);
  });

  it("drops a deleted post's tags that no other post has", async () => {
    const answer = await call(t.app, {
      method: "DELETE",
      url: `/api/blogs/${ids["Scheduled growth"]}`,
      headers,
    });
    expect(answer.status).toBe(200);
    const all = await get<{ slug: string }[]>("/api/admin/tags");
    expect(all.body.map((tag) => tag.slug)).toEqual(["growth", "instagram"]);
  });
});

describe("tag pages, feeds and the sitemap", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));
  let origin: string;
  beforeAll(async () => {
    origin = t.config.publicOrigin;
    const headers = await t.adminHeaders();
    for (const [title, tags, status] of [
      ["Oldest growth", "Growth", "published"],
      ["Growth and ads", "Growth, Ads", "published"],
      ["Newest growth", "Growth", "published"],
      ["Ads only", "Ads", "published"],
      ["Hidden growth", "Growth, Hidden", "draft"],
    ] as const) {
      await sendPost(t, headers, { title, content: `About ${title}`, tags, status });
    }
  });
  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("shows a tag's posts as cards, with its feed linked; an unknown or draft-only tag is 404", async () => {
    const page = await get("/blog/tag/growth");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Posts tagged Growth");
    expect(page.body).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Posts tagged Growth" href="${origin}/blog/tag/growth/rss.xml"/>`,
    );
    const cards = [
      ...page.body.matchAll(/Read More<span class="sr-only">: (?:<!-- -->)?([^<]*)</g),
    ];
    expect(cards.map((m) => m[1])).toEqual(["Newest growth", "Growth and ads", "Oldest growth"]);
    expect(page.body).toContain('href="/blog/tag/ads"');
    for (const path of ["/blog/tag/hidden", "/blog/tag/nothing", "/blog/tag/growth?page=2"]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it("answers a tag's RSS feed with only its posts, and lists the tag pages in the sitemap", async () => {
    const feed = await get("/blog/tag/ads/rss.xml");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("application/rss+xml");
    const items = [...feed.body.matchAll(/<item>\s*<title>([^<]*)</g)].map((m) => m[1]);
    expect(items).toEqual(["Ads only", "Growth and ads"]);
    expect(feed.body).toContain(`href="${origin}/blog/tag/ads/rss.xml" rel="self"`);
    expect((await get("/blog/tag/hidden/rss.xml")).statusCode).toBe(404);
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain(`<loc>${origin}/blog/tag/ads</loc>`);
    expect(sitemap).toContain(`<loc>${origin}/blog/tag/growth</loc>`);
    expect(sitemap).not.toContain("/blog/tag/hidden");
  });

  it("lists a post's tags and up to three related posts, newest first", async () => {
    const page = await get("/blog/oldest-growth");
    expect(page.statusCode).toBe(200);
    const related = page.body.slice(page.body.indexOf("Related posts"));
    const cards = [...related.matchAll(/Read More<span class="sr-only">: (?:<!-- -->)?([^<]*)</g)];
    expect(cards.map((m) => m[1])).toEqual(["Newest growth", "Growth and ads"]);
    expect(page.body).toContain('href="/blog/tag/growth"');
    // Ads only shares "Ads" with one post; a post without tags has no related posts.
    const ads = (await get("/blog/ads-only")).body;
    expect(ads).toContain("Related posts");
  });
});
