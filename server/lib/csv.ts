import { stringify } from "csv-stringify/sync";

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
 * A cell that a spreadsheet shows as the text it is.
 *
 * - A value that cannot be read as a formula stays as it is.
 * - A harmless one that starts with + - @ (a phone number, a handle) gets a leading tab:
 *   the cell is then text and shows no mark (a tab is blank, unlike the apostrophe, which
 *   Excel and LibreOffice both show as part of a CSV cell). Checked with LibreOffice 7.4:
 *   `+2348031234567` alone is read as the number 2348031234567 and `=1+1` is evaluated; with
 *   the tab the phone is the text "\t+2348031234567", and `'=1+1` is text. A program that
 *   trims the tab evaluates at most a number or a name: a phone shown as a number, never a
 *   formula that runs.
 * - Anything else that starts with = + - @ tab CR gets the usual leading apostrophe
 *   (OWASP): visible, but robust in every program, and such a value is a formula (or an
 *   attempt at one) rather than data anyone types.
 */
export function safeCell(value: string): string {
  if (!FORMULA_START.test(value)) return value;
  if (/^[+\-@]/.test(value) && HARMLESS_REST.test(value.slice(1))) return `\t${value}`;
  return `'${value}`;
}

/**
 * UTF-8 CSV with a byte-order mark (so Excel reads naira signs and names right),
 * RFC 4180 quoting and CRLF line ends. Every cell goes through `safeCell`.
 */
export function toCsv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows.map((row) => row.map(safeCell))], {
    bom: true,
    record_delimiter: "windows",
    quoted_match: /[",\r\n\t]/,
  });
}

/** `attachment; filename="<prefix>-YYYY-MM-DD.csv"` for today's date in Lagos (UTC+1). */
export function csvAttachment(prefix: string, now = new Date()): string {
  const lagosDay = new Date(now.getTime() + 3600_000).toISOString().slice(0, 10);
  return `attachment; filename="${prefix}-${lagosDay}.csv"`;
}
