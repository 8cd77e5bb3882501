import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { buffer } from "node:stream/consumers";
import { csvStream, safeCell, toCsv } from "./csv.ts";
import { STREAM_CHUNK_CHARS } from "./streamed.ts";

/** Reads RFC 4180 CSV back into rows of cells, as a spreadsheet's importer would. */
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: true });

describe("safeCell", () => {
  it("keeps a phone number exactly as it was sent: no tab, no apostrophe", () => {
    // Digits, spaces and a leading plus can run nothing even when read as a formula.
    expect(safeCell("+2348031234567")).toBe("+2348031234567");
    expect(safeCell("+234 803 123 4567")).toBe("+234 803 123 4567");
  });

  it("keeps an Instagram handle and a '- item' line as they are", () => {
    expect(safeCell("@yourbrand")).toBe("@yourbrand");
    expect(safeCell("@your.brand_2026")).toBe("@your.brand_2026");
    expect(safeCell("@ṣọlá_foods")).toBe("@ṣọlá_foods");
    expect(safeCell("- a logo")).toBe("- a logo");
  });

  it.each([
    ["=1+1"],
    ["=A1"],
    ['=HYPERLINK("http://evil")'],
    ["+cmd|' /C calc'!A0"],
    ["-2+3"],
    ["-1)*cmd|' /C calc'!A0"],
    ["@SUM(A1:A9)"],
    ["@yourbrand!A1"],
    ["@[evil.xlsx]Sheet1"],
    ["\t=1+1"],
    ["\r=1+1"],
    ["\t+2348031234567"],
    ["- item one\n- item two"],
  ])("neutralises %j with the leading apostrophe", (value) => {
    expect(safeCell(value)).toBe(`'${value}`);
  });

  it("leaves values that no spreadsheet reads as a formula as they are", () => {
    for (const value of ["", "Ada Obi", "ada@example.com", "2026-02-03", "100,000", "0803 123"]) {
      expect(safeCell(value)).toBe(value);
    }
  });

  it("guards every value that could call a function, reach another file or run a command", () => {
    const samples = [
      "=x",
      "+x(1)",
      "-x|y",
      "@x!A1",
      "\tx",
      "\rx",
      "=@a(1)",
      "@a[b]",
      "+1*2",
      "-'a'",
    ];
    for (const value of samples) expect(safeCell(value)).toBe(`'${value}`);
  });
});

describe("toCsv", () => {
  it("writes a BOM, CRLF rows and quoted cells that read back to the guarded values", () => {
    const rows = [
      ["Ada", "+2348031234567", "@yourbrand", '=HYPERLINK("x")', 'Line one, "two"\nthree'],
    ];
    const text = toCsv(["Name", "Phone", "Instagram", "Note", "Message"], rows);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain(",+2348031234567,@yourbrand,");
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(parseCsv(text.slice(1))).toEqual([
      ["Name", "Phone", "Instagram", "Note", "Message"],
      ["Ada", "+2348031234567", "@yourbrand", `'=HYPERLINK("x")`, 'Line one, "two"\nthree'],
    ]);
  });
});

describe("csvStream", () => {
  it("writes the very file toCsv writes, in pieces, with one BOM, however many lines", async () => {
    const header = ["Name", "Amount", "Message"];
    // Enough lines for several pieces; quotes, line breaks, formulas and naira signs among them.
    const rows = Array.from({ length: Math.ceil((4 * STREAM_CHUNK_CHARS) / 40) }, (_, i) => [
      i % 7 === 0 ? `=SUM(${i})` : `Visitor ${i}`,
      `₦${i * 1000}`,
      i % 5 === 0 ? `Said "hello",\nthen left` : "Hi",
    ]);
    async function* lines() {
      yield header;
      yield* rows;
    }
    const stream = csvStream(lines());
    let pieces = 0;
    stream.on("data", () => pieces++);
    // As bytes: a TextDecoder would drop the BOM this checks.
    expect((await buffer(stream)).toString("utf8")).toBe(toCsv(header, rows));
    expect(pieces).toBeGreaterThan(2);
  });

  it("writes the header alone, with its BOM, when there are no lines", async () => {
    async function* lines() {
      yield ["Email", "Subscribed"];
    }
    expect((await buffer(csvStream(lines()))).toString("utf8")).toBe(
      toCsv(["Email", "Subscribed"], []),
    );
  });
});
