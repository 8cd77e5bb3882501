import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { down, up } from "../../server/db/migrations/0026-policy-visitor-statistics.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

// Migration 0026 (issue 33): a site that existed before the visit counter gets the policy's
// Visitor Statistics section once, after its Cookies section; a new install has it already.

async function titles(t: TestApp): Promise<string[]> {
  const rows = await t.app.services.database.db
    .selectFrom("content_items")
    .select("data")
    .where("type", "=", "policy-sections")
    .orderBy("position")
    .execute();
  return rows.map((row) => (JSON.parse(row.data) as { title: string }).title);
}

describe("migration 0026: the policy's Visitor Statistics section", () => {
  it("is added once after Cookies on a site without it, and on a new install is there once", async () => {
    const t = await createTestApp();
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    const fresh = await titles(t);
    expect(fresh.filter((title) => title === "Visitor Statistics")).toHaveLength(1);
    expect(fresh.indexOf("Visitor Statistics")).toBe(fresh.indexOf("Cookies") + 1);

    // A site as it was before: twelve sections, Cookies edited by staff.
    await down(db);
    const before = await titles(t);
    expect(before).toHaveLength(12);
    await up(db);
    await up(db);
    const after = await titles(t);
    expect(after).toEqual([
      ...before.slice(0, before.indexOf("Cookies") + 1),
      "Visitor Statistics",
      ...before.slice(before.indexOf("Cookies") + 1),
    ]);
  });
});
