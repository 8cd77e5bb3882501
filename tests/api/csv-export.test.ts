import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { enquiryInputSchema } from "../../common/schemas/enquiry.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
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

  it("enquiries: the phone number and the Instagram handle are text without an apostrophe", async () => {
    await t.app.services.enquiries.create(enquiryInputSchema.parse(payloads.package));
    const [row] = await exportCsv("/api/contact/export.csv");
    expect(row!["Phone Number"]).toBe("\t+2348031234567");
    expect(row!["Instagram"]).toBe("\t@lagoslux");
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
    expect(rows[0]!["Phone Number"]).toBe("\t+2347012345678");
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
});
