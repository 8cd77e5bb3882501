import { stringify } from "csv-stringify/sync";

/**
 * A spreadsheet formula in a cell runs when the file is opened in Excel: a cell that
 * starts with = + - @ (or a tab or carriage return) gets a leading apostrophe. Plain
 * numbers such as "+2348031234567" or "-5" are no formula and stay as they are.
 */
export function safeCell(value: string): string {
  if (/^[+-]?[\d\s().]+$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * UTF-8 CSV with a byte-order mark (so Excel reads naira signs and names right),
 * RFC 4180 quoting and CRLF line ends.
 */
export function toCsv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows.map((row) => row.map(safeCell))], {
    bom: true,
    record_delimiter: "windows",
    quoted_match: /[",\r\n]/,
  });
}

/** `attachment; filename="<prefix>-YYYY-MM-DD.csv"` for today's date in Lagos (UTC+1). */
export function csvAttachment(prefix: string, now = new Date()): string {
  const lagosDay = new Date(now.getTime() + 3600_000).toISOString().slice(0, 10);
  return `attachment; filename="${prefix}-${lagosDay}.csv"`;
}
