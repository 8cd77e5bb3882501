import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBlog } from "../../common/schemas/blog.ts";
import type { Import } from "../../common/schemas/imports.ts";
import { wxrFile, type WxrSite } from "../factories/wxr.ts";
import { startOldSite, type OldSite } from "../support/old-site.ts";
import { call, expectAdminOnly, TEST_PASSWORD, useTestApp } from "./helpers.ts";
import { importFile, preview, upload } from "./import-helpers.ts";

// Moving in from WordPress (issue 51): a WXR file the test writes, an old site on 127.0.0.1
// with its pictures (allowed by IMPORT_ALLOW_HOSTS), the import's preview, job and report,
// the posts it makes and the old addresses that keep working.

let old: OldSite;
beforeAll(async () => {
  old = await startOldSite();
});
afterAll(() => old.close());

const t = useTestApp(() => ({ IMPORT_ALLOW_HOSTS: old.host }), { trafficFlushMs: 0 });

const png = (name: string) => `/wp-content/uploads/2023/05/${name}.png`;

/** The old site: every construct the import handles. */
function site(url: string): WxrSite {
  return {
    url,
    title: "Old Agency",
    authors: [{ login: "ada", email: "ada@old.example", name: "Ada Obi" }],
    categories: [
      { slug: "news", name: "News" },
      { slug: "growth-tips", name: "Growth Tips" },
    ],
    tags: [{ slug: "instagram", name: "Instagram" }],
    items: [
      {
        id: 10,
        title: "Classic post",
        slug: "classic-post",
        creator: "ada",
        excerpt: "<p>A short <b>excerpt</b>.</p>",
        content: [
          'First paragraph with <strong>bold</strong>, <em>italic</em> and a <a href="https://example.org/x">link</a>.',
          "",
          "Second line one\nsecond line two",
          "",
          `[caption id="attachment_20" align="alignnone" width="640"]<img class="wp-image-20" src="${url}${png("team-300x200")}" alt="Our team" /> The team in Lagos[/caption]`,
          "",
          '[gallery ids="20,21"]',
          "",
          "[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]",
          "",
          `<img src="${url}/missing/gone.png" alt="Gone" />`,
          "",
          '<img src="https://cdn.elsewhere.example/pic.png" alt="Elsewhere" />',
          "",
          '[contact-form-7 id="5" title="Contact"]',
          "",
          "<table><tr><td>A</td><td>B</td></tr></table>",
          "",
          "<ul><li>One</li><li>Two</li></ul>",
          "<ol><li>First</li><li>Second</li></ol>",
          "<blockquote>Quoted words</blockquote>",
          "<h3>A heading</h3>",
          "# not a heading",
        ].join("\n"),
        categories: [
          { domain: "category", slug: "news", name: "News" },
          { domain: "category", slug: "growth-tips", name: "Growth Tips" },
          { domain: "post_tag", slug: "instagram", name: "Instagram" },
        ],
        meta: {
          _thumbnail_id: "21",
          _yoast_wpseo_title: "%%title%% %%sep%% %%sitename%%",
          _yoast_wpseo_metadesc: "Grow on Instagram with us.",
          _wp_old_slug: "classic-old",
        },
        comments: 2,
      },
      {
        id: 11,
        title: "Block post",
        slug: "block-post",
        date: "2023-06-02 08:30:00",
        content: [
          "<!-- wp:paragraph --><p>Block <strong>editor</strong> text.</p><!-- /wp:paragraph -->",
          `<!-- wp:image {"id":20} --><figure class="wp-block-image"><img src="${url}${png("team")}" alt="Team again" class="wp-image-20"/><figcaption>Caption under</figcaption></figure><!-- /wp:image -->`,
          '<!-- wp:embed {"url":"https://youtu.be/dQw4w9WgXcQ","type":"video"} --><figure class="wp-block-embed is-type-video"><div class="wp-block-embed__wrapper">\nhttps://youtu.be/dQw4w9WgXcQ\n</div></figure><!-- /wp:embed -->',
          '<!-- wp:heading --><h2 class="wp-block-heading">Block heading</h2><!-- /wp:heading -->',
          "<!-- wp:list --><ul><li>Alpha</li><li>Beta</li></ul><!-- /wp:list -->",
          '<!-- wp:quote --><blockquote class="wp-block-quote"><p>Wise words</p><cite>Someone</cite></blockquote><!-- /wp:quote -->',
        ].join("\n\n"),
        categories: [{ domain: "category", slug: "news", name: "News" }],
      },
      { id: 12, title: "A draft", slug: "", status: "draft", content: "Draft words." },
      {
        id: 13,
        title: "Scheduled one",
        slug: "scheduled-one",
        status: "future",
        date: "2099-01-01 09:00:00",
        content: "Soon.",
      },
      { id: 14, title: "Private one", slug: "private-one", status: "private", content: "Secret." },
      { id: 15, title: "Trashed", slug: "trashed", status: "trash", content: "Gone." },
      {
        id: 16,
        title: "Locked",
        slug: "locked",
        password: "hunter2",
        content: "Members only.",
      },
      {
        id: 30,
        title: "About the agency",
        slug: "about-the-agency",
        type: "page",
        link: `${url}/about-the-agency/`,
        content: "<h2>Who we are</h2><p>We grow brands.</p>",
      },
      { id: 40, title: "Home", slug: "home-menu", type: "nav_menu_item", content: "" },
      {
        id: 20,
        title: "team",
        slug: "team",
        type: "attachment",
        parent: 10,
        link: `${url}/2023/05/classic-post/team/`,
        attachmentUrl: `${url}${png("team")}`,
        meta: { _wp_attachment_image_alt: "The whole team" },
      },
      {
        id: 21,
        title: "cover",
        slug: "cover",
        type: "attachment",
        parent: 10,
        attachmentUrl: `${url}${png("cover")}`,
      },
      {
        id: 22,
        title: "unused",
        slug: "unused",
        type: "attachment",
        parent: 0,
        attachmentUrl: `${url}${png("unused")}`,
      },
    ],
  };
}

async function posts(headers: { authorization: string }) {
  return (await call<AdminBlog[]>(t.app, { url: "/api/admin/blogs", headers })).body;
}

describe("importing a WordPress export", () => {
  let headers: { authorization: string };
  let first: Import;
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  it("is for owners only", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/imports" });
    await expectAdminOnly(t, { method: "GET", url: "/api/exports/wordpress" });
    await t.app.services.admins.create("editor@agency.test", TEST_PASSWORD, "editor");
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "editor@agency.test", password: TEST_PASSWORD },
    });
    const editor = { authorization: `Bearer ${login.body.token}` };
    expect((await call(t.app, { url: "/api/imports", headers: editor })).status).toBe(403);
    expect((await call(t.app, { url: "/api/exports/wordpress", headers: editor })).status).toBe(
      403,
    );
  });

  it("previews what the file holds before anything is imported", async () => {
    const ready = await preview(t, headers, wxrFile(site(old.url)));
    expect(ready.state).toBe("ready");
    expect(ready.site).toEqual({ title: "Old Agency", url: old.url });
    expect(ready.counts).toMatchObject({
      posts: 7,
      pages: 1,
      attachments: 3,
      categories: 2,
      tags: 1,
      authors: 1,
      other: 1,
      statuses: { publish: 4, draft: 1, future: 1, private: 1, trash: 1 },
    });
    expect(await posts(headers)).toHaveLength(0);
  });

  it("imports posts, pages, pictures, tags and search fields, and reports each item", async () => {
    const requestsBefore = old.requests.length;
    first = await importFile(t, headers, wxrFile(site(old.url)));
    expect(first.progress.done).toBe(first.progress.total);
    const items = first.report.items!;
    const byTitle = (title: string) => items.find((item) => item.title === title)!;
    expect(byTitle("Classic post")).toMatchObject({ outcome: "imported" });
    expect(byTitle("Trashed")).toMatchObject({
      outcome: "skipped",
      reason: "it is in the old site's trash",
    });
    expect(byTitle("Home")).toMatchObject({ outcome: "skipped" });
    expect(byTitle("Home").reason).toMatch(/menu/);
    expect(byTitle("unused")).toMatchObject({ outcome: "skipped" });

    const notes = byTitle("Classic post").notes.join("\n");
    expect(notes).toMatch(
      /picture .*missing\/gone\.png was not imported: the old site answered 404/,
    );
    expect(notes).toMatch(/on another site \(cdn\.elsewhere\.example\).*kept as a link/);
    expect(notes).toMatch(/\[contact-form-7\]/);
    expect(notes).toMatch(/a table/);
    expect(notes).toMatch(/2 comments/);

    const list = await posts(headers);
    expect(list.map((post) => post.title).sort()).toEqual(
      ["A draft", "Block post", "Classic post", "Locked", "Private one", "Scheduled one"].sort(),
    );
    const classic = list.find((post) => post.title === "Classic post")!;
    expect(classic).toMatchObject({
      slug: "classic-post",
      status: "published",
      publishedAt: "2023-05-01T10:00:00.000Z",
      authorName: "Ada Obi",
      customExcerpt: "A short excerpt.",
      seoTitle: "Classic post - Old Agency",
      seoDescription: "Grow on Instagram with us.",
    });
    // A post in two categories and a tag: three tags here.
    expect(classic.tags.map((tag) => tag.name).sort()).toEqual([
      "Growth Tips",
      "Instagram",
      "News",
    ]);
    expect(classic.image).toMatch(/^\/media\/blogs\//);
    const text = classic.content.join("\n");
    expect(text).toContain(
      "First paragraph with **bold**, *italic* and a [link](https://example.org/x).",
    );
    expect(text).toContain("Second line one\nsecond line two");
    expect(text).toMatch(
      /!\[Our team\]\(\/media\/posts\/[0-9a-f-]+-640x360\.webp\)\nThe team in Lagos/,
    );
    // The gallery's two pictures, the caption's one among them.
    expect(text.match(/!\[[^\]]*\]\(\/media\/posts\//g)).toHaveLength(3);
    expect(text).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(text).toContain("[Elsewhere](https://cdn.elsewhere.example/pic.png)");
    expect(text).not.toContain("gone.png");
    expect(text).toContain("* One\n* Two");
    expect(text).toContain("1. First\n2. Second");
    expect(text).toContain("> Quoted words");
    expect(text).toContain("# A heading");
    expect(text).toContain("\\# not a heading");

    const block = list.find((post) => post.title === "Block post")!;
    expect(block.content.join("\n")).toMatch(
      /^Block __editor__ text\.|Block \*\*editor\*\* text\./,
    );
    expect(block.content.join("\n")).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(block.content.join("\n")).toContain("# Block heading");
    expect(block.content.join("\n")).toContain("> Wise words");

    // Statuses: publish, draft, future, private (a draft), a password (a draft).
    const status = (title: string) => list.find((post) => post.title === title)!.status;
    expect(status("A draft")).toBe("draft");
    expect(status("Scheduled one")).toBe("scheduled");
    expect(status("Private one")).toBe("draft");
    expect(status("Locked")).toBe("draft");
    expect(byTitle("Locked").notes.join()).toMatch(/password-protected/);

    // The page.
    const pages = await call<{ slug: string; title: string; status: string }[]>(t.app, {
      url: "/api/pages",
      headers,
    });
    expect(pages.body).toEqual([
      expect.objectContaining({ slug: "about-the-agency", status: "published" }),
    ]);

    // Each picture fetched once (the same one named by the caption, the block and the gallery).
    const fetched = old.requests.slice(requestsBefore);
    expect(fetched.filter((path) => path === png("team"))).toHaveLength(1);
    expect(fetched).not.toContain(png("unused"));
  });

  it("keeps every old address working with a 301 to its new one", async () => {
    const redirect = async (url: string) => {
      const answer = await t.app.inject({ url });
      return `${answer.statusCode} ${answer.headers.location ?? ""}`;
    };
    expect(await redirect("/2023/05/classic-post/")).toBe("301 /blog/classic-post");
    expect(await redirect("/?p=10")).toBe("301 /blog/classic-post");
    expect(await redirect("/2023/05/classic-old/")).toBe("301 /blog/classic-post");
    expect(await redirect("/?page_id=30")).toBe("301 /about-the-agency");
    expect(await redirect("/category/news/")).toBe("301 /blog/tag/news");
    expect(await redirect("/category/growth-tips/feed/")).toBe("301 /blog/tag/growth-tips/rss.xml");
    expect(await redirect("/tag/instagram/")).toBe("301 /blog/tag/instagram");
    expect(await redirect("/feed/")).toBe("301 /blog/rss.xml");
    expect(await redirect("/2023/05/classic-post/team/")).toMatch(/^301 \/media\/posts\/.+\.webp$/);
    expect(await redirect("/?attachment_id=20")).toMatch(/^301 \/media\/posts\//);
    expect(await redirect(png("team"))).toMatch(/^301 \/media\/posts\/.+\.webp$/);
    // The size the body named leads to the same picture.
    expect(await redirect(png("team-300x200"))).toBe(await redirect(png("team")));
    expect(await redirect(png("cover"))).toMatch(/^301 \/media\/blogs\//);
    // A draft's old address is no redirect: it is not public here.
    expect(await redirect("/?p=12")).not.toMatch(/^301/);
  });

  it("updates, never duplicates, when the same file is imported again", async () => {
    const before = await posts(headers);
    const requestsBefore = old.requests.length;
    const again = await importFile(t, headers, wxrFile(site(old.url)));
    const items = again.report.items!;
    expect(items.find((item) => item.title === "Classic post")).toMatchObject({
      outcome: "updated",
    });
    expect(again.report.imported).toBe(
      items.filter(
        (item) => item.outcome === "imported" && item.kind !== "post" && item.kind !== "page",
      ).length,
    );
    const after = await posts(headers);
    expect(after.map((post) => post._id).sort()).toEqual(before.map((post) => post._id).sort());
    const classic = after.find((post) => post.title === "Classic post")!;
    expect(classic.image).toBe(before.find((post) => post.title === "Classic post")!.image);
    // No picture fetched again but the one that failed.
    expect(
      old.requests.slice(requestsBefore).filter((path) => !path.startsWith("/missing/")),
    ).toEqual([]);
  });

  it("takes only the statuses chosen, and can leave the pictures", async () => {
    const only = await importFile(
      t,
      headers,
      wxrFile({
        url: "https://another-old.example",
        items: [
          {
            id: 1,
            title: "Kept",
            slug: "kept",
            content: `<img src="https://another-old.example/wp-content/uploads/a.png" alt="A">`,
          },
          { id: 2, title: "Not chosen", slug: "not-chosen", status: "draft", content: "x" },
        ],
      }),
      { statuses: ["publish"], pictures: false },
    );
    const items = only.report.items!;
    expect(items.find((item) => item.title === "Not chosen")).toMatchObject({
      outcome: "skipped",
      reason: "its status (draft) was not chosen",
    });
    const kept = (await posts(headers)).find((post) => post.title === "Kept")!;
    expect(kept.content.join("\n")).toBe(
      "[A](https://another-old.example/wp-content/uploads/a.png)",
    );
    expect(items.find((item) => item.title === "Kept")!.notes.join()).toMatch(
      /not fetched as chosen/,
    );
  });

  it("makes no redirect from the back office's or the API's addresses, whatever the file says", async () => {
    await importFile(
      t,
      headers,
      wxrFile({
        url: "https://hostile.example",
        items: [
          { id: 1, title: "Sly", slug: "sly", link: "https://hostile.example/admin/login/" },
          { id: 2, title: "Slier", slug: "slier", link: "https://hostile.example/api/blogs" },
        ],
      }),
    );
    expect((await t.app.inject({ url: "/admin/login" })).statusCode).not.toBe(301);
    expect((await t.app.inject({ url: "/api/blogs" })).statusCode).toBe(200);
  });

  it("refuses a file that is not an export, and a DOCTYPE, saying why", async () => {
    const notXml = await upload(t, headers, "hello, this is no export");
    expect(notXml.status).toBe(400);
    const doctype = await preview(
      t,
      headers,
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "lol">]><rss><channel></channel></rss>',
    );
    expect(doctype.state).toBe("failed");
    expect(doctype.error).toMatch(/not a WordPress export.*DOCTYPE/);
    const start = await call(t.app, {
      method: "POST",
      url: `/api/imports/${doctype.id}/start`,
      headers,
      payload: {},
    });
    expect(start.status).toBe(409);
    const badChoice = await call(t.app, {
      method: "POST",
      url: `/api/imports/${doctype.id}/start`,
      headers,
      payload: { statuses: ["everything"] },
    });
    expect(badChoice.status).toBe(400);
  });
});
