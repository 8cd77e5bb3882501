import { beforeAll, describe, expect, it } from "vitest";
import type { AdminBlog } from "../../common/schemas/blog.ts";
import { call, multipart, useTestApp } from "./helpers.ts";

// Decision 0033: the back office keeps a point's own lines (`points`) and saves with the
// version it opened (`version`); API clients (§7: `content`, no version) are unchanged.

type Answer = AdminBlog & { error?: string };

describe("blog points and versions", () => {
  const t = useTestApp();
  let ada: { authorization: string };
  let bola: { authorization: string };
  beforeAll(async () => {
    ada = await t.adminHeaders();
    bola = await t.adminHeaders();
  });

  const send = (
    method: "POST" | "PATCH",
    url: string,
    fields: Record<string, string>,
    headers: { authorization: string },
  ) => {
    const form = multipart(fields);
    return call<Answer>(t.app, {
      method,
      url,
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const admin = async (id: string) =>
    (await call<Answer>(t.app, { url: `/api/admin/blogs/${id}`, headers: ada })).body;

  it("keeps a point's own lines through the back office's save; §7's content is still split by lines", async () => {
    const created = await send(
      "POST",
      "/api/blogs",
      {
        title: "Two-line points",
        points: JSON.stringify(["# Plan\r\nPost weekly.  ", "  ", "* One\n* Two"]),
        content: "ignored when points are sent",
        status: "draft",
      },
      ada,
    );
    expect(created.status).toBe(201);
    const post = await admin(created.body._id);
    expect(post.content).toEqual(["# Plan\nPost weekly.", "* One\n* Two"]);
    expect(post.version).toBe(1);

    const saved = await send(
      "PATCH",
      `/api/blogs/${post._id}`,
      { points: JSON.stringify(["First line\nsecond line", "Another"]), version: "1" },
      ada,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.content).toEqual(["First line\nsecond line", "Another"]);
    expect((await admin(post._id)).version).toBe(2);

    // An API client sends `content`: every line is a point, as before.
    const api = await send("PATCH", `/api/blogs/${post._id}`, { content: "A\nB\r\n\nC" }, ada);
    expect(api.body.content).toEqual(["A", "B", "C"]);
    expect((await admin(post._id)).version).toBe(3);

    const bad = await send("PATCH", `/api/blogs/${post._id}`, { points: "not json" }, ada);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Points must be a JSON array of texts.");
  });

  it("refuses a save over a newer one (409, who and when) and changes nothing; without a version the last save wins", async () => {
    const created = await send(
      "POST",
      "/api/blogs",
      { title: "Shared post", content: "Opening words", status: "draft" },
      ada,
    );
    const id = created.body._id;
    // Both open version 1; Bola saves first.
    const first = await send(
      "PATCH",
      `/api/blogs/${id}`,
      { title: "Bola's title", version: "1" },
      bola,
    );
    expect(first.status).toBe(200);

    const stale = await send(
      "PATCH",
      `/api/blogs/${id}`,
      { title: "Ada's title", content: "Ada's words", version: "1" },
      ada,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(
      /^This post was changed by admin\d+-[0-9a-f]+ at \d{1,2}:\d{2} [AP]M since you opened it\. Copy your changes, reload and try again\.$/,
    );
    const after = await admin(id);
    expect(after).toMatchObject({ title: "Bola's title", content: ["Opening words"], version: 2 });

    // An API client without a version still saves over it.
    const api = await send("PATCH", `/api/blogs/${id}`, { title: "API title" }, ada);
    expect(api.status).toBe(200);
    expect(await admin(id)).toMatchObject({ title: "API title", version: 3 });

    const bad = await send("PATCH", `/api/blogs/${id}`, { version: "two" }, ada);
    expect(bad.status).toBe(400);
  });
});
