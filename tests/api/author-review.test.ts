import { describe, expect, it } from "vitest";
import { reviewMessages } from "../../common/schemas/blog.ts";
import { useMailServer } from "../support/mail-server.ts";
import { call, multipart, signIn, staffHeaders, useTestApp } from "./helpers.ts";

// The author role (issue 50, item 4; decision 0051): an author writes and changes their own
// drafts, sends them for review, and the editors and owners are mailed (a real SMTP server);
// an editor publishes. An author never publishes, nor touches another's post.

const AGENCY = "Harmattan Creative Co";

interface Post {
  _id: string;
  slug: string;
  status: string;
  authorId: string | null;
  submittedBy: string | null;
  submittedAt: string | null;
  reviewNote: string;
  error?: string;
}

describe("an author's post going through review", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({ ...smtp.env(), PUBLIC_ORIGIN: "https://agency.test" }));
  type Headers = { authorization: string };

  const form = (
    method: "POST" | "PATCH",
    url: string,
    fields: Record<string, string>,
    headers: Headers,
  ) => {
    const body = multipart(fields, []);
    return call<Post>(t.app, {
      method,
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const get = (url: string, headers: Headers) => call<Post>(t.app, { method: "GET", url, headers });
  const post = (url: string, headers: Headers, payload?: object) =>
    call<Post>(t.app, { method: "POST", url, headers, ...(payload ? { payload } : {}) });
  const auditOf = (action: string, id: string) =>
    t.app.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .where("entity_id", "=", id)
      .execute();

  it("keeps an author to their own drafts, mails the reviewers on submit, and an editor publishes", async () => {
    await t.app.services.identity.save({ ...(await t.app.services.identity.get()), name: AGENCY });
    const owner = await staffHeaders(t.app, "ada.owner@example.com", "owner");
    const editor = await staffHeaders(t.app, "bola.editor@example.com", "editor");
    const author = await staffHeaders(t.app, "chi.author@example.com", "author");
    const other = await staffHeaders(t.app, "dayo.author@example.com", "author");
    await call(t.app, {
      method: "PATCH",
      url: "/api/auth/me",
      headers: author,
      payload: { name: "Chi Okafor" },
    });

    // Created without a status, an author's post is a draft (an editor's is published).
    const created = await form(
      "POST",
      "/api/blogs",
      { title: "Reels that sell", content: "Hook first" },
      author,
    );
    expect(created.status).toBe(201);
    const id = created.body._id;
    expect((await get(`/api/admin/blogs/${id}`, author)).body).toMatchObject({ status: "draft" });
    for (const status of ["published", "scheduled"]) {
      const refused = await form(
        "POST",
        "/api/blogs",
        { title: "Straight out", status, publishedAt: "2099-01-01T09:00:00Z" },
        author,
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(reviewMessages.authorCannotPublish);
    }
    const refusedPublish = await form("PATCH", `/api/blogs/${id}`, { status: "published" }, author);
    expect(refusedPublish.status).toBe(403);
    expect(refusedPublish.body.error).toBe(reviewMessages.authorCannotPublish);

    // Another author's and an editor's posts are not theirs: not listed, not opened, not changed.
    const editorsPost = await form(
      "POST",
      "/api/blogs",
      { title: "Agency news", status: "draft" },
      editor,
    );
    const theirs = `/api/admin/blogs/${editorsPost.body._id}`;
    expect((await get(theirs, author)).status).toBe(403);
    expect((await get(theirs, author)).body.error).toBe(reviewMessages.notYours);
    expect(
      (await form("PATCH", `/api/blogs/${editorsPost.body._id}`, { title: "Mine now" }, author))
        .status,
    ).toBe(403);
    expect(
      (
        await call(t.app, {
          method: "DELETE",
          url: `/api/blogs/${editorsPost.body._id}`,
          headers: author,
        })
      ).status,
    ).toBe(403);
    expect((await post(`${theirs}/preview-link`, author)).status).toBe(403);
    expect((await post(`${theirs}/submit`, author)).status).toBe(403);
    expect((await get(`/api/admin/blogs/${id}`, other)).status).toBe(403);
    const listed = await call<Post[]>(t.app, {
      method: "GET",
      url: "/api/admin/blogs",
      headers: author,
    });
    expect(listed.body.map((p) => p._id)).toEqual([id]);
    expect(
      (await call<Post[]>(t.app, { method: "GET", url: "/api/admin/blogs", headers: editor })).body,
    ).toHaveLength(2);
    // Nor the agency's business: enquiries, subscribers, staff, activity, prices.
    for (const [method, url] of [
      ["GET", "/api/contact"],
      ["GET", "/api/newsletter"],
      ["GET", "/api/staff"],
      ["GET", "/api/audit"],
      ["POST", "/api/prices"],
    ] as const) {
      const refused = await call<{ error: string }>(t.app, { method, url, headers: author });
      expect(refused.status, url).toBe(403);
      expect(refused.body.error, url).toMatch(/signed in as an author/);
    }

    // Their own draft: saved, previewed, then sent for review.
    expect(
      (await form("PATCH", `/api/blogs/${id}`, { title: "Reels that sell in Lagos" }, author))
        .status,
    ).toBe(200);
    expect((await post(`/api/admin/blogs/${id}/preview-link`, author)).status).toBe(200);
    const start = smtp.inbox.length;
    const submitted = await post(`/api/admin/blogs/${id}/submit`, author);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: "review", submittedBy: "Chi Okafor" });
    expect(submitted.body.submittedAt).toMatch(/^\d{4}-/);
    expect((await post(`/api/admin/blogs/${id}/submit`, author)).status).toBe(409);

    // One mail to each editor and owner, none to the authors; the stored agency name.
    await smtp.received(start + 2);
    const mails = smtp.inbox.slice(start);
    expect(mails.flatMap((m) => m.rcptTo).sort()).toEqual([
      "ada.owner@example.com",
      "bola.editor@example.com",
    ]);
    for (const { mail } of mails) {
      expect(mail.subject).toBe(`${AGENCY}: a post waits for review: Reels that sell in Lagos`);
      expect(mail.text).toContain(
        'Chi Okafor sent the post "Reels that sell in Lagos" for review.',
      );
      expect(mail.text).toContain(`https://agency.test/admin/edit/${id}`);
      expect(`${mail.subject} ${mail.text}`).not.toContain("Brightlane");
    }

    // Still theirs to change while it waits; it stays waiting. Not public.
    const changed = await form(
      "PATCH",
      `/api/blogs/${id}`,
      { content: "Hook first\nThen the offer" },
      author,
    );
    expect(changed.status).toBe(200);
    expect((await get(`/api/admin/blogs/${id}`, author)).body.status).toBe("review");
    expect((await get(`/api/blogs/${created.body.slug}`, owner)).status).toBe(404);

    // The editors' filter, with its count.
    const waiting = await call<Post[]>(t.app, {
      method: "GET",
      url: "/api/admin/blogs?status=review&page=1&pageSize=1",
      headers: editor,
    });
    expect(waiting.response.headers["x-total-count"]).toBe("1");
    expect(waiting.body[0]?._id).toBe(id);
    expect((await post(`/api/admin/blogs/${id}/return`, author, { note: "x" })).status).toBe(403);

    // Sent back with a note, sent again, published by the editor.
    const returned = await post(`/api/admin/blogs/${id}/return`, editor, { note: "Add a price." });
    expect(returned.body).toMatchObject({ status: "draft", reviewNote: "Add a price." });
    expect((await post(`/api/admin/blogs/${id}/submit`, author)).body).toMatchObject({
      status: "review",
      reviewNote: "",
    });
    const published = await form("PATCH", `/api/blogs/${id}`, { status: "published" }, editor);
    expect(published.status).toBe(200);
    expect((await get(`/api/blogs/${published.body.slug}`, owner)).status).toBe(200);

    // Public now: the author can no longer change, unpublish nor delete it.
    expect((await form("PATCH", `/api/blogs/${id}`, { title: "Changed" }, author)).body.error).toBe(
      reviewMessages.authorNotDraft,
    );
    expect((await form("PATCH", `/api/blogs/${id}`, { status: "draft" }, author)).status).toBe(403);
    expect(
      (await call(t.app, { method: "DELETE", url: `/api/blogs/${id}`, headers: author })).status,
    ).toBe(403);

    // Activity: the submissions, the return and the publication, each by its person.
    const actors = async (action: string) =>
      (await auditOf(action, id)).map((row) => row.actor_email);
    expect(await actors("submit")).toEqual(["chi.author@example.com", "chi.author@example.com"]);
    expect(await actors("return")).toEqual(["bola.editor@example.com"]);
    expect(await actors("publish")).toEqual(["bola.editor@example.com"]);
  });

  it("an owner invites an author; made an author, a person's owner links and others' previews end", async () => {
    const owner = await staffHeaders(t.app, "eze.owner@example.com", "owner");
    const invited = await post("/api/staff/invitations", owner, {
      email: "funmi@example.com",
      role: "author",
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ role: "author" });

    const second = await staffHeaders(t.app, "gbenga.owner@example.com", "owner");
    const me = await get("/api/auth/me", second);
    const secondId = (me.body as unknown as { id: string }).id;
    const invite = await post("/api/staff/invitations", second, {
      email: "hauwa@example.com",
      role: "editor",
    });
    expect(invite.status).toBe(201);
    const ownPost = await form(
      "POST",
      "/api/blogs",
      { title: "My draft", status: "draft" },
      second,
    );
    const othersPost = await form(
      "POST",
      "/api/blogs",
      { title: "Their draft", status: "draft" },
      owner,
    );
    await post(`/api/admin/blogs/${ownPost.body._id}/preview-link`, second);
    await post(`/api/admin/blogs/${othersPost.body._id}/preview-link`, second);

    const made = await call<{ role: string }>(t.app, {
      method: "PATCH",
      url: `/api/staff/${secondId}`,
      headers: owner,
      payload: { role: "author" },
    });
    expect(made.body.role).toBe("author");
    // At once: the same token is an author's now.
    expect((await get("/api/staff", second)).status).toBe(403);
    expect((await get("/api/auth/me", second)).body).toMatchObject({ role: "author" });
    const db = t.app.services.database.db;
    const invitations = await db
      .selectFrom("admin_tokens")
      .select("email")
      .where("created_by", "=", secondId)
      .execute();
    expect(invitations).toEqual([]);
    const previews = await db
      .selectFrom("blogs")
      .select(["id", "preview_token"])
      .where("preview_by", "=", secondId)
      .execute();
    expect(previews.map((row) => row.id)).toEqual([ownPost.body._id]);
    // Their own draft is still theirs to write, and they sign in as before.
    expect(
      (await form("PATCH", `/api/blogs/${ownPost.body._id}`, { title: "My draft, again" }, second))
        .status,
    ).toBe(200);
    expect((await signIn(t.app, "gbenga.owner@example.com")).authorization).toMatch(/^Bearer /);
  });
});
