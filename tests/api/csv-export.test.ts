import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { enquiryInputSchema } from "../../common/schemas/enquiry.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { fieldColumns } from "../../server/modules/enquiries/fields.ts";
import { STREAM_BATCH } from "../../server/db/lists.ts";
import { useTestApp } from "./helpers.ts";

/** Reads RFC 4180 CSV back into rows of cells, as a spreadsheet's importer would. */
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

// The back office's CSV exports as a spreadsheet opens them: phone numbers and handles stay
// the text they are, with no visible mark, and formulas stay neutralised.
describe("CSV exports in a spreadsheet", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  async function exportCsv(url: string): Promise<Record<string, string>[]> {
    const response = await t.app.inject({ method: "GET", url, headers });
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
  }

  it("enquiries: the phone number and the Instagram handle are exactly as sent (no tab, no apostrophe)", async () => {
    await t.app.services.enquiries.create(enquiryInputSchema.parse(payloads.package));
    const [row] = await exportCsv("/api/contact/export.csv");
    expect(row!["Phone Number"]).toBe("+2348031234567");
    expect(row!["Instagram"]).toBe("@lagoslux");
    expect(row!["Name"]).toBe("Funke Ade");
    expect(row!["Website"]).toBe("https://lagoslux.com");
  });

  it("enquiries: a formula keeps its apostrophe", async () => {
    await t.app.services.enquiries.create(
      enquiryInputSchema.parse({
        ...payloads.long,
        name: '=HYPERLINK("http://evil")',
        message: "@SUM(1+1)*cmd|' /C calc'!A0",
      }),
    );
    const rows = await exportCsv("/api/contact/export.csv?serviceType=Contact%20Form");
    expect(rows).toHaveLength(1);
    expect(rows[0]!["Name"]).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows[0]!["Message"]).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(rows[0]!["Phone Number"]).toBe("+2347012345678");
  });

  it("subscribers: an address that starts a formula keeps its apostrophe", async () => {
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "=cmd@evil.ng" },
    });
    expect(joined.statusCode).toBe(201);
    const rows = await exportCsv("/api/newsletter/export.csv");
    expect(rows.map((row) => row["Email"])).toEqual(["'=cmd@evil.ng"]);
  });

  it("enquiries: the lead source (page, referrer, UTM) follows the existing columns", async () => {
    await t.app.services.enquiries.create(
      enquiryInputSchema.parse({
        ...payloads.service,
        name: "Source Sade",
        source: {
          page: "/social-media-marketing",
          referrer: "www.google.com",
          utmSource: "instagram",
          utmMedium: "paid",
          utmCampaign: "=launch",
          utmTerm: "ads lagos",
          utmContent: "story-1",
        },
      }),
    );
    const response = await t.app.inject({
      method: "GET",
      url: "/api/contact/export.csv?q=Source%20Sade",
      headers,
    });
    const [header, ...lines] = parseCsv(response.rawPayload.toString("utf8").slice(1));
    expect(header).toEqual([
      "Date",
      "Status",
      "Company Name",
      "Name",
      "Email",
      "Phone Number",
      "Options",
      "Service Type",
      "Package",
      "Instagram",
      "Website",
      "Preferred Date",
      "Message",
      "Sent From",
      "Referrer",
      "UTM Source",
      "UTM Medium",
      "UTM Campaign",
      "UTM Term",
      "UTM Content",
      "Service Name",
      "Source Name",
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.slice(13)).toEqual([
      "/social-media-marketing",
      "www.google.com",
      "instagram",
      "paid",
      "'=launch",
      "ads lagos",
      "story-1",
      "Social Media Marketing",
      "Instagram",
    ]);
  });
});

// More rows than one database read (STREAM_BATCH): the exports and the unpaged lists read
// them batch by batch, and every row comes once, in order, with the filters applied.
describe("streamed exports and lists", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  const total = STREAM_BATCH * 2 + 7;
  beforeAll(async () => {
    headers = await t.adminHeaders();
    const start = Date.parse("2026-03-01T10:00:00Z");
    const rows = Array.from({ length: total }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      status: i % 10 === 0 ? "spam" : "new",
      ...fieldColumns(
        enquiryInputSchema.parse({
          ...payloads.service,
          name: `Bulk ${i}`,
          serviceType: i % 2 === 0 ? "Even" : "Odd",
        }),
      ),
      // Every third row shares its time with the one before: the id orders them.
      created_at: new Date(start + Math.floor(i / 3) * 60_000 * 7).toISOString(),
      updated_at: new Date(start).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 400) {
      await t.app.services.database.db
        .insertInto("enquiries")
        .values(rows.slice(i, i + 400))
        .execute();
    }
    const subscribers = Array.from({ length: STREAM_BATCH + 3 }, (_, i) => ({
      id: `00000000-0000-4000-9000-${String(i).padStart(12, "0")}`,
      email: `reader${i}@example.com`,
      created_at: new Date(start + Math.floor(i / 2) * 1000).toISOString(),
      status: "confirmed",
    }));
    for (let i = 0; i < subscribers.length; i += 400) {
      await t.app.services.database.db
        .insertInto("newsletter_subscribers")
        .values(subscribers.slice(i, i + 400))
        .execute();
    }
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, headers });

  it("the enquiry export has every matching row once, newest first", async () => {
    const response = await get("/api/contact/export.csv?status=all");
    expect(response.statusCode).toBe(200);
    const [, ...lines] = parseCsv(response.rawPayload.toString("utf8").slice(1));
    expect(lines).toHaveLength(total);
    const names = lines.map((line) => line[3]);
    expect(new Set(names).size).toBe(total);
    expect(names[0]).toBe(`Bulk ${total - 1}`);
    expect(names.at(-1)).toBe("Bulk 0");
    const dates = lines.map((line) => line[0]!);
    expect([...dates].sort().reverse()).toEqual(dates);

    const odd = await get("/api/contact/export.csv?serviceType=Odd&from=2026-03-02");
    const [, ...oddLines] = parseCsv(odd.rawPayload.toString("utf8").slice(1));
    expect(oddLines.length).toBeGreaterThan(0);
    expect(oddLines.every((line) => line[7] === "Odd" && line[1] === "new")).toBe(true);
    expect(oddLines.every((line) => line[0]! >= "2026-03-02 00:00")).toBe(true);
  });

  it("the unpaged list answers the same JSON as the pages put together", async () => {
    const all = await get("/api/contact?status=all");
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(all.headers["x-total-count"]).toBe(String(total));
    const pages: unknown[] = [];
    for (let page = 1; pages.length < total; page++) {
      const part = await get(`/api/contact?status=all&pageSize=500&page=${page}`);
      pages.push(...(part.json() as unknown[]));
    }
    expect(all.json()).toEqual(pages);
    // The same text as the serializer of a paged answer, item by item.
    const first = await get("/api/contact?status=all&pageSize=1");
    expect(all.body.startsWith(first.body.slice(0, -1))).toBe(true);

    const filtered = await get("/api/contact?serviceType=Even&q=Bulk%201");
    const items = filtered.json() as { name: string; serviceType: string; status: string }[];
    expect(filtered.headers["x-total-count"]).toBe(String(items.length));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.serviceType === "Even" && e.status !== "spam")).toBe(true);
    expect(items.every((e) => e.name.startsWith("Bulk 1"))).toBe(true);

    const none = await get("/api/contact?q=nobody-at-all");
    expect(none.body).toBe("[]");
    expect(none.headers["x-total-count"]).toBe("0");
  });

  it("subscribers: the list and the export have every address once, newest first", async () => {
    const list = await get("/api/newsletter");
    const items = list.json() as { email: string; date: string }[];
    expect(list.headers["x-total-count"]).toBe(String(STREAM_BATCH + 3));
    expect(items).toHaveLength(STREAM_BATCH + 3);
    expect(new Set(items.map((s) => s.email)).size).toBe(STREAM_BATCH + 3);
    expect(items[0]!.email).toBe(`reader${STREAM_BATCH + 2}@example.com`);
    const csv = await get("/api/newsletter/export.csv?q=reader1");
    const [header, ...lines] = parseCsv(csv.rawPayload.toString("utf8").slice(1));
    expect(header).toEqual([
      "Email",
      "Subscribed",
      "Status",
      "Consent given",
      "Consent source",
      "Consent wording",
    ]);
    expect(lines.length).toBe(items.filter((s) => s.email.includes("reader1")).length);
    expect(lines.every(([, day]) => day === "2026-03-01")).toBe(true);
  });
});
