import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import type { AuditLogEntry } from "../../../common/schemas/audit.ts";
import { changesOf, describeEntry, itemLink, itemName, listActivity, typeLabel } from "./audit.ts";

function answer(body: unknown) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

const entry = (fields: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: "e1",
  at: "2026-11-20T09:00:00.000Z",
  actorEmail: "owner@example.com",
  action: "update",
  type: "price",
  entityId: "take-off",
  before: null,
  after: null,
  ...fields,
});

describe("activity", () => {
  it("asks with the filters and the cursor, and passes on a well-formed page", async () => {
    const page = { entries: [entry({})], facets: { actors: [], types: [] }, next: null };
    const fetch = answer(page);
    await expect(
      listActivity({ actor: "a+b@example.com", type: "content:faq", before: "x" }),
    ).resolves.toEqual(page);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      "/api/audit?actor=a%2Bb%40example.com&type=content%3Afaq&before=x",
    );
  });

  it("reports a malformed answer as an error", async () => {
    answer({ entries: [{ id: "e1" }], facets: { actors: [], types: [] }, next: null });
    await expect(listActivity()).rejects.toBeInstanceOf(ZodError);
  });

  it("words an entry and links its item", () => {
    expect(describeEntry(entry({}))).toBe("Updated price");
    expect(describeEntry(entry({ action: "delete", type: "content:offers" }))).toBe(
      "Deleted offer",
    );
    expect(describeEntry(entry({ action: "reorder", type: "content:faq" }))).toBe("Reordered FAQ");
    expect(describeEntry(entry({ action: "logout-all", type: "session" }))).toBe(
      "Signed out everywhere",
    );
    expect(describeEntry(entry({ action: "update", type: "settings:contact" }))).toBe(
      "Updated contact details",
    );
    expect(describeEntry(entry({ action: "publish", type: "blog" }))).toBe("Published blog post");
    expect(describeEntry(entry({ action: "invite", type: "admin" }))).toBe("Invited staff member");
    expect(typeLabel("content:offers")).toBe("One-time offers");
    expect(itemLink(entry({}))).toBe("/admin/prices");
    const id = "3f2a1b2c-0000-4000-8000-000000000000";
    expect(itemLink(entry({ type: "content:offers", entityId: id }))).toBe(
      `/admin/content/offers/${id}`,
    );
    expect(itemLink(entry({ type: "enquiry", action: "delete", entityId: id }))).toBeUndefined();
    expect(itemName(entry({ type: "content:offers", entityId: id }))).toBe("3f2a1b2c…");
    expect(itemName(entry({ type: "blog", entityId: id, itemTitle: "Ten SEO tips" }))).toBe(
      "Ten SEO tips",
    );
  });

  it("shows a scheduled time in the site's time zone, not as raw UTC", () => {
    expect(
      changesOf(entry({ type: "blog", after: { publishAt: "2026-12-01T08:30:00.000Z" } })),
    ).toEqual([{ label: "Publish at", after: "Dec 1, 2026, 9:30 AM (Lagos time)" }]);
  });

  it("lists the changed fields with their form labels and naira amounts", () => {
    expect(changesOf(entry({ before: { amount: 1000 }, after: { amount: 1500 } }))).toEqual([
      { label: "Amount", before: "N1,000", after: "N1,500" },
    ]);
    expect(
      changesOf(
        entry({ type: "content:offers", action: "create", after: { name: "Logo", upTo: 5 } }),
      ),
    ).toEqual([
      { label: "Name", after: "Logo" },
      { label: "Up to", after: "N5" },
    ]);
  });
});

describe("the type names of Activity (issue 50: no raw type names)", () => {
  it("names every type a server route records", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "../../../server/modules");
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith(".ts"));
    const types = new Set<string>();
    for (const file of files) {
      const text = await readFile(path.join(root, file), "utf8");
      for (const match of text.matchAll(
        /\b(?:audit|record)\((?:request,\s*)?\{[^;]{0,400}?\btype: "([a-z-]+)"/g,
      )) {
        types.add(match[1]!);
      }
    }
    expect(types.size).toBeGreaterThan(15);
    const raw = [...types].filter((type) => typeLabel(type) === type);
    expect(raw).toEqual([]);
    expect(typeLabel("identity")).toBe("Site identity");
  });
});
