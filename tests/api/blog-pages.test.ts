import { beforeAll, describe, expect, inject, it } from "vitest";
import { publicPages } from "../../app/lib/navigation.ts";
import { insertPosts } from "../factories/blogs.ts";
import { multipart, useTestApp } from "./helpers.ts";

// The blog list in pages of 12 (issue 28): every public page stays small whatever the
// number of posts, each page of the list has its own address, and the sitemap lists every
// post, in several files beyond SITEMAP_URLS_PER_FILE.

const pages = () => ({ web: true, buildDirectory: inject("buildDir") });
/** The page-weight goal: every public page at most this much HTML. */
const MAX_PAGE_BYTES = 150 * 1024;
const POSTS = 200;

/** The titles of the cards a list page shows, in order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/Read More<span class="sr-only">: (?:<!-- -->)?([^<]*)<\/span>/g)].map(
    (m) => m[1],
  );

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]*)"`, "g"))].map((m) => m[1]);

describe("the blog list in pages", () => {
  const t = useTestApp({}, pages);
  let origin: string;
  let headers: { authorization: string };
  beforeAll(async () => {
    origin = t.config.publicOrigin;
    headers = await t.adminHeaders();
    await insertPosts(t.app.services.database.db, POSTS);
    t.app.services.changes.publish("blogs");
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it(`keeps every public page under ${MAX_PAGE_BYTES / 1024} KB with ${POSTS} posts; /blog shows the newest 12`, async () => {
    for (const path of publicPages) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.rawPayload.length, path).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    }
    const blog = (await get("/blog")).body;
    expect(cardTitles(blog)).toEqual(Array.from({ length: 12 }, (_, i) => `Post ${199 - i}`));
    // The spec's texts are all there.
    for (const text of [
      "Brightlane Digital Blog",
      "Your go-to resource for digital transformation, marketing insights, and business growth",
      "Don’t Miss Out on the Latest Insights",
      'placeholder="Search articles"',
    ]) {
      expect(blog).toContain(text);
    }
  });

  it("links the pages: canonical, prev and next, and a pager of plain links", async () => {
    const first = (await get("/blog")).body;
    expect(links(first, "canonical")).toEqual([`${origin}/blog`]);
    expect(links(first, "prev")).toEqual([]);
    expect(links(first, "next")).toEqual([`${origin}/blog?page=2`]);
    expect(first).toContain('aria-label="Pages of articles"');
    expect(first).toMatch(/<a rel="next"[^>]* href="\/blog\?page=2"/);
    expect(first).toContain('href="/blog?page=17"');

    const second = await get("/blog?page=2");
    expect(second.statusCode).toBe(200);
    expect(cardTitles(second.body)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Post ${187 - i}`),
    );
    expect(links(second.body, "canonical")).toEqual([`${origin}/blog?page=2`]);
    expect(links(second.body, "prev")).toEqual([`${origin}/blog`]);
    expect(links(second.body, "next")).toEqual([`${origin}/blog?page=3`]);
    expect(second.body).toMatch(/<title>Blog \(page 2\) \|/);

    const last = await get("/blog?page=17");
    expect(cardTitles(last.body)).toEqual(Array.from({ length: 8 }, (_, i) => `Post ${7 - i}`));
    expect(links(last.body, "next")).toEqual([]);
    expect(links(last.body, "prev")).toEqual([`${origin}/blog?page=16`]);
  });

  it("answers 404 for a page past the last or not a page number, and leads ?page=1 to /blog", async () => {
    for (const query of [
      "page=18",
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "page=2x",
      "page=99999999",
    ]) {
      const page = await get(`/blog?${query}`);
      expect(page.statusCode, query).toBe(404);
      expect(page.body, query).toContain("There is no such page of the blog");
      expect(page.body, query).toContain('href="/blog"');
    }
    for (const [from, to] of [
      ["/blog?page=1", "/blog"],
      ["/blog?page=", "/blog"],
      ["/blog?q=post&page=1", "/blog?q=post"],
    ] as const) {
      const page = await get(from);
      expect(page.statusCode, from).toBe(301);
      expect(page.headers.location, from).toBe(to);
    }
  });

  it("searches every post on the server, a page at a time, with a clear empty state", async () => {
    // "Post 1", "Post 10"-"Post 19", "Post 100"-"Post 199": 111 posts.
    const found = await get("/blog?q=post%201");
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain("111 articles match “post 1”.");
    expect(cardTitles(found.body)).toHaveLength(12);
    expect(found.body).toContain('href="/blog?q=post+1&amp;page=2"');
    expect(found.body).toContain('<meta name="robots" content="noindex"/>');
    const ten = await get("/blog?q=post%201&page=10");
    expect(cardTitles(ten.body)).toEqual(["Post 11", "Post 10", "Post 1"]);
    expect((await get("/blog?q=post%201&page=11")).statusCode).toBe(404);

    const none = await get("/blog?q=zzz");
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain("No articles match “zzz”.");
    expect(none.body).toContain("Try other words, or fewer of them");
    expect(cardTitles(none.body)).toEqual([]);
    for (const q of ['"', "NEAR(", "*", "a:* & !b", "'; drop table blogs; --"]) {
      const page = await get(`/blog?q=${encodeURIComponent(q)}`);
      expect(page.statusCode, q).toBe(200);
    }
  });

  it("keeps each page in the render cache until a post is published, which changes every page", async () => {
    const hits = () => t.app.renderCache!.hits;
    await get("/blog?page=2");
    const before = hits();
    const cached = await get("/blog?page=2");
    expect(hits()).toBe(before + 1);
    expect(cardTitles(cached.body)[0]).toBe("Post 187");

    const form = multipart({ title: "Brand new post", content: "Fresh words" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/blogs",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(created.statusCode).toBe(201);
    expect(cardTitles((await get("/blog")).body)[0]).toBe("Brand new post");
    expect(cardTitles((await get("/blog?page=2")).body)[0]).toBe("Post 188");
    // 201 posts now: 16 pages of 12 and 9 on the 17th.
    expect(cardTitles((await get("/blog?page=17")).body)).toHaveLength(9);
  });

  it("lists every post in the one sitemap below the limit", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("<urlset");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)];
    // The pages, the posts and the one published above.
    expect(locs.length).toBe(publicPages.length + POSTS + 1);
    expect((await get("/sitemap-1.xml")).statusCode).toBe(404);
  });
});

describe("a sitemap of more addresses than one file holds", () => {
  const t = useTestApp({ SITEMAP_URLS_PER_FILE: "50" }, pages);
  beforeAll(async () => {
    await insertPosts(t.app.services.database.db, POSTS);
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

  it("is an index of files of at most SITEMAP_URLS_PER_FILE addresses that list every page and post once", async () => {
    const origin = t.config.publicOrigin;
    const total = publicPages.length + POSTS;
    const files = Math.ceil(total / 50);
    const index = await get("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toMatch(/^application\/xml/);
    expect(index.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(locs(index.body)).toEqual(
      Array.from({ length: files }, (_, i) => `${origin}/sitemap-${i + 1}.xml`),
    );
    const all: string[] = [];
    for (let n = 1; n <= files; n++) {
      const file = await get(`/sitemap-${n}.xml`);
      expect(file.statusCode, String(n)).toBe(200);
      expect(file.body).toContain("<urlset");
      const here = locs(file.body);
      expect(here.length).toBeLessThanOrEqual(50);
      all.push(...here);
    }
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(all.slice(0, publicPages.length)).toEqual(publicPages.map((path) => `${origin}${path}`));
    expect(all.filter((loc) => loc.includes("/blog/post-"))).toHaveLength(POSTS);
    expect((await get(`/sitemap-${files + 1}.xml`)).statusCode).toBe(404);
    expect((await get("/sitemap-0.xml")).statusCode).toBe(404);
  });
});
