import { beforeAll, describe, expect, it } from "vitest";
import type { ReplyTemplate } from "../../common/schemas/leads.ts";
import { call, editorHeaders, expectAdminOnly, useTestApp } from "./helpers.ts";

// The reply templates staff keep (issue 52, item 3), on SQLite and PostgreSQL: a new install
// starts with the two the inbox offered before; staff edit, add, reorder and delete them,
// every write is checked by the shared schema and written to Activity.

describe("reply templates", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });
  const list = async () =>
    (await call<ReplyTemplate[]>(t.app, { url: "/api/reply-templates", headers })).body;

  it("start as the two templates of a new install, for staff only", async () => {
    const templates = await list();
    expect(templates.map((template) => template.label)).toEqual([
      "Thank you, next steps",
      "Offer a free consultation",
    ]);
    expect(templates[0]!.subject).toBe("Your enquiry about {package}");
    expect(templates[1]!.body).toContain("Would you like a free 30-minute consultation?");
    await expectAdminOnly(t, { method: "GET", url: "/api/reply-templates" });
    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/reply-templates",
      payload: { label: "x", subject: "y", body: "z" },
    });
  });

  it("are added, edited, reordered and deleted by an editor, each in Activity", async () => {
    const editor = await editorHeaders(t.app, "templates.editor@example.com");
    const added = await call<ReplyTemplate>(t.app, {
      method: "POST",
      url: "/api/reply-templates",
      headers: editor,
      payload: { label: "  Price list  ", subject: "Our prices", body: "Hello {name}, …" },
    });
    expect(added.status).toBe(201);
    expect(added.body.label).toBe("Price list");
    expect((await list()).at(-1)!.id).toBe(added.body.id);

    const edited = await call<ReplyTemplate>(t.app, {
      method: "PUT",
      url: `/api/reply-templates/${added.body.id}`,
      headers: editor,
      payload: { label: "Price list", subject: "Our prices for {package}", body: "Hello {name}" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.subject).toBe("Our prices for {package}");

    const ids = (await list()).map((template) => template.id).reverse();
    const ordered = await call<ReplyTemplate[]>(t.app, {
      method: "PUT",
      url: "/api/reply-templates/order",
      headers: editor,
      payload: { ids },
    });
    expect(ordered.status).toBe(200);
    expect(ordered.body.map((template) => template.id)).toEqual(ids);
    expect((await list()).map((template) => template.id)).toEqual(ids);

    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/reply-templates/${added.body.id}`,
      headers: editor,
    });
    expect(removed.status).toBe(200);
    expect((await list()).some((template) => template.id === added.body.id)).toBe(false);
    const again = await call<{ error: string }>(t.app, {
      method: "DELETE",
      url: `/api/reply-templates/${added.body.id}`,
      headers: editor,
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("There is no reply template with this id.");

    const audit = await call<{ entries: { action: string }[] }>(t.app, {
      url: "/api/audit?type=reply-template",
      headers,
    });
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((entry) => entry.action).sort()).toEqual(
      ["create", "delete", "reorder", "update"].sort(),
    );
  });

  it("refuse a blank or too long field and an order that does not name each once", async () => {
    const blank = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/reply-templates",
      headers,
      payload: { label: "   ", subject: "s", body: "b" },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toContain("Please give the template a name.");
    const long = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/reply-templates",
      headers,
      payload: { label: "x".repeat(81), subject: "s", body: "b" },
    });
    expect(long.status).toBe(400);
    const missing = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/reply-templates/not-there",
      headers,
      payload: { label: "x", subject: "s", body: "b" },
    });
    expect(missing.status).toBe(404);
    const [first] = await list();
    const partial = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/reply-templates/order",
      headers,
      payload: { ids: [first!.id, first!.id] },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toBe("The order must name every reply template once.");
  });
});
