import { createReadStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBlog } from "../../common/schemas/blog.ts";
import { readWxr, type WxrItem } from "../../server/modules/imports/wxr-reader.ts";
import { pngImage } from "../factories/images.ts";
import { wxrFile } from "../factories/wxr.ts";
import { startOldSite, type OldSite } from "../support/old-site.ts";
import { call, createTestApp, multipart, sameDatabase, useTestApp, waitFor } from "./helpers.ts";
import { importFile, preview, read } from "./import-helpers.ts";

// An import that outlives a restart, a Ghost export through the same pipeline, and leaving
// as a WordPress export that an import takes again (issue 51).

let old: OldSite;
beforeAll(async () => {
  old = await startOldSite();
});
afterAll(() => old.close());

const allowOld = () => ({ IMPORT_ALLOW_HOSTS: old.host });

async function titles(app: { app: Parameters<typeof call>[0] }, headers: Record<string, string>) {
  const list = await call<AdminBlog[]>(app.app, { url: "/api/admin/blogs", headers });
  return list.body.map((post) => post.title).sort();
}

describe("an import interrupted by a restart", () => {
  it(
    "goes on where it stopped on the next start: every post once",
    { timeout: 60_000 },
    async () => {
      const first = await createTestApp(allowOld());
      const headers = await first.adminHeaders();
      const items = Array.from({ length: 6 }, (_, i) => ({
        id: 500 + i,
        title: `Resumed ${i}`,
        slug: `resumed-${i}`,
        content:
          i === 2
            ? `<p>Held.</p><img src="${old.url}/slow/held.png" alt="Held">`
            : `<p>Post ${i}.</p>`,
      }));
      const ready = await preview(first, headers, wxrFile({ url: old.url, items }));
      await call(first.app, {
        method: "POST",
        url: `/api/imports/${ready.id}/start`,
        headers,
        payload: {},
      });
      // The third post waits for its picture: the server stops then.
      await waitFor(
        async () => old.held(),
        (held) => held === 1,
        10_000,
      );
      const midway = await read(first, headers, ready.id);
      expect(midway).toMatchObject({ state: "running", progress: { done: 2 } });
      await first.app.close();

      old.release(true);
      const second = await createTestApp({ ...allowOld(), ...sameDatabase(first) });
      const again = await second.adminHeaders();
      await waitFor(
        () => read(second, again, ready.id),
        (i) => i.state === "done",
        20_000,
      );
      const done = await read(second, again, ready.id);
      expect(done.progress).toEqual({ total: 6, done: 6 });
      expect(done.report.items!.map((item) => item.outcome)).toEqual(Array(6).fill("imported"));
      expect(await titles(second, again)).toEqual(items.map((item) => item.title).sort());
      const held = (
        await call<AdminBlog[]>(second.app, { url: "/api/admin/blogs", headers: again })
      ).body.find((post) => post.title === "Resumed 2")!;
      expect(held.content.join("\n")).toMatch(/!\[Held\]\(\/media\/posts\//);
    },
  );
});

describe("an import looked for by several ticks at once", () => {
  const t = useTestApp(allowOld, {});

  it("runs once: every post once", { timeout: 60_000 }, async () => {
    const headers = await t.adminHeaders();
    const items = Array.from({ length: 4 }, (_, i) => ({
      id: 700 + i,
      title: `Once ${i}`,
      slug: `once-${i}`,
      content: `<p>Post ${i}.</p>`,
    }));
    const ready = await preview(t, headers, wxrFile({ url: old.url, items }));
    expect(ready.state).toBe("ready");
    // Started as the start route does, minus its own look for work: the poll timer, a start
    // and a job that ends each look for work, here all at once.
    await t.app.services.database.db
      .updateTable("imports")
      .set({ state: "running", choices: "{}" })
      .where("id", "=", ready.id)
      .execute();
    await Promise.all(Array.from({ length: 4 }, () => t.app.services.imports.tick()));
    await waitFor(
      () => read(t, headers, ready.id),
      (i) => i.state === "done",
      20_000,
    );
    await t.app.services.imports.idle();
    expect(await titles(t, headers)).toEqual(items.map((item) => item.title).sort());
  });
});

describe("a Ghost export", () => {
  const t = useTestApp(allowOld, {});

  const ghost = () => ({
    db: [
      {
        meta: { exported_on: 1700000000000, version: "5.75.0" },
        data: {
          posts: [
            {
              id: "g1",
              uuid: "u1",
              title: "Ghost post",
              slug: "ghost-post",
              html: '<p>Hello from <strong>Ghost</strong>.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2023/05/inside.png" alt="Inside"></figure>',
              feature_image: "__GHOST_URL__/content/images/2023/05/cover.png",
              type: "post",
              status: "published",
              visibility: "public",
              published_at: "2023-05-02T08:00:00.000Z",
              created_at: "2023-05-01T08:00:00.000Z",
              custom_excerpt: "Ghost's excerpt",
            },
            {
              id: "g2",
              title: "Members only",
              slug: "members-only",
              html: "<p>Paid words.</p>",
              type: "post",
              status: "published",
              visibility: "paid",
              published_at: "2023-05-03T08:00:00.000Z",
            },
            {
              id: "g3",
              title: "Ghost page",
              slug: "ghost-page",
              html: "<p>A page.</p>",
              type: "page",
              status: "published",
              published_at: "2023-05-04T08:00:00.000Z",
            },
          ],
          tags: [
            { id: "t1", name: "Lagos", slug: "lagos" },
            { id: "t2", name: "#internal", slug: "hash-internal" },
          ],
          posts_tags: [
            { id: "pt1", post_id: "g1", tag_id: "t1" },
            { id: "pt2", post_id: "g1", tag_id: "t2" },
          ],
          users: [{ id: "u1", name: "Chidi Eze", slug: "chidi", email: "chidi@old.example" }],
          posts_authors: [{ id: "pa1", post_id: "g1", author_id: "u1" }],
          posts_meta: [
            { id: "m1", post_id: "g1", meta_title: "Ghost SEO", meta_description: "From Ghost." },
          ],
        },
      },
    ],
  });

  it("imports posts, pages, tags, authors, search fields and pictures, and their old addresses", async () => {
    const headers = await t.adminHeaders();
    const ready = await preview(t, headers, JSON.stringify(ghost()));
    expect(ready).toMatchObject({ kind: "ghost", state: "ready" });
    expect(ready.counts).toMatchObject({ posts: 2, pages: 1, tags: 2, authors: 1 });
    // Its pictures need the old site's address.
    const missing = await call<{ error: string }>(t.app, {
      method: "POST",
      url: `/api/imports/${ready.id}/start`,
      headers,
      payload: {},
    });
    expect(missing.status).toBe(400);
    await call(t.app, {
      method: "POST",
      url: `/api/imports/${ready.id}/start`,
      headers,
      payload: { siteUrl: old.url },
    });
    await waitFor(
      () => read(t, headers, ready.id),
      (i) => i.state === "done",
      20_000,
    );
    const list = (await call<AdminBlog[]>(t.app, { url: "/api/admin/blogs", headers })).body;
    const post = list.find((p) => p.title === "Ghost post")!;
    expect(post).toMatchObject({
      slug: "ghost-post",
      status: "published",
      publishedAt: "2023-05-02T08:00:00.000Z",
      authorName: "Chidi Eze",
      customExcerpt: "Ghost's excerpt",
      seoTitle: "Ghost SEO",
      seoDescription: "From Ghost.",
      tags: [{ name: "Lagos", slug: "lagos" }],
    });
    expect(post.image).toMatch(/^\/media\/blogs\//);
    expect(post.content.join("\n")).toMatch(
      /^Hello from \*\*Ghost\*\*\.\n!\[Inside\]\(\/media\/posts\//,
    );
    expect(list.find((p) => p.title === "Members only")!.status).toBe("draft");
    const redirect = async (url: string) => (await t.app.inject({ url })).headers.location;
    expect(await redirect("/ghost-post/")).toBe("/blog/ghost-post");
    expect(await redirect("/tag/lagos/")).toBe("/blog/tag/lagos");
    expect(await redirect("/rss/")).toBe("/blog/rss.xml");
  });

  it("refuses a JSON file that is no Ghost export", async () => {
    const headers = await t.adminHeaders();
    const ready = await preview(t, headers, JSON.stringify({ hello: "world" }));
    expect(ready.state).toBe("failed");
    expect(ready.error).toMatch(/not a Ghost export/);
  });
});

describe("leaving: GET /api/exports/wordpress", () => {
  const t = useTestApp({}, {});

  it("writes posts, pages, tags, search fields and pictures as WXR, which an import takes again", async () => {
    const headers = await t.adminHeaders();
    const media = multipart({}, [
      {
        field: "image",
        filename: "p.png",
        contentType: "image/png",
        data: await pngImage(800, 450),
      },
    ]);
    const uploaded = await call<{ src: string }>(t.app, {
      method: "POST",
      url: "/api/admin/media",
      headers: { ...headers, ...media.headers },
      payload: media.payload,
    });
    const form = multipart(
      {
        title: "Leaving & <arriving>",
        points: JSON.stringify([
          `# Heading\nSome **bold** words ]]> here.\n![A picture](${uploaded.body.src})`,
        ]),
        tags: "Growth, Lagos",
        seoTitle: "SEO title",
        seoDescription: "SEO description",
        status: "published",
      },
      [
        {
          field: "image",
          filename: "c.png",
          contentType: "image/png",
          data: await pngImage(900, 500),
        },
      ],
    );
    const created = await call<AdminBlog>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(created.status).toBe(201);
    await call(t.app, {
      method: "POST",
      url: "/api/pages",
      headers,
      payload: { title: "Careers", slug: "careers", body: "Join us.", status: "published" },
    });

    const answer = await t.app.inject({ url: "/api/exports/wordpress", headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/application\/rss\+xml/);
    expect(answer.headers["content-disposition"]).toMatch(
      /attachment; filename="wordpress-export-/,
    );
    const file = path.join(tmpdir(), `export-${Date.now()}.xml`);
    await writeFile(file, answer.body);
    const items: WxrItem[] = [];
    let version = "";
    for await (const record of readWxr(createReadStream(file))) {
      if (record.type === "item") items.push(record.item);
      if (record.type === "channel") version = record.channel.version;
    }
    expect(version).toBe("1.2");
    const post = items.find((item) => item.postType === "post")!;
    expect(post).toMatchObject({
      title: "Leaving & <arriving>",
      status: "publish",
      postName: created.body.slug,
    });
    expect(post.content).toContain("<strong>bold</strong> words ]]&#62; here.");
    expect(post.terms.map((term) => term.name).sort()).toEqual(["Growth", "Lagos"]);
    expect(post.meta._yoast_wpseo_title).toEqual(["SEO title"]);
    const attachments = items.filter((item) => item.postType === "attachment");
    expect(attachments).toHaveLength(2);
    expect(attachments.every((item) => item.postParent === post.postId)).toBe(true);
    expect(post.meta._thumbnail_id).toEqual([attachments[0]!.postId]);
    expect(attachments[1]!.attachmentUrl).toBe(`${t.config.publicOrigin}${uploaded.body.src}`);
    expect(items.find((item) => item.postType === "page")).toMatchObject({
      title: "Careers",
      postName: "careers",
    });

    // Another site takes the file in (its pictures left: they are on this site).
    const next = await createTestApp();
    const nextHeaders = await next.adminHeaders();
    const done = await importFile(next, nextHeaders, answer.body, { pictures: false });
    expect(done.report.items!.find((item) => item.kind === "post")!.outcome).toBe("imported");
    const moved = (
      await call<AdminBlog[]>(next.app, { url: "/api/admin/blogs", headers: nextHeaders })
    ).body[0]!;
    expect(moved).toMatchObject({ title: "Leaving & <arriving>", seoTitle: "SEO title" });
    // The same words and marks (brackets written as themselves, \]).
    expect(moved.content.join("\n")).toContain("# Heading\nSome **bold** words \\]\\]> here.");
    expect(moved.tags.map((tag) => tag.name).sort()).toEqual(["Growth", "Lagos"]);
  });
});
