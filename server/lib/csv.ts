import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { dayIn } from "../../common/time-zone.ts";
import { startedIterable, STREAM_CHUNK_CHARS } from "./streamed.ts";

/**
 * What a spreadsheet must not evaluate. Excel (and LibreOffice with "Evaluate formulas" on,
 * Google Sheets on import) reads a cell that starts with = + - @ as a formula: `+2348031234567`
 * becomes the number 2.34803E+12, `@yourbrand` becomes `=@yourbrand` (#NAME?), and
 * `=HYPERLINK(…)` or `=cmd|' /C calc'!A0` run (OWASP "CSV Injection"). A leading tab or
 * carriage return is listed too: some programs trim it and then evaluate what follows.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * After its first character, a value made only of letters, digits, `_`, `.` and spaces can
 * do nothing even as a formula: no function call (needs `(`), no DDE (`|`), no link to
 * another file (`[`, `!`, `'`), no operator; at most a number or a name (#NAME?). Phone
 * numbers (`+2348031234567`), Instagram handles (`@yourbrand`) and "- item" lines are such.
 */
const HARMLESS_REST = /^[\p{L}\p{N}_. ]*$/u;

/**
 * A cell that a spreadsheet cannot run.
 *
 * - A value that cannot be read as a formula stays as it is.
 * - A harmless one that starts with + - @ (a phone number, a handle, a "- item" line) also
 *   stays as it is (decision 0045, issue 50): it can do nothing even as a formula, and
 *   whoever reads the file (a CRM import, a script, a person) gets the value that was sent,
 *   not a tab in front of it. A spreadsheet may show `+2348031234567` as a number; importing
 *   the column as text keeps the plus sign.
 * - Anything else that starts with = + - @ tab CR gets the usual leading apostrophe
 *   (OWASP): visible, but robust in every program, and such a value is a formula (or an
 *   attempt at one) rather than data anyone types.
 */
export function safeCell(value: string): string {
  if (!FORMULA_START.test(value)) return value;
  if (/^[+\-@]/.test(value) && HARMLESS_REST.test(value.slice(1))) return value;
  return `'${value}`;
}

/** UTF-8 with a byte-order mark (Excel then reads naira signs and names right), RFC 4180
 * quoting, CRLF line ends. */
const CSV_OPTIONS = {
  bom: true,
  record_delimiter: "windows",
  quoted_match: /[",\r\n\t]/,
} as const;

/**
 * UTF-8 CSV with a byte-order mark (so Excel reads naira signs and names right),
 * RFC 4180 quoting and CRLF line ends. Every cell goes through `safeCell`.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(safeCell)),
    CSV_OPTIONS,
  );
}

/**
 * The same CSV as `toCsv`, written as the lines come, about STREAM_CHUNK_CHARS at a time: a
 * file of any length in the memory of a few lines. A failure while reading the lines ends
 * the stream with that error (the answer is cut, never completed with wrong data).
 */
export function csvStream(lines: AsyncIterable<readonly string[]>): Readable {
  return Readable.from(csvChunks(lines), { objectMode: false });
}

async function* csvChunks(lines: AsyncIterable<readonly string[]>): AsyncGenerator<string> {
  let chunk: string[][] = [];
  let chars = 0;
  let first = true;
  const text = () => {
    const csv = stringify(chunk, { ...CSV_OPTIONS, bom: first });
    first = false;
    chunk = [];
    chars = 0;
    return csv;
  };
  for await (const line of lines) {
    const cells = line.map(safeCell);
    chunk.push(cells);
    for (const cell of cells) chars += cell.length + 1;
    if (chars >= STREAM_CHUNK_CHARS) yield text();
  }
  if (chunk.length > 0 || first) yield text();
}

/** `attachment; filename="<prefix>-YYYY-MM-DD.csv"` for today's date in the agency's zone. */
export function csvAttachment(prefix: string, now = new Date()): string {
  return `attachment; filename="${prefix}-${dayIn(now)}.csv"`;
}

/**
 * The answer of a CSV export route (the enquiries' and the subscribers'): the file named
 * `<prefix>-<today>.csv`, streamed from `lines` (header first). The first lines are read
 * before the answer starts, so a database that fails at once gets an error answer, not a
 * cut file.
 */
export async function sendCsv(
  reply: FastifyReply,
  prefix: string,
  lines: AsyncIterable<readonly string[]>,
): Promise<FastifyReply> {
  const started = await startedIterable(lines, 2);
  return sendCsvFile(reply, csvAttachment(prefix), csvStream(started));
}

/**
 * A CSV answer: `csv` (a stream or the whole text) as the attachment `disposition` names
 * (`csvAttachment`, or a name of the route's own such as the Traffic screen's days).
 */
export function sendCsvFile(
  reply: FastifyReply,
  disposition: string,
  csv: Readable | string,
): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", disposition)
    .header("cache-control", "no-store")
    .send(csv);
}

/** The OpenAPI answer of a CSV export route. */
export const csvAnswer = (prefix: string) => ({
  description: `The CSV file, as an attachment named ${prefix}-<date>.csv.`,
  content: { "text/csv": { schema: z.string() } },
});
