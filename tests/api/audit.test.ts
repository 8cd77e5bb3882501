import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditLogEntry, AuditPage } from "../../common/schemas/audit.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { mp4Bytes, pngImage } from "../factories/images.ts";
import {
  call,
  createTestApp,
  useTestApp,
  expectAdminOnly,
  multipart,
  TEST_PASSWORD,
} from "./helpers.ts";

type Headers = { authorization: string };
interface Item {
  _id: string;
  [field: string]: unknown;
}

describe("the audit log", () => {
  const t = useTestApp({ MAX_VIDEO_SIZE: "2mb" });
  let owner: Headers;
  const ownerEmail = "owner@example.com";

  /** Signs in a new admin of this role and answers its bearer header. */
  async function signIn(email: string, role: "owner" | "editor" = "owner"): Promise<Headers> {
    await t.app.services.admins.create(email, TEST_PASSWORD);
    if (role === "editor") {
      await t.app.services.database.db
        .updateTable("admins")
        .set({ role: "editor" })
        .where("email", "=", email)
        .execute();
    }
    const { status, body } = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    expect(status).toBe(200);
    return { authorization: `Bearer ${body.token}` };
  }

  const audit = async (query = "", headers: Headers = owner) => {
    const answer = await call<AuditPage>(t.app, {
      method: "GET",
      url: `/api/audit${query}`,
      headers,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** The entries of one type, oldest first (the order the test made them). */
  const entriesOf = async (type: string) =>
    (await audit(`?type=${encodeURIComponent(type)}&limit=200`)).entries.reverse();
  const send = <T = Item>(method: string, url: string, payload?: object, headers = owner) =>
    call<T>(t.app, { method: method as "POST", url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    owner = await signIn(ownerEmail);
  });

  it("records the price writes with the amounts before and after", async () => {
    expect((await send("POST", "/api/prices", { key: "audit-test", amount: 1000 })).status).toBe(
      201,
    );
    expect((await send("POST", "/api/prices", { key: "audit-test", amount: 1500 })).status).toBe(
      200,
    );
    expect((await send("DELETE", "/api/prices/audit-test")).status).toBe(200);
    const entries = await entriesOf("price");
    expect(
      entries.map(({ action, entityId, actorEmail, before, after }) => ({
        action,
        entityId,
        actorEmail,
        before,
        after,
      })),
    ).toEqual([
      {
        action: "create",
        entityId: "audit-test",
        actorEmail: ownerEmail,
        before: null,
        after: { amount: 1000 },
      },
      {
        action: "update",
        entityId: "audit-test",
        actorEmail: ownerEmail,
        before: { amount: 1000 },
        after: { amount: 1500 },
      },
      {
        action: "delete",
        entityId: "audit-test",
        actorEmail: ownerEmail,
        before: { amount: 1500 },
        after: null,
      },
    ]);
    expect(Date.parse(entries[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records clicks of Move up on one list in a row as one reorder (issue 50)", async () => {
    const mover = await signIn("mover@example.com");
    const ids = (await send<Item[]>("GET", "/api/content/team")).body.map((item) => item._id);
    const [a, b, c, ...rest] = ids;
    const order = async (list: (string | undefined)[]) =>
      expect((await send("PUT", "/api/content/team/order", { ids: list }, mover)).status).toBe(200);
    const mine = async () =>
      (await audit(`?actor=mover%40example.com&type=content%3Ateam`)).entries;
    // c moves up twice: one entry, from the first order to the last.
    await order([a, c, b, ...rest]);
    await order([c, a, b, ...rest]);
    const [one, ...more] = await mine();
    expect(more).toEqual([]);
    expect(one).toMatchObject({ action: "reorder", entityId: "team" });
    const names = (await send<{ name: string }[]>("GET", "/api/content/team")).body.map(
      (item) => item.name,
    );
    expect(String(one!.after!.order)).toMatch(
      new RegExp(`^${names[0]} · ${names[1]} · ${names[2]}`),
    );
    expect(String(one!.before!.order)).not.toBe(String(one!.after!.order));
    // Moved back where it was: no entry at all.
    await order([a, c, b, ...rest]);
    await order([a, b, c, ...rest]);
    expect(await mine()).toEqual([]);
    // Another write in between ends the run: two entries.
    await order([b, a, c, ...rest]);
    await send("POST", "/api/prices", { key: "between", amount: 3 }, mover);
    await order([a, b, c, ...rest]);
    expect(await mine()).toHaveLength(2);
  });

  it("records content items and settings: only the changed fields of an update", async () => {
    const created = await send("POST", "/api/content/faq", {
      question: "Do you work weekends?",
      answer: "On Saturdays, yes.",
    });
    expect(created.status).toBe(201);
    const id = created.body._id;
    await send("PUT", `/api/content/faq/${id}`, {
      question: "Do you work weekends?",
      answer: "Yes, 8am to 5pm.",
    });
    const ids = (await send<Item[]>("GET", "/api/content/faq")).body.map((item) => item._id);
    await send("PUT", "/api/content/faq/order", { ids: [id, ...ids.filter((x) => x !== id)] });
    await send("DELETE", `/api/content/faq/${id}`);

    const [create, update, reorder, remove] = await entriesOf("content:faq");
    expect(create).toMatchObject({
      action: "create",
      entityId: id,
      before: null,
      after: { question: "Do you work weekends?", answer: "On Saturdays, yes." },
    });
    expect(update).toMatchObject({
      action: "update",
      entityId: id,
      before: { answer: "On Saturdays, yes." },
      after: { answer: "Yes, 8am to 5pm." },
    });
    expect(reorder).toMatchObject({ action: "reorder", entityId: "faq" });
    expect(reorder!.after!.order).toMatch(/^Do you work weekends\? · What services/);
    expect(remove).toMatchObject({
      action: "delete",
      entityId: id,
      before: { question: "Do you work weekends?", answer: "Yes, 8am to 5pm." },
      after: null,
    });

    expect((await send("PUT", "/api/settings/policy", { lastUpdated: "2026-01-15" })).status).toBe(
      200,
    );
    expect(await entriesOf("settings:policy")).toEqual([
      expect.objectContaining({
        action: "update",
        entityId: "policy",
        before: { lastUpdated: "2024-10-01" },
        after: { lastUpdated: "2026-01-15" },
      }),
    ]);
  });

  it("records an uploaded picture, and a picture of an item as its address and alt text", async () => {
    const form = multipart({}, [
      { field: "image", filename: "logo.png", contentType: "image/png", data: await pngImage() },
    ]);
    const uploaded = await call<{ src: string; variants: unknown[] }>(t.app, {
      method: "POST",
      url: "/api/content-images",
      headers: { ...owner, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.status).toBe(201);
    expect(await entriesOf("image")).toEqual([
      expect.objectContaining({
        action: "upload",
        entityId: uploaded.body.src,
        after: expect.objectContaining({ src: uploaded.body.src }),
      }),
    ]);
    const brand = await send("POST", "/api/content/brands", {
      name: "Audit Client",
      image: { src: uploaded.body.src, alt: "Audit Client logo", variants: uploaded.body.variants },
    });
    expect(brand.status).toBe(201);
    const [entry] = await entriesOf("content:brands");
    expect(entry!.after).toEqual({
      name: "Audit Client",
      image: `${uploaded.body.src} (Audit Client logo)`,
    });
  });

  it("records the video writes: upload, details, order and delete", async () => {
    const upload = async (title: string) => {
      const form = multipart({ title }, [
        { field: "video", filename: "clip.mp4", contentType: "video/mp4", data: mp4Bytes() },
      ]);
      const answer = await call<{ public_id: string }>(t.app, {
        method: "POST",
        url: "/api/video",
        headers: { ...owner, ...form.headers },
        payload: form.payload,
      });
      expect(answer.status).toBe(201);
      return answer.body.public_id;
    };
    const first = await upload("First reel");
    const second = await upload("Second reel");
    await send("PATCH", `/api/video/${first}`, { title: "Opening reel", visible: false });
    await send("PUT", "/api/video/order", { ids: [first, second] });
    await send("DELETE", "/api/video", { public_id: second });

    const entries = await entriesOf("video");
    expect(entries.map((entry) => [entry.action, entry.entityId])).toEqual([
      ["create", first],
      ["create", second],
      ["update", first],
      ["reorder", "portfolio"],
      ["delete", second],
    ]);
    expect(entries[0]!.after).toMatchObject({ title: "First reel", visible: true });
    expect(entries[2]).toMatchObject({
      before: { title: "First reel", visible: true },
      after: { title: "Opening reel", visible: false },
    });
    expect(entries[3]).toMatchObject({
      before: { order: "Second reel · Opening reel" },
      after: { order: "Opening reel · Second reel" },
    });
    expect(entries[4]!.before).toMatchObject({ title: "Second reel" });
  });

  it("records enquiry status changes and deletes without the sender's details", async () => {
    const posted = await call<Item>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: enquiryPayloads.service,
    });
    expect(posted.status).toBe(201);
    const id = posted.body._id;
    await send("PATCH", `/api/contact/${id}`, { status: "replied" });
    await send("DELETE", `/api/contact/${id}`);
    const [status, remove] = await entriesOf("enquiry");
    expect(status).toMatchObject({
      action: "update",
      entityId: id,
      before: { status: "new" },
      after: { status: "replied" },
    });
    expect(remove).toMatchObject({
      action: "delete",
      entityId: id,
      before: { from: "c…@obifoods.ng", serviceType: "Social Media Marketing", status: "replied" },
    });
    const stored = JSON.stringify(remove);
    for (const personal of ["Chidi", "chidi@obifoods.ng", "08031234567"]) {
      expect(stored).not.toContain(personal);
    }
  });

  it("records a removed (erased) subscriber without the address", async () => {
    const subscribed = await call<Item>(t.app, {
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "reader@example.org" },
    });
    expect(subscribed.status).toBe(201);
    await send("DELETE", `/api/newsletter/${subscribed.body._id}`);
    expect(await entriesOf("subscriber")).toEqual([
      expect.objectContaining({
        action: "delete",
        entityId: subscribed.body._id,
        before: { date: subscribed.body.date, status: "confirmed" },
      }),
    ]);
  });

  it("records 'sign out everywhere', and never a password or token", async () => {
    const leaving = await signIn("leaving@example.com");
    expect((await send("POST", "/api/auth/logout-all", undefined, leaving)).status).toBe(200);
    expect(await entriesOf("session")).toEqual([
      expect.objectContaining({
        action: "logout-all",
        actorEmail: "leaving@example.com",
      }),
    ]);
    // A secret-looking field given to the log is hidden whatever the entity.
    await t.app.services.audit.record({
      actor: { id: randomUUID(), email: ownerEmail },
      action: "update",
      type: "secret-test",
      id: "x",
      before: { passwordHash: "old-hash", resetToken: "reset-token-before" },
      after: { passwordHash: "new-hash", resetToken: "reset-token-after" },
    });
    expect((await entriesOf("secret-test"))[0]).toMatchObject({
      before: { passwordHash: "(hidden)", resetToken: "(hidden)" },
      after: { passwordHash: "(hidden)", resetToken: "(hidden)" },
    });
    const everything = JSON.stringify(await audit("?limit=200"));
    // Secrets that cannot turn up by chance in a UUID or a time (a 3-letter one did).
    const secrets = [
      TEST_PASSWORD,
      "old-hash",
      "new-hash",
      "reset-token-before",
      "reset-token-after",
    ];
    for (const secret of [...secrets, owner.authorization]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(leaving.authorization.slice("Bearer ".length));
  });

  it("lists a person once whatever addresses they wrote with, and filters by any of them (issue 50)", async () => {
    const renamed = await signIn("before-rename@example.com");
    await send("POST", "/api/prices", { key: "renamed", amount: 1 }, renamed);
    await t.app.services.database.db
      .updateTable("admins")
      .set({ email: "after-rename@example.com" })
      .where("email", "=", "before-rename@example.com")
      .execute();
    // The same session writes on under the new address.
    const { body } = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "after-rename@example.com", password: TEST_PASSWORD },
    });
    await send(
      "POST",
      "/api/prices",
      { key: "renamed", amount: 2 },
      {
        authorization: `Bearer ${body.token}`,
      },
    );
    const page = await audit("?type=price&limit=200");
    const actors = page.facets.actors.filter((actor) => actor.includes("-rename@"));
    expect(actors).toEqual(["after-rename@example.com"]);
    for (const address of ["before-rename@example.com", "after-rename@example.com"]) {
      const mine = await audit(`?actor=${encodeURIComponent(address)}&type=price`);
      expect(mine.entries.map((entry) => entry.after!.amount)).toEqual([2, 1]);
    }
  });

  it("filters by person and type, pages with the cursor, and offers the facets", async () => {
    const other = await signIn("colleague@example.com");
    for (const amount of [1, 2, 3, 4, 5]) {
      await send("POST", "/api/prices", { key: "paging", amount }, other);
    }
    const page = await audit(`?actor=colleague%40example.com`);
    expect(page.entries).toHaveLength(5);
    expect(page.entries.every((entry) => entry.actorEmail === "colleague@example.com")).toBe(true);
    // Newest first.
    expect(page.entries.map((entry) => entry.after!.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(page.next).toBeNull();
    expect(page.facets.actors).toEqual(
      expect.arrayContaining([ownerEmail, "colleague@example.com", "leaving@example.com"]),
    );
    expect(page.facets.types).toEqual(
      expect.arrayContaining(["price", "video", "enquiry", "content:faq", "settings:policy"]),
    );

    const seen: AuditLogEntry[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const next: AuditPage = await audit(
        `?actor=colleague%40example.com&type=price&limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(next.entries.length).toBeLessThanOrEqual(2);
      seen.push(...next.entries);
      cursor = next.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.map((entry) => entry.id)).toEqual(page.entries.map((entry) => entry.id));

    expect((await audit("?type=no-such-type")).entries).toEqual([]);
    for (const query of ["?limit=0", "?limit=201", "?limit=x", "?before=yesterday"]) {
      const refused = await call<{ error: string }>(t.app, {
        method: "GET",
        url: `/api/audit${query}`,
        headers: owner,
      });
      expect(`${query}: ${refused.status}`).toBe(`${query}: 400`);
      expect(refused.body.error).toBeTypeOf("string");
    }
  });

  it("keeps entries for a year", async () => {
    const day = 24 * 60 * 60 * 1000;
    const row = (id: string, daysAgo: number) => ({
      id,
      at: new Date(Date.now() - daysAgo * day).toISOString(),
      actor_id: randomUUID(),
      actor_email: "old@example.com",
      action: "update",
      entity_type: "retention-test",
      entity_id: id,
      summary: JSON.stringify({ before: null, after: null }),
    });
    const old = randomUUID();
    const recent = randomUUID();
    await t.app.services.database.db
      .insertInto("audit_log")
      .values([row(old, 366), row(recent, 300)])
      .execute();
    expect(await t.app.services.audit.prune()).toBe(1);
    expect((await entriesOf("retention-test")).map((entry) => entry.id)).toEqual([recent]);
  });

  it("prunes old entries when the app starts", async () => {
    const other = await createTestApp();
    try {
      const db = other.app.services.database.db;
      await db
        .insertInto("audit_log")
        .values({
          id: randomUUID(),
          at: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000).toISOString(),
          actor_id: randomUUID(),
          actor_email: "old@example.com",
          action: "update",
          entity_type: "retention-test",
          entity_id: "x",
          summary: "{}",
        })
        .execute();
      // A second app on the same database prunes on start.
      const { buildApp } = await import("../../server/app.ts");
      const restarted = await buildApp(other.config, { web: false, logger: false });
      try {
        const rows = await restarted.services.database.db
          .selectFrom("audit_log")
          .select("id")
          .execute();
        expect(rows).toEqual([]);
      } finally {
        await restarted.close();
      }
    } finally {
      await other.close();
    }
  });

  it("is for the owner only: 401 without a token, 403 for an editor", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/audit" });
    const editor = await signIn("editor@example.com", "editor");
    const refused = await call<{ error: string }>(t.app, {
      method: "GET",
      url: "/api/audit",
      headers: editor,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBeTypeOf("string");
  });
});
