import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { accountMessages } from "../../common/schemas/accounts.ts";
import { LINKS_MADE_BY_STAFF, OTHER_SECRETS } from "../../server/modules/staff/links-made.ts";
import { call, multipart, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Issue 46: a single-use link ends with the authority of whoever made it. An owner's
// "Password link" (mail off: the owner gets it to hand over) stops working once that owner
// is removed or made an editor, as invitations and preview links do, through the one path
// that removes a person or changes a role (the back office and the command line); the
// activity log says so. And every link or token column of the schema is either one of the
// kinds that end so, or named with the reason it needs not.

const NEW_PASSWORD = "a fresh password for ada";
type Headers = { authorization: string };

describe("the links a person made end with their authority", () => {
  const t = useTestApp({ PUBLIC_ORIGIN: "https://agency.test" });

  /** A fresh account signed in: its e-mail, id and bearer header. */
  async function person(role: "owner" | "editor" = "owner") {
    const email = `p-${randomBytes(4).toString("hex")}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD, role);
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    const headers = { authorization: `Bearer ${login.body.token}` };
    const me = await call<{ id: string }>(t.app, { method: "GET", url: "/api/auth/me", headers });
    return { email, id: me.body.id, headers };
  }
  /** An owner's password link for `id` (no mail here: the link is answered). */
  async function passwordLink(maker: Headers, id: string) {
    const made = await call<{ link: string | null; mailed: boolean }>(t.app, {
      method: "POST",
      url: `/api/staff/reset-links/${id}`,
      headers: maker,
    });
    expect(made.status).toBe(200);
    expect(made.body.mailed).toBe(false);
    return /#token=([\w-]+)$/.exec(made.body.link!)![1]!;
  }
  const reset = (token: string) =>
    call<{ token?: string; error?: string }>(t.app, {
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: NEW_PASSWORD },
    });
  const login = (email: string, password: string) =>
    call(t.app, { method: "POST", url: "/api/auth/login", payload: { email, password } });
  const entries = (action: string, id: string) =>
    t.app.services.database.db
      .selectFrom("audit_log")
      .select(["actor_email", "entity_type", "summary"])
      .where("action", "=", action)
      .where("entity_id", "=", id)
      .execute();

  it("an owner's password link stops working when that owner is removed; Activity says so", async () => {
    const remaining = await person();
    const leaving = await person();
    const token = await passwordLink(leaving.headers, remaining.id);
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/${leaving.id}`,
      headers: remaining.headers,
    });
    expect(removed.status).toBe(200);

    const used = await reset(token);
    expect(used.status).toBe(400);
    expect(used.body).toEqual({ error: accountMessages.linkUsedOrExpired });
    expect((await login(remaining.email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(remaining.email, NEW_PASSWORD)).status).toBe(401);

    const [entry, ...more] = await entries("reset-link-withdraw", remaining.id);
    expect(more).toEqual([]);
    expect(entry!.actor_email).toBe(remaining.email);
    expect(entry!.entity_type).toBe("admin");
    const { before } = JSON.parse(entry!.summary) as { before: Record<string, string> };
    expect(before.email).toBe(remaining.email);
    expect(before.reason).toBe(`Made by ${leaving.email}, now removed`);
    expect(entry!.summary).not.toContain(token);
  });

  it("an owner's password link stops working when that owner is made an editor", async () => {
    const owner = await person();
    const demoted = await person();
    const target = await person("editor");
    const token = await passwordLink(demoted.headers, target.id);
    const change = await call(t.app, {
      method: "PATCH",
      url: `/api/staff/${demoted.id}`,
      headers: owner.headers,
      payload: { role: "editor" },
    });
    expect(change.status).toBe(200);
    expect((await reset(token)).body).toEqual({ error: accountMessages.linkUsedOrExpired });
    expect((await login(target.email, TEST_PASSWORD)).status).toBe(200);
    const [entry] = await entries("reset-link-withdraw", target.id);
    expect(JSON.parse(entry!.summary).before.reason).toBe(
      `Made by ${demoted.email}, now an editor`,
    );
  });

  it("a demotion by another path (not the role change) still ends the link when it is used", async () => {
    const owner = await person();
    const target = await person("editor");
    const token = await passwordLink(owner.headers, target.id);
    await t.app.services.database.db
      .updateTable("admins")
      .set({ role: "editor" })
      .where("id", "=", owner.id)
      .execute();
    expect((await reset(token)).body).toEqual({ error: accountMessages.linkUsedOrExpired });
    expect((await login(target.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("keeps a link whose maker still has the authority, and a person's own reset link", async () => {
    const owner = await person();
    const other = await person();
    const target = await person("editor");
    const token = await passwordLink(owner.headers, target.id);
    // Someone else's removal or demotion ends nothing of theirs.
    await call(t.app, { method: "DELETE", url: `/api/staff/${other.id}`, headers: owner.headers });
    const used = await reset(token);
    expect(used.status).toBe(200);
    expect(used.body.token).toBeTypeOf("string");
    expect((await login(target.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("removed by the command line: the links go, and Activity names the command line", async () => {
    const remaining = await person();
    const leaving = await person();
    const token = await passwordLink(leaving.headers, remaining.id);
    const form = multipart({ title: "Draft to preview", content: "Point one", status: "draft" });
    const post = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers: { ...leaving.headers, ...form.headers },
      payload: form.payload,
    });
    expect(post.status).toBe(201);
    const preview = await call<{ previewPath: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${post.body._id}/preview-link`,
      headers: leaving.headers,
    });
    const previewToken = preview.body.previewPath.split("/").at(-1)!;
    expect(await t.app.services.blogs.preview(previewToken)).toBeDefined();

    await t.app.services.admins.remove({ email: leaving.email });
    expect((await reset(token)).status).toBe(400);
    expect(await t.app.services.blogs.preview(previewToken)).toBeUndefined();
    const [resetEntry] = await entries("reset-link-withdraw", remaining.id);
    expect(resetEntry!.actor_email).toBe("command line");
    const [previewEntry] = await entries("preview-link-withdraw", post.body._id);
    expect(previewEntry!.actor_email).toBe("command line");
    expect(previewEntry!.entity_type).toBe("blog");
    expect(JSON.parse(previewEntry!.summary).before).toEqual({
      title: "Draft to preview",
      reason: `Made by ${leaving.email}, now removed`,
    });
  });

  it("knows every link or token column of the schema: each ends with its maker, or says why not", async () => {
    const { db } = t.app.services.database;
    const tables = await db.introspection.getTables();
    const own =
      t.config.database.kind === "postgres"
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
            ?.schema
        : undefined;
    // Whatever holds a link, a token, a secret or a code by its name: a whole table so named,
    // or a column so named in another.
    const secretLike = /token|nonce|ticket|challenge|secret|salt|hash|code|invit|link/i;
    const kindTables = new Set<string>(LINKS_MADE_BY_STAFF.map((kind) => kind.table));
    const kinds = new Set(LINKS_MADE_BY_STAFF.map((kind) => `${kind.table}.${kind.secretColumn}`));
    const uncovered: string[] = [];
    const seen = new Set<string>();
    for (const table of tables) {
      if (own !== undefined && table.schema !== own) continue;
      if (table.name.startsWith("kysely_") || table.isView) continue;
      if (secretLike.test(table.name)) {
        seen.add(table.name);
        if (!kindTables.has(table.name) && !(table.name in OTHER_SECRETS)) {
          uncovered.push(table.name);
        }
      }
      for (const column of table.columns) {
        if (!secretLike.test(column.name)) continue;
        const name = `${table.name}.${column.name}`;
        seen.add(name);
        if (kinds.has(name) || name in OTHER_SECRETS || table.name in OTHER_SECRETS) continue;
        uncovered.push(name);
      }
    }
    expect(uncovered, "add each to LINKS_MADE_BY_STAFF, or to OTHER_SECRETS with why").toEqual([]);
    // The lists describe the schema as it is: every entry is there.
    for (const name of Object.keys(OTHER_SECRETS)) expect(seen).toContain(name);
    for (const kind of LINKS_MADE_BY_STAFF) {
      expect(seen).toContain(`${kind.table}.${kind.secretColumn}`);
      const columns = tables.find((table) => table.name === kind.table)!.columns;
      expect(columns.map((column) => column.name)).toContain(kind.madeByColumn);
    }
    // Every purpose of admin_tokens is a kind of its own.
    const purposes = await db.selectFrom("admin_tokens").select("purpose").distinct().execute();
    for (const { purpose } of purposes) {
      expect(LINKS_MADE_BY_STAFF.map((kind) => kind.purpose)).toContain(purpose);
    }
    expect(LINKS_MADE_BY_STAFF.map((kind) => kind.purpose)).toEqual(
      expect.arrayContaining(["invite", "reset", "email"]),
    );
  });
});
