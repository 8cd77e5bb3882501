import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogSearchText from "../../server/db/migrations/0020-blog-search-text.ts";
import { call, multipart, useTestApp } from "./helpers.ts";

// A formatted post (decision 0032) as the API and the search read it: the words without
// their Markdown; a link's text is found, its address is not.

describe("a formatted post in lists and search", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  it("searches and excerpts its words without the Markdown", async () => {
    const form = multipart({
      title: "Formatting and search",
      content: "Read **our** [quokkaguide](https://zebrahost.example/aardvark) _today_",
    });
    const created = await call<{ _id: string; excerpt: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(created.status).toBe(201);
    expect(created.body.excerpt).toBe("Read our quokkaguide today");
    const found = async (q: string) =>
      (await call<{ _id: string }[]>(t.app, { url: `/api/blogs?q=${q}` })).body.map((b) => b._id);
    expect(await found("quokkaguide")).toEqual([created.body._id]);
    expect(await found("aardvark")).toEqual([]);
    expect(await found("zebrahost")).toEqual([]);

    // A change of the points changes what is found.
    const edit = multipart({ content: "Now about aardvark care" });
    const edited = await call(t.app, {
      method: "PATCH",
      url: `/api/blogs/${created.body._id}`,
      headers: { ...headers, ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.status).toBe(200);
    expect(await found("aardvark")).toEqual([created.body._id]);
    expect(await found("quokkaguide")).toEqual([]);

    // Migration 0020 undone and done again: the search text is made anew from the points.
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    await blogSearchText.down(db);
    await blogSearchText.up(db);
    expect(await found("aardvark")).toEqual([created.body._id]);
    expect(await found("zebrahost")).toEqual([]);
  });
});
