import { randomBytes, randomUUID } from "node:crypto";
import { dropSchema } from "../support/postgres.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { enquiryInputSchema, type EnquiryQuery } from "../../common/schemas/enquiry.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { migrateToLatest, migrations } from "../../server/db/migrate.ts";
import type { Database, EnquiriesTable } from "../../server/db/schema.ts";
import { createEnquiryRepository } from "../../server/modules/enquiries/repository.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { useTestApp } from "./helpers.ts";

// The inbox at any size (issue 28, migration 0014): its totals, counts per status and the
// service types come from counts the database keeps, and its search from a trigram index.
// Here they must answer exactly what counting and searching the rows themselves answers.

const postgres = process.env.TEST_DB === "postgres";

/** What the inbox answers for `filter`, worked out from the rows by hand. */
function byHand(rows: EnquiriesTable[], filter: EnquiryQuery): string[] {
  const q = filter.q?.toLowerCase();
  return rows
    .filter((row) =>
      filter.status === undefined
        ? row.status !== "spam"
        : filter.status === "all" || row.status === filter.status,
    )
    .filter((row) => !filter.serviceType || row.service_type === filter.serviceType)
    .filter(
      (row) =>
        !q ||
        [row.name, row.email, row.company_name, row.message, row.utm_campaign ?? ""].some((text) =>
          text.toLowerCase().includes(q),
        ),
    )
    .map((row) => row.id)
    .sort();
}

const FILTERS: EnquiryQuery[] = [
  {},
  { status: "all" },
  { status: "spam" },
  { status: "new" },
  { status: "replied" },
  { serviceType: "GROW ME" },
  { status: "all", serviceType: "Inquiry form response" },
  { serviceType: "Nobody asked for this" },
  { q: "Obi" },
  { q: "obi" },
  { q: "ob" },
  { q: "x" },
  { q: "UNDE" },
  { q: "lux.com" },
  { q: "50%" },
  { q: 'say "hi"' },
  { q: "e-mail" },
  // The UTM campaign (migration 0040).
  { q: "harmattan" },
  { q: "Launch-26" },
  { status: "all", q: "Eze", serviceType: "contact" },
];

async function expectSameAsRows(db: Kysely<Database>) {
  const repo = createEnquiryRepository(db);
  const rows = await db.selectFrom("enquiries").selectAll().execute();
  for (const filter of FILTERS) {
    const expected = byHand(rows, filter);
    expect(await repo.count(filter), JSON.stringify(filter)).toBe(expected.length);
    // Every match newest first (streamed), and the page of two after the first of them.
    const listed: string[] = [];
    for await (const rows of repo.batches(filter)) listed.push(...rows.map((row) => row.id));
    expect([...listed].sort(), JSON.stringify(filter)).toEqual(expected);
    const page = (await repo.list(filter, 2, 1)).map((row) => row.id);
    expect(page, JSON.stringify(filter)).toEqual(listed.slice(1, 3));
  }
  const perStatus = await repo.countByStatus();
  for (const status of ["new", "read", "replied", "spam"]) {
    expect(perStatus[status] ?? 0, status).toBe(rows.filter((row) => row.status === status).length);
  }
  const types = [...new Set(rows.map((row) => row.service_type).filter(Boolean))];
  expect(await repo.serviceTypes()).toEqual(expect.arrayContaining(types));
  expect(await repo.serviceTypes()).toHaveLength(types.length);
}

describe("the inbox's counts, service types and search", () => {
  const t = useTestApp();

  it("follow every new enquiry, change of status and deletion", async () => {
    const { enquiries } = t.app.services;
    const made = [];
    for (const [name, payload] of Object.entries(enquiryPayloads)) {
      made.push(await enquiries.create(enquiryInputSchema.parse(payload)));
      made.push(
        await enquiries.create(
          enquiryInputSchema.parse({
            ...payload,
            name: `${name} Tunde`,
            ...("textarea" in payload
              ? { textarea: 'He wrote: say "hi", 50% off, e-mail me' }
              : {}),
            source: { utmCampaign: `Harmattan-${name}-Launch-26` },
          }),
        ),
      );
    }
    await expectSameAsRows(t.app.services.database.db);
    await enquiries.setStatus(made[0]!._id, "spam");
    await enquiries.setStatus(made[1]!._id, "replied");
    await enquiries.setStatus(made[1]!._id, "read");
    await enquiries.remove(made[2]!._id);
    await expectSameAsRows(t.app.services.database.db);
    // A service type changed in the database (by hand or by a later migration) moves its count.
    await t.app.services.database.db
      .updateTable("enquiries")
      .set({ service_type: "GROW ME", name: "Renamed Obi", utm_campaign: "harmattan-x" })
      .where("id", "=", made[3]!._id)
      .execute();
    await expectSameAsRows(t.app.services.database.db);
    const summary = await (
      await t.app.inject({
        method: "GET",
        url: "/api/contact/summary",
        headers: await t.adminHeaders(),
      })
    ).json<{ total: number; spam: number; serviceTypes: string[] }>();
    expect(summary.spam).toBe(1);
    expect(summary.total).toBe(made.length - 1);
    expect(summary.serviceTypes).not.toContain("");
  });

  // On PostgreSQL the search is LIKE served by pg_trgm: the indexes must be there (a site
  // whose database refuses the extension searches without them; this one must not).
  if (postgres) {
    it("are indexed by pg_trgm on PostgreSQL", async () => {
      const { rows } = await sql<{ indexname: string }>`
      select indexname from pg_indexes
      where schemaname = current_schema() and indexname like 'enquiries_%_trgm_idx'
      order by indexname
    `.execute(t.app.services.database.db);
      expect(rows.map((row) => row.indexname)).toEqual([
        "enquiries_company_name_trgm_idx",
        "enquiries_email_trgm_idx",
        "enquiries_message_trgm_idx",
        "enquiries_name_trgm_idx",
        "enquiries_utm_campaign_trgm_idx",
      ]);
    });
  }
});

describe("migration 0014 on a database that has enquiries", () => {
  it("counts and indexes the enquiries already there", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "agency-0014-"));
    const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const schema = `m0014_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const handle: DatabaseHandle = await openDatabase(
      postgres
        ? { kind: "postgres", url: databaseUrl, schema }
        : { kind: "sqlite", file: path.join(dataDir, "site.db") },
    );
    try {
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrations },
        ...(postgres ? { migrationTableSchema: schema } : {}),
      });
      const before = await migrator.migrateTo("0013-export-order-indexes");
      expect(before.error).toBeUndefined();
      const at = new Date().toISOString();
      const base = (await handle.db.selectFrom("enquiries").selectAll().execute()).length;
      expect(base).toBe(0);
      await handle.db
        .insertInto("enquiries")
        .values(
          ["Ada Obi", "Tunde Bakare", "Ngozi Eze"].map((name, i) => ({
            id: randomUUID(),
            status: i === 2 ? "spam" : "new",
            company_name: i === 1 ? "Obi Foods Ltd" : "",
            name,
            email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
            phone_number: "+2348031234567",
            options: "[]",
            service_type: i === 0 ? "" : "GROW ME",
            message: "A message",
            package: "",
            instagram: "",
            website: "",
            preferred_date: "",
            created_at: at,
            updated_at: at,
            source_page: null,
            source_referrer: null,
            utm_source: null,
            utm_medium: null,
            utm_campaign: i === 1 ? "Obi-Launch-26" : null,
            utm_term: null,
            utm_content: null,
          })),
        )
        .execute();
      const ran = await migrateToLatest(handle.db, postgres ? schema : undefined);
      expect(ran).toContain("0014-enquiry-inbox-indexes");
      expect(ran).toContain("0040-enquiry-search-campaign");
      await expectSameAsRows(handle.db);
    } finally {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
      if (postgres) {
        await dropSchema(schema);
      }
    }
  });
});
