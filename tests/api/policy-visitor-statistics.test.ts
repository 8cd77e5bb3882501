import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { POLICY_VISITOR_STATISTICS } from "../../common/content/defaults.ts";
import { down, up } from "../../server/db/migrations/0026-policy-visitor-statistics.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

// Migration 0026 (issue 33): a site that existed before the visit counter gets the policy's
// lines on visitor statistics once, at the end of its Cookies section (the twelve numbered
// sections keep their numbers); a new install has them already.

async function sections(t: TestApp): Promise<{ id: string; title: string; body: string }[]> {
  const rows = await t.app.services.database.db
    .selectFrom("content_items")
    .select(["id", "data"])
    .where("type", "=", "policy-sections")
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ...(JSON.parse(row.data) as { title: string; body: string }),
  }));
}

const heading = POLICY_VISITOR_STATISTICS.split("\n")[0]!;
const said = (body: string) => body.split("\n").includes(heading);

describe("migration 0026: the policy's lines on visitor statistics", () => {
  it("ends the Cookies section once on a site without them; a new install has them once", async () => {
    const t = await createTestApp();
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    const fresh = await sections(t);
    expect(fresh).toHaveLength(12);
    expect(fresh.filter((section) => said(section.body)).map((s) => s.title)).toEqual(["Cookies"]);

    // A site as it was before: the Cookies section without the lines.
    await down(db);
    const before = await sections(t);
    expect(before.some((section) => said(section.body))).toBe(false);
    await up(db);
    await up(db);
    const after = await sections(t);
    expect(after.map((s) => s.title)).toEqual(before.map((s) => s.title));
    const cookies = after.find((section) => section.title === "Cookies")!;
    expect(cookies.body).toBe(
      `${before.find((section) => section.title === "Cookies")!.body}\n${POLICY_VISITOR_STATISTICS}`,
    );
  });

  it("is a section of its own at the end when staff removed the Cookies section", async () => {
    const t = await createTestApp();
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    await down(db);
    const cookies = (await sections(t)).find((section) => section.title === "Cookies")!;
    await t.app.services.database.db
      .deleteFrom("content_items")
      .where("id", "=", cookies.id)
      .execute();
    await up(db);
    const after = await sections(t);
    expect(after).toHaveLength(12);
    expect(after.at(-1)).toMatchObject({ title: "Visitor Statistics" });
    expect(after.at(-1)!.body).toBe(POLICY_VISITOR_STATISTICS.split("\n").slice(1).join("\n"));
  });
});
