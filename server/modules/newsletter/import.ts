import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "../../../common/newsletter.ts";
import { emailField } from "../../../common/schemas/common.ts";
import type { SubscriberImportResult } from "../../../common/schemas/newsletter.ts";
import { Invalid } from "../../errors.ts";
import { timeSlices } from "../../lib/time-slices.ts";
import type { ImportRow } from "./service.ts";

// A subscriber list brought from elsewhere (issue 32, decision 0036): a CSV file with a
// header row naming an `email` and a `consent` column. The consent column is required on
// every row: an address comes in only with the words its owner agreed to.

export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS };
/** The longest consent wording kept from a row. */
const MAX_CONSENT_LENGTH = 1000;

export const NOT_CSV =
  "The file is not a CSV file with a header row naming an Email and a Consent column.";

export const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split it into smaller files.`;

/** Text given to the CSV parser at a time: about 150 rows, a millisecond or two of work. */
const PIECE = 4 * 1024;

export interface ParsedImport {
  /** The rows to store, each address once (its first row). */
  rows: ImportRow[];
  /** Valid rows whose address came earlier in the file. */
  repeated: number;
  errors: SubscriberImportResult["errors"];
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * Reads an import file; throws Invalid (400) when it is not a CSV file with the header, or
 * has more than MAX_IMPORT_ROWS rows. The file is parsed and checked in slices of about
 * 10 ms of work (issue 46): 170,000 rows no longer hold every other request meanwhile.
 */
export async function parseImport(file: Buffer): Promise<ParsedImport> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file);
  } catch {
    throw new Invalid(NOT_CSV);
  }
  // A NUL byte is never in a text file: a spreadsheet or a picture renamed .csv.
  if (text.includes("\0")) throw new Invalid(NOT_CSV);
  const slices = timeSlices();
  async function* pieces() {
    for (let at = 0; at < text.length; at += PIECE) {
      yield text.slice(at, at + PIECE);
      await slices.breathe();
    }
  }

  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  const errors: ParsedImport["errors"] = [];
  let repeated = 0;
  let header: { emailAt: number; consentAt: number } | undefined;
  let count = 0;
  const take = ({ record, info }: CsvRecord) => {
    if (!header) {
      const names = record.map((name) => name.trim().toLowerCase());
      header = { emailAt: names.indexOf("email"), consentAt: names.indexOf("consent") };
      if (header.emailAt < 0 || header.consentAt < 0) throw new Invalid(NOT_CSV);
      return;
    }
    if (++count > MAX_IMPORT_ROWS) throw new Invalid(TOO_MANY_ROWS);
    const { emailAt, consentAt } = header;
    // csv-parse counts the lines read so far: a quoted cell may span several.
    const line = info.lines;
    const email = emailField.safeParse(record[emailAt] ?? "");
    const consentText = record[consentAt] ?? "";
    if (!email.success) {
      const given = (record[emailAt] ?? "").slice(0, 80);
      errors.push({
        line,
        message: given ? `Not a valid e-mail address: "${given}".` : "No e-mail address.",
      });
    } else if (!consentText) {
      errors.push({ line, message: "The consent cell is empty." });
    } else if (consentText.length > MAX_CONSENT_LENGTH) {
      errors.push({
        line,
        message: `The consent wording is longer than ${MAX_CONSENT_LENGTH} characters.`,
      });
    } else if (seen.has(email.data)) {
      repeated++;
    } else {
      seen.add(email.data);
      rows.push({ email: email.data, consentText });
    }
  };
  try {
    await pipeline(
      Readable.from(pieces()),
      parse({
        bom: true,
        info: true,
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
      }),
      async (records: AsyncIterable<CsvRecord>) => {
        for await (const record of records) {
          take(record);
          await slices.breathe();
        }
      },
    );
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw new Invalid(`${NOT_CSV} (${(error as Error).message})`);
  }
  if (!header) throw new Invalid(NOT_CSV);
  return { rows, repeated, errors };
}
